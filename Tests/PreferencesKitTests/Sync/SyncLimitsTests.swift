// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import Testing

/// The limits count what a sync store holds: each key's whole entry, removal markers included,
/// as the iCloud key-value store counts what it is sent.
struct SyncLimitsTests {
  static let timestamp = SyncTimestamp(milliseconds: 1_700_000_000_000, counter: 3, device: "mac")

  static func entry(_ value: PropertyListValue?) -> SyncEntry {
    SyncEntry(value: value, timestamp: timestamp)
  }

  /// The bytes a removal marker holds: the `changed` key and the timestamp.
  static let marker = "changed".utf8.count + timestamp.description.utf8.count
  /// The bytes an entry adds to its value: the marker's, and the `value` key.
  static let overhead = marker + "value".utf8.count

  static func limits(keys: Int = 10, value: Int = 1_000, total: Int = 10_000) -> SyncLimits {
    SyncLimits(
      maximumKeyCount: keys, maximumKeyLength: 64, maximumValueSize: value,
      maximumTotalSize: total)
  }

  @Test func aRemovedKeyStillTakesOneOfTheKeys() throws {
    let store = InMemorySyncStore(limits: Self.limits(keys: 2))
    try store.apply(["a": Self.entry(.integer(1)), "b": Self.entry(nil)], from: "mac")
    let error = #expect(throws: PreferenceError.self) {
      try store.apply(["c": Self.entry(.integer(1))], from: "mac")
    }
    #expect(error?.kind == .syncLimitExceeded)
    #expect(error?.description.contains("at most 2 keys") == true)
    #expect(error?.description.contains("3 keys, removed ones included") == true)
    #expect(store.allEntries()["c"] == nil)
  }

  @Test func aValueIsMeasuredWithItsTimestampAndWrapper() throws {
    let value = PropertyListValue.string(String(repeating: "x", count: 40))
    let exact = SyncLimits.size(of: value) + Self.overhead
    #expect(exact == 40 + Self.overhead)
    let tight = InMemorySyncStore(limits: Self.limits(value: exact - 1))
    let error = #expect(throws: PreferenceError.self) {
      try tight.apply(["notes": Self.entry(value)], from: "mac")
    }
    #expect(error?.key == "notes")
    #expect(error?.description.contains("\(exact) bytes with its timestamp") == true)
    let enough = InMemorySyncStore(limits: Self.limits(value: exact))
    try enough.apply(["notes": Self.entry(value)], from: "mac")
    #expect(enough.allEntries()["notes"]?.value == value)
  }

  @Test func theTotalCountsTimestampsAndRemovalMarkers() throws {
    // Two keys of one byte: a 10-byte value and a removal marker.
    let value = PropertyListValue.data(.init(repeating: 0, count: 10))
    let total = 2 + 10 + Self.overhead + Self.marker
    let tight = InMemorySyncStore(limits: Self.limits(total: total - 1))
    try tight.apply(["r": Self.entry(nil)], from: "mac")
    let error = #expect(throws: PreferenceError.self) {
      try tight.apply(["v": Self.entry(value)], from: "mac")
    }
    #expect(error?.description.contains("\(total) bytes") == true)
    let enough = InMemorySyncStore(limits: Self.limits(total: total))
    try enough.apply(["r": Self.entry(nil)], from: "mac")
    try enough.apply(["v": Self.entry(value)], from: "mac")
    #expect(enough.allEntries().count == 2)
  }
}
