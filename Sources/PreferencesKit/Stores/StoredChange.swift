// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// One key's change in a change set: what a store's ``PreferenceStore/apply(_:)`` receives for
/// each key, and what migration, sync and the `prefs` tool hand to stores.
///
/// ```swift
/// try store.apply(["fontSize": .set(.double(14)), "legacyTheme": .remove])
/// ```
public enum StoredChange: Sendable, Hashable {
  /// The key takes this value.
  case set(PropertyListValue)
  /// The key is removed.
  case remove

  /// `.set(value)`, or `.remove` when `value` is `nil`.
  public init(_ value: PropertyListValue?) {
    self = value.map { .set($0) } ?? .remove
  }

  /// The value the key holds after the change; `nil` when it is removed.
  public var value: PropertyListValue? {
    switch self {
    case .set(let value): value
    case .remove: nil
    }
  }
}

extension Dictionary where Key == String, Value == PropertyListValue {
  /// Each `.set` key takes its value, each `.remove` key is removed, and keys the change set
  /// does not name stay as they are.
  package mutating func applyChanges(_ changes: [String: StoredChange]) {
    for (key, change) in changes { self[key] = change.value }
  }
}

extension Dictionary where Key == String, Value == StoredChange {
  /// The change set that turns `old` into `new`: the keys whose values differ or are new, and
  /// the keys `new` lacks, removed.
  package init(from old: [String: PropertyListValue], to new: [String: PropertyListValue]) {
    self.init()
    for (key, value) in new where old[key] != value { self[key] = .set(value) }
    for key in old.keys where new[key] == nil { self[key] = .remove }
  }
}
