import PreferencesKit
import Testing

/// A change set applied to values, by the package's own function.
struct StoredChangeTests {
  static let values: [String: PropertyListValue] = ["kept": .bool(true), "gone": .integer(1)]
  static let changes: [String: StoredChange] = ["gone": .remove, "new": .set(.string("n"))]
  static let expected: [String: PropertyListValue] = ["kept": .bool(true), "new": .string("n")]

  @Test func aChangeSetSetsAndRemovesItsKeysAndLeavesTheRest() {
    var values = Self.values
    values.applyChanges(Self.changes)
    #expect(values == Self.expected)
  }
}
