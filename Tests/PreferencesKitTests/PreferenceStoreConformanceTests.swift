import Foundation
import PreferencesKit
import Testing

/// The behaviour every `PreferenceStore` must have, checked against each store the package
/// ships. A store of your own should pass the same checks; see
/// `Documentation/WritingAStore.md`.
struct PreferenceStoreConformanceTests {
  /// One value of every kind. Dates are whole seconds, which every format holds exactly.
  static let everyKind: [String: PropertyListValue] = [
    "bool": .bool(true), "integer": .integer(-Int64(1) << 40), "double": .double(0.1),
    "string": .string("héllo\nworld <&>"), "data": .data(Data([0, 1, 255])),
    "date": .date(Date(timeIntervalSince1970: 1_700_000_000)),
    "array": .array([.integer(1), .string("two"), .array([])]),
    "dictionary": .dictionary(["nested": .dictionary(["deep": .bool(false)])]),
  ]

  @Test(arguments: StoreKind.allCases)
  func aValueWrittenIsReadBackUnchangedByAFreshStore(kind: StoreKind) throws {
    try kind.withFreshStore { makeStore in
      try makeStore().apply(Self.everyKind)
      let values = try makeStore().values(forKeys: Array(Self.everyKind.keys))
      #expect(values == Self.everyKind)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aRemovedKeyIsAbsentAndOtherKeysAreLeftAlone(kind: StoreKind) throws {
    try kind.withFreshStore { makeStore in
      let store = makeStore()
      try store.apply(["a": .integer(1), "b": .integer(2), "c": .integer(3)])
      try store.apply(["a": nil, "b": .integer(20)])
      let values = try makeStore().values(forKeys: ["a", "b", "c"])
      #expect(values == ["b": .integer(20), "c": .integer(3)])
      #expect(try makeStore().value(forKey: "a") == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func valuesForKeysReturnsOnlyTheRequestedKeysThatExist(kind: StoreKind) throws {
    try kind.withFreshStore { makeStore in
      let store = makeStore()
      try store.apply(["x": .string("1"), "y": .string("2")])
      #expect(try store.values(forKeys: ["x", "missing"]) == ["x": .string("1")])
      let all = try store.allValues()
      #expect(all["x"] == .string("1"))
      #expect(all["y"] == .string("2"))
    }
  }
}
