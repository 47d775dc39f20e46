// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A key-value store shared between machines, modeled on `NSUbiquitousKeyValueStore`, through
/// which ``Preferences`` syncs the properties declared `@Preference(synced: true)`.
///
/// Each key carries the ``SyncTimestamp`` of its last change, so that conflicts are decided key
/// by key: the change later in the timestamps' total order wins, on every machine alike. The
/// package provides ``FileSyncStore``, for a folder that a sync tool keeps in step between
/// machines, ``InMemorySyncStore``, for tests, and `UbiquitousSyncStore` on Apple platforms.
///
/// A store keeps, for each key, whichever entry is newer. The test suite's
/// `SyncStoreConformance` checker states the whole contract; run it on a store of your own.
public protocol SyncStore: AnyObject, Sendable {
  /// The limits this store enforces, checked before every push.
  var limits: SyncLimits { get }

  /// The newest entry of every key in the store.
  ///
  /// - Throws: A ``PreferenceError`` when the store cannot be reached.
  func allEntries() throws -> [String: SyncEntry]

  /// Stores the entries, key by key, keeping for each key whichever entry is newer: the one
  /// given or the one already stored.
  ///
  /// - Parameters:
  ///   - entries: The entries to store.
  ///   - device: The identifier of the device pushing them. A store that keeps one file per
  ///     device, like ``FileSyncStore``, writes them to that device's file; others ignore it.
  /// - Throws: A ``PreferenceError`` when the store cannot be written or an entry would break
  ///   one of its ``limits``; nothing is stored then.
  func apply(_ entries: [String: SyncEntry], from device: String) throws

  /// What the last read found wrong without failing, such as a file in a shared folder that
  /// does not parse: listed in ``Preferences/preferenceProblems``, in the
  /// ``PreferenceProblem/Phase/sync`` phase, until a read no longer finds it.
  ///
  /// The default implementation returns none.
  var readProblems: [PreferenceError] { get }

  /// Starts reporting what happens to the store elsewhere, on any thread, until the returned
  /// function is called.
  ///
  /// The default implementation returns `nil`: the store cannot report, and is checked
  /// periodically instead.
  ///
  /// - Parameter handler: Called with each event.
  /// - Returns: A function that stops the reports, or `nil` when the store cannot report.
  func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)?
}

/// Something that happened to a sync store elsewhere, as ``SyncStore/observeChanges(_:)``
/// reports it; ``Preferences`` acts on each.
public enum SyncStoreEvent: Sendable, Hashable {
  /// Entries changed on another machine: they are pulled.
  case changed
  /// The store finished its first download on this machine: every synced key is reconciled
  /// again, as when syncing starts.
  case initialSync
  /// The account behind the store changed: every synced key is reconciled again.
  case accountChanged
  /// The store refused a write as over its quota: listed in ``Preferences/preferenceProblems``.
  case quotaViolation
  /// The store cannot sync, for the reason given (no account, a missing entitlement):
  /// listed in ``Preferences/preferenceProblems`` until the account changes.
  case unavailable(PreferenceError)
}

extension SyncStore {
  /// None: the store has nothing to report besides what its methods throw.
  public var readProblems: [PreferenceError] { [] }

  /// Returns `nil`: the store is checked periodically instead.
  public func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)? {
    nil
  }
}

/// One synced key's value and the timestamp of the change that gave it.
public struct SyncEntry: Sendable, Hashable {
  /// The value, or `nil` when the key was removed (reset to its default): a removal travels
  /// and wins like any other change.
  public var value: PropertyListValue?
  /// Where the change falls in the total order of changes.
  public var timestamp: SyncTimestamp

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - value: The value, or `nil` for a removed key.
  ///   - timestamp: When, in the total order, the value was changed.
  public init(value: PropertyListValue?, timestamp: SyncTimestamp) {
    self.value = value
    self.timestamp = timestamp
  }

  /// Whether this entry comes after `other` in the order; every entry comes after `nil`.
  func isNewer(than other: SyncEntry?) -> Bool {
    other.map { timestamp > $0.timestamp } ?? true
  }
}

extension SyncEntry {
  /// The entry as a property-list dictionary, `{"changed": "<timestamp>", "value": ...}`,
  /// without `"value"` for a removed key. The timestamp is a string, so that every file format
  /// keeps it whole (an XML property list keeps dates only to the second).
  var propertyListValue: PropertyListValue {
    var fields: [String: PropertyListValue] = ["changed": .string(timestamp.description)]
    fields["value"] = value
    return .dictionary(fields)
  }

  /// Reads the form that ``propertyListValue`` writes.
  init(propertyListValue: PropertyListValue, key: String) throws(PreferenceError) {
    guard case .dictionary(let fields) = propertyListValue,
      case .string(let text)? = fields["changed"], let timestamp = SyncTimestamp(text)
    else {
      throw PreferenceError(
        .typeMismatch, key: key, expected: "a dictionary with a \"changed\" timestamp",
        found: propertyListValue.description)
    }
    self.init(value: fields["value"], timestamp: timestamp)
  }

  /// The entries among `values`, leaving out values that are not entries.
  static func entries(in values: [String: PropertyListValue]) -> [String: SyncEntry] {
    var entries: [String: SyncEntry] = [:]
    for (key, value) in values {
      if let entry = try? SyncEntry(propertyListValue: value, key: key) { entries[key] = entry }
    }
    return entries
  }

  /// The newest entry of each key across `sources`: the one merge every store uses to read.
  static func newest(of sources: some Sequence<[String: SyncEntry]>) -> [String: SyncEntry] {
    var merged: [String: SyncEntry] = [:]
    for source in sources {
      merged.merge(source) { old, new in new.isNewer(than: old) ? new : old }
    }
    return merged
  }
}
