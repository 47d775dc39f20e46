import Testing
import Foundation
import PreferencesKit

/// Every store the package ships, so one behaviour can be tested against each.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case userDefaults

  var testDescription: String { rawValue }

  /// Runs `body` with a fresh, empty store of this kind, then removes what it left behind.
  /// `makeStore` opens another store over the same place, as a second launch would.
  func withFreshStore<Result>(
    _ body: (_ makeStore: () -> any PreferenceStore) throws -> Result
  ) rethrows -> Result {
    switch self {
    case .inMemory:
      let store = InMemoryStore()
      return try body { store }
    case .userDefaults:
      return try withTemporarySuite { name, _ in
        try body { UserDefaultsStore(suiteName: name) }
      }
    }
  }
}
