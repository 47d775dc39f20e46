import Foundation
import PreferencesKit
import Testing

/// The contract every ``SyncStore`` keeps, as a checker that runs on stores made by a factory.
///
/// Uses only the public API and Swift Testing, so that it can move to a testing library for
/// authors of their own stores:
///
/// ```swift
/// @Test func myStoreConforms() throws {
///   try SyncStoreConformance { limits in MySyncStore(limits: limits) }.run()
/// }
/// ```
struct SyncStoreConformance {
  /// Makes a fresh, empty store that enforces the given limits.
  let makeStore: (SyncLimits) throws -> any SyncStore

  init(_ makeStore: @escaping (SyncLimits) throws -> any SyncStore) {
    self.makeStore = makeStore
  }

  /// Limits small enough to reach in a test.
  static let smallLimits = SyncLimits(
    maximumKeyCount: 3, maximumKeyLength: 16, maximumValueSize: 32, maximumTotalSize: 200)

  /// Runs every check, recording an issue at `sourceLocation` for each that fails.
  func run(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try startsEmpty(sourceLocation)
    try keepsEveryKindOfValueAndTheWholeTimestamp(sourceLocation)
    try keepsTheNewerEntryWhicheverArrivesFirst(sourceLocation)
    try breaksTiesByCounterThenDevice(sourceLocation)
    try keepsRemovalsAsEntries(sourceLocation)
    try refusesAValueOverTheLimitAndStoresNothing(sourceLocation)
    try refusesTooManyKeysButNotAnUpdate(sourceLocation)
  }

  private func stamp(_ milliseconds: Int64, _ counter: Int64 = 0, _ device: String = "a")
    -> SyncTimestamp
  {
    SyncTimestamp(milliseconds: milliseconds, counter: counter, device: device)
  }

  private func startsEmpty(_ location: SourceLocation) throws {
    #expect(try makeStore(.iCloud).allEntries().isEmpty, sourceLocation: location)
  }

  private func keepsEveryKindOfValueAndTheWholeTimestamp(_ location: SourceLocation) throws {
    let store = try makeStore(.iCloud)
    let values: [String: PropertyListValue] = [
      "string": .string("héllo"), "integer": .integer(-42), "double": .double(0.1),
      "bool": .bool(true), "data": .data(Data([0, 1, 255])),
      "date": .date(Date(timeIntervalSince1970: 1_700_000_000)),
      "array": .array([.integer(1), .string("two")]),
      "dictionary": .dictionary(["nested": .bool(false)]),
    ]
    var entries: [String: SyncEntry] = [:]
    for (offset, key) in values.keys.sorted().enumerated() {
      // Milliseconds and counters that a date to the second would lose.
      entries[key] = SyncEntry(
        value: values[key], timestamp: stamp(1_700_000_000_123 + Int64(offset), 7, "device:1"))
    }
    try store.apply(entries, from: "device:1")
    #expect(try store.allEntries() == entries, sourceLocation: location)
  }

  private func keepsTheNewerEntryWhicheverArrivesFirst(_ location: SourceLocation) throws {
    let old = SyncEntry(value: .integer(1), timestamp: stamp(1_000, 0, "a"))
    let new = SyncEntry(value: .integer(2), timestamp: stamp(1_001, 0, "b"))
    for order in [[old, new], [new, old]] {
      let store = try makeStore(.iCloud)
      for entry in order { try store.apply(["k": entry], from: entry.timestamp.device) }
      #expect(try store.allEntries()["k"] == new, sourceLocation: location)
    }
  }

  private func breaksTiesByCounterThenDevice(_ location: SourceLocation) throws {
    let store = try makeStore(.iCloud)
    let first = SyncEntry(value: .integer(1), timestamp: stamp(5_000, 0, "z"))
    let counted = SyncEntry(value: .integer(2), timestamp: stamp(5_000, 1, "a"))
    let device = SyncEntry(value: .integer(3), timestamp: stamp(5_000, 1, "b"))
    try store.apply(["k": device], from: "b")
    try store.apply(["k": counted], from: "a")
    try store.apply(["k": first], from: "z")
    #expect(try store.allEntries()["k"] == device, sourceLocation: location)
  }

  private func keepsRemovalsAsEntries(_ location: SourceLocation) throws {
    let store = try makeStore(.iCloud)
    try store.apply(["k": SyncEntry(value: .string("x"), timestamp: stamp(1))], from: "a")
    let removal = SyncEntry(value: nil, timestamp: stamp(2, 0, "b"))
    try store.apply(["k": removal], from: "b")
    try store.apply(["k": SyncEntry(value: .string("old"), timestamp: stamp(1, 5))], from: "a")
    #expect(try store.allEntries()["k"] == removal, sourceLocation: location)
  }

  private func refusesAValueOverTheLimitAndStoresNothing(_ location: SourceLocation) throws {
    let store = try makeStore(Self.smallLimits)
    let entries = [
      "small": SyncEntry(value: .string("ok"), timestamp: stamp(1)),
      "large": SyncEntry(value: .string(String(repeating: "x", count: 33)), timestamp: stamp(1)),
    ]
    let error = #expect(throws: PreferenceError.self, sourceLocation: location) {
      try store.apply(entries, from: "a")
    }
    #expect(error?.kind == .syncLimitExceeded, sourceLocation: location)
    #expect(try store.allEntries().isEmpty, sourceLocation: location)
  }

  private func refusesTooManyKeysButNotAnUpdate(_ location: SourceLocation) throws {
    let store = try makeStore(Self.smallLimits)
    for key in ["a", "b", "c"] {
      try store.apply([key: SyncEntry(value: .integer(1), timestamp: stamp(1))], from: "a")
    }
    #expect(throws: PreferenceError.self, sourceLocation: location) {
      try store.apply(["d": SyncEntry(value: .integer(1), timestamp: stamp(2))], from: "a")
    }
    try store.apply(["a": SyncEntry(value: .integer(2), timestamp: stamp(3))], from: "a")
    #expect(try store.allEntries().keys.sorted() == ["a", "b", "c"], sourceLocation: location)
    #expect(try store.allEntries()["a"]?.value == .integer(2), sourceLocation: location)
  }
}
