// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A sync store in memory, for tests: two ``Preferences`` instances sharing one behave like two
/// machines sharing a cloud store.
public final class InMemorySyncStore: SyncStore {
  /// The limits this store enforces.
  public let limits: SyncLimits
  private let entries = Mutex<[String: SyncEntry]>([:])

  /// Creates an empty store.
  ///
  /// - Parameter limits: The limits to enforce; the iCloud key-value store's by default.
  public init(limits: SyncLimits = .iCloud) {
    self.limits = limits
  }

  /// Every entry.
  public func allEntries() -> [String: SyncEntry] {
    entries.withLock { $0 }
  }

  /// Stores each entry that is newer than the one stored, unless that would break a limit.
  public func apply(_ newEntries: [String: SyncEntry], from device: String) throws {
    try entries.withLock { (entries) throws(PreferenceError) in
      entries.merge(try limits.admit(newEntries, over: entries)) { $1 }
    }
  }
}
