// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
public import PreferencesKit

/// The contract every ``SyncStore`` keeps, as checks a sync store's author runs from a test:
/// newer wins in the total order of ``SyncTimestamp``, removals are entries, every kind of value
/// and the whole timestamp survive, and limits refuse a batch before storing any of it.
///
/// ```swift
/// import PreferencesKitTesting
/// import Testing
///
/// @Test func mySyncStoreConforms() throws {
///   try SyncStoreConformance { limits in MySyncStore(limits: limits) }.run()
/// }
/// ```
///
/// `makeStore` must return a fresh, empty store enforcing the given limits each time.
public struct SyncStoreConformance {
  /// The rules the store broke.
  public typealias Failure = ConformanceFailure

  /// Makes a fresh, empty store that enforces the given limits.
  let makeStore: (SyncLimits) throws -> any SyncStore

  /// Creates the checks for the stores `makeStore` makes.
  ///
  /// - Parameter makeStore: Makes a fresh, empty store enforcing the given limits.
  public init(_ makeStore: @escaping (SyncLimits) throws -> any SyncStore) {
    self.makeStore = makeStore
  }

  /// Limits small enough to reach in a test.
  public static let smallLimits = SyncLimits(
    maximumKeyCount: 3, maximumKeyLength: 16, maximumValueSize: 32, maximumTotalSize: 200)

  /// Runs every check, and throws a ``Failure`` listing each rule the store broke.
  ///
  /// - Throws: A ``Failure``, or the store's own error where it should not fail.
  public func run() throws {
    var rules = RuleBook()
    func check(_ condition: Bool, _ rule: String) { rules.check(condition, rule) }
    check(try makeStore(.iCloud).allEntries().isEmpty, "a new store is empty")

    // Every kind of value, and timestamps a date to the second would lose.
    var store = try makeStore(.iCloud)
    let values: [String: PropertyListValue] = [
      "string": .string("héllo"), "integer": .integer(-42), "double": .double(0.1),
      "unsigned": .unsignedInteger(1 << 63 + 44),
      "bool": .bool(true), "data": .data(Data([0, 1, 255])),
      "date": .date(Date(timeIntervalSince1970: 1_700_000_000)),
      "array": .array([.integer(1), .string("two")]),
      "dictionary": .dictionary(["nested": .bool(false)]),
    ]
    var entries: [String: SyncEntry] = [:]
    for (offset, key) in values.keys.sorted().enumerated() {
      entries[key] = SyncEntry(
        value: values[key], timestamp: stamp(1_700_000_000_123 + Int64(offset), 7, "device:1"))
    }
    try store.apply(entries, from: "device:1")
    check(
      try store.allEntries() == entries,
      "every kind of value and the whole timestamp are kept")

    // The newer entry wins, whichever arrives first.
    let old = SyncEntry(value: .integer(1), timestamp: stamp(1_000, 0, "a"))
    let new = SyncEntry(value: .integer(2), timestamp: stamp(1_001, 0, "b"))
    for order in [[old, new], [new, old]] {
      store = try makeStore(.iCloud)
      for entry in order { try store.apply(["k": entry], from: entry.timestamp.device) }
      check(try store.allEntries()["k"] == new, "the newer entry wins, whichever arrives first")
    }

    // Equal times are ordered by counter, then by device.
    store = try makeStore(.iCloud)
    let device = SyncEntry(value: .integer(3), timestamp: stamp(5_000, 1, "b"))
    try store.apply(["k": device], from: "b")
    try store.apply(
      ["k": SyncEntry(value: .integer(2), timestamp: stamp(5_000, 1, "a"))], from: "a")
    try store.apply(
      ["k": SyncEntry(value: .integer(1), timestamp: stamp(5_000, 0, "z"))], from: "z")
    check(try store.allEntries()["k"] == device, "ties are broken by counter, then device")

    // A removal is an entry, and an older value does not bring the key back.
    store = try makeStore(.iCloud)
    try store.apply(["k": SyncEntry(value: .string("x"), timestamp: stamp(1))], from: "a")
    let removal = SyncEntry(value: nil, timestamp: stamp(2, 0, "b"))
    try store.apply(["k": removal], from: "b")
    try store.apply(["k": SyncEntry(value: .string("old"), timestamp: stamp(1, 5))], from: "a")
    check(try store.allEntries()["k"] == removal, "a removal is kept as an entry and wins")

    // A value over the limit refuses the whole batch.
    store = try makeStore(Self.smallLimits)
    let batch = [
      "small": SyncEntry(value: .string("ok"), timestamp: stamp(1)),
      "large": SyncEntry(value: .string(String(repeating: "x", count: 33)), timestamp: stamp(1)),
    ]
    check(
      refusal(of: batch, by: store)?.kind == .syncLimitExceeded,
      "a value over the limit is refused with a syncLimitExceeded error")
    check(try store.allEntries().isEmpty, "a refused batch stores nothing")

    // Too many keys are refused; an update of a stored key is not.
    store = try makeStore(Self.smallLimits)
    for key in ["a", "b", "c"] {
      try store.apply([key: SyncEntry(value: .integer(1), timestamp: stamp(1))], from: "a")
    }
    check(
      refusal(of: ["d": SyncEntry(value: .integer(1), timestamp: stamp(2))], by: store) != nil,
      "a key over the key count is refused")
    try store.apply(["a": SyncEntry(value: .integer(2), timestamp: stamp(3))], from: "a")
    let kept = try store.allEntries()
    check(
      kept.keys.sorted() == ["a", "b", "c"] && kept["a"]?.value == .integer(2),
      "an update of a stored key is accepted at the key count")

    try rules.finish()
  }

  /// The error `store` refuses `entries` with, or `nil` when it accepts them.
  private func refusal(of entries: [String: SyncEntry], by store: any SyncStore)
    -> PreferenceError?
  {
    do {
      try store.apply(entries, from: "a")
      return nil
    } catch let error as PreferenceError {
      return error
    } catch {
      return PreferenceError(.syncFailed, reason: "\(error)")
    }
  }

  private func stamp(_ milliseconds: Int64, _ counter: Int64 = 0, _ device: String = "a")
    -> SyncTimestamp
  {
    SyncTimestamp(milliseconds: milliseconds, counter: counter, device: device)
  }
}
