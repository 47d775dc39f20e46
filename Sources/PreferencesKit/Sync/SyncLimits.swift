// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The limits of a sync store: how many keys, how long a key, how large a value and how large
/// the whole store may be.
///
/// The defaults are those of the iCloud key-value store, so an app tested with
/// ``FileSyncStore`` on Linux behaves as it will on Apple platforms.
public struct SyncLimits: Sendable, Hashable {
  /// The most keys the store holds.
  public var maximumKeyCount: Int
  /// The longest key, in UTF-8 bytes.
  public var maximumKeyLength: Int
  /// The largest value, in bytes, as ``size(of:)`` measures it.
  public var maximumValueSize: Int
  /// The largest total of every key and value, in bytes.
  public var maximumTotalSize: Int

  /// The iCloud key-value store's limits: 1,024 keys, keys of 64 bytes, 1 MB per value and in
  /// total.
  public static let iCloud = SyncLimits(
    maximumKeyCount: 1_024, maximumKeyLength: 64, maximumValueSize: 1_000_000,
    maximumTotalSize: 1_000_000)

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumKeyCount: The most keys the store holds.
  ///   - maximumKeyLength: The longest key, in UTF-8 bytes.
  ///   - maximumValueSize: The largest value, in bytes.
  ///   - maximumTotalSize: The largest total of every key and value, in bytes.
  public init(
    maximumKeyCount: Int, maximumKeyLength: Int, maximumValueSize: Int, maximumTotalSize: Int
  ) {
    self.maximumKeyCount = maximumKeyCount
    self.maximumKeyLength = maximumKeyLength
    self.maximumValueSize = maximumValueSize
    self.maximumTotalSize = maximumTotalSize
  }

  /// The size of a value in bytes, as the limits count it: the bytes of strings, data and
  /// dictionary keys, and 8 bytes for every number, date or Boolean.
  ///
  /// - Parameter value: The value to measure.
  /// - Returns: Its size in bytes.
  public static func size(of value: PropertyListValue) -> Int {
    switch value {
    case .bool, .integer, .unsignedInteger, .double, .date: 8
    case .string(let string): string.utf8.count
    case .data(let data): data.count
    case .array(let values): values.reduce(0) { $0 + size(of: $1) }
    case .dictionary(let values): values.reduce(0) { $0 + $1.key.utf8.count + size(of: $1.value) }
    }
  }

  /// The entries of `entries` that are newer than those in `existing`, which a store then
  /// writes: the one newer-wins merge every sync store applies.
  ///
  /// - Throws: The first limit that storing them would break; nothing may be stored then.
  func admit(
    _ entries: [String: SyncEntry], over existing: [String: SyncEntry]
  ) throws(PreferenceError) -> [String: SyncEntry] {
    let winners = entries.filter { key, entry in entry.isNewer(than: existing[key]) }
    if let violation = violations(storing: winners, over: existing).first {
      throw violation
    }
    return winners
  }

  /// The errors that storing `entries` over `existing` would cause, one per broken limit.
  ///
  /// The limits count what the store holds, as the iCloud key-value store counts what it is
  /// sent: each key's whole entry (its value, its `changed` timestamp and the dictionary
  /// around them, ``SyncEntry``'s stored form), and removal markers, which keep their key.
  func violations(
    storing entries: [String: SyncEntry], over existing: [String: SyncEntry]
  ) -> [PreferenceError] {
    var errors: [PreferenceError] = []
    for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
      if key.utf8.count > maximumKeyLength {
        errors.append(keyTooLong(key))
      }
      let size = Self.size(of: entry.propertyListValue)
      if size > maximumValueSize {
        errors.append(
          PreferenceError(
            .syncLimitExceeded, key: key, expected: "at most \(maximumValueSize) bytes",
            found: "\(size) bytes with its timestamp",
            reason: "the value is too large to sync"))
      }
    }
    var merged = existing
    merged.merge(entries) { $1 }
    if merged.count > maximumKeyCount {
      errors.append(
        PreferenceError(
          .syncLimitExceeded, key: entries.keys.sorted().first,
          expected: "at most \(maximumKeyCount) keys",
          found: "\(merged.count) keys, removed ones included",
          reason: "the sync store would hold too many keys"))
    }
    let total = merged.reduce(0) {
      $0 + $1.key.utf8.count + Self.size(of: $1.value.propertyListValue)
    }
    if total > maximumTotalSize {
      errors.append(
        PreferenceError(
          .syncLimitExceeded, key: entries.keys.sorted().first,
          expected: "at most \(maximumTotalSize) bytes in total", found: "\(total) bytes",
          reason: "the sync store would be too large"))
    }
    return errors
  }

  /// The error for a key longer than ``maximumKeyLength``.
  func keyTooLong(_ key: String) -> PreferenceError {
    PreferenceError(
      .syncLimitExceeded, key: key, expected: "a key of at most \(maximumKeyLength) UTF-8 bytes",
      found: "\(key.utf8.count) bytes", reason: "the key can never sync")
  }
}
