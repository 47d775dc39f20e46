import Foundation
package import PreferencesKit
import Testing

/// Every store the package ships, so one behaviour can be tested against each.
package enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case userDefaults
  case propertyListFile
  case jsonFile

  package var testDescription: String { rawValue }

  /// Runs `body` with a fresh, empty store of this kind, then removes what it left behind.
  /// `makeStore` opens another store over the same place, as a second launch would.
  package func withFreshStore<Result>(
    _ body: (_ makeStore: () -> any PreferenceStore) throws -> Result
  ) throws -> Result {
    switch self {
    case .inMemory:
      let store = InMemoryStore()
      return try body { store }
    case .userDefaults:
      return try withTemporarySuite { name, _ in
        try body { UserDefaultsStore(suiteName: name) }
      }
    case .propertyListFile, .jsonFile:
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let url = directory.file(self == .jsonFile ? "preferences.json" : "preferences.plist")
      return try body { FileStore(url: url) }
    }
  }
}
