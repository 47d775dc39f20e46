// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A store that keeps values in memory, for tests, previews and values that should not last.
///
/// ```swift
/// let store = InMemoryStore(["fontSize": .double(14)])
/// let prefs = AppPreferences(store: store)   // prefs.fontSize == 14
/// ```
public final class InMemoryStore: PreferenceStore {
  private let values: Mutex<[String: PropertyListValue]>

  /// Creates a store holding `values`.
  ///
  /// - Parameter values: The initial contents; empty by default.
  public init(_ values: [String: PropertyListValue] = [:]) {
    self.values = Mutex(values)
  }

  /// Every stored value.
  public func allValues() -> [String: PropertyListValue] {
    values.withLock { $0 }
  }

  /// Every stored value, whatever `keys` asks for: the dictionary the store holds, which
  /// costs one reference rather than a copy key by key.
  public func values(forKeys keys: [String]?) -> [String: PropertyListValue] {
    allValues()
  }

  /// Applies the change set at once: `.set` sets a key, `.remove` removes it.
  public func apply(_ changes: [String: StoredChange]) {
    values.withLock { $0.applyChanges(changes) }
  }

  /// Runs `transform` on the stored values under the store's lock, atomically; `request` is
  /// ignored (the values are at hand, and nothing outlasts the process to back up).
  ///
  /// - Returns: No problems.
  /// - Throws: What `transform` throws; nothing changes then.
  @discardableResult
  public func update(
    _ request: StoreUpdate, _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    try values.withLock { values in
      var changed = values
      try transform(&changed)
      values = changed
    }
    return []
  }
}
