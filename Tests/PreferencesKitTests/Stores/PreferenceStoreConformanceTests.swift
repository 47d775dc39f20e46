import Foundation
import PreferencesKit
import PreferencesKitTesting
import PreferencesTestSupport
import Testing

/// Every store the package ships passes `PreferenceStoreConformance`, the checks a store of
/// your own runs too (see the WritingAStore article).
struct PreferenceStoreConformanceTests {
  @Test(arguments: StoreKind.allCases)
  func everyStoreConforms(kind: StoreKind) throws {
    try kind.withFreshStore { makeStore in
      try withoutActuallyEscaping(makeStore) { makeStore in
        try PreferenceStoreConformance(refusedChanges: kind.refusedChanges, makeStore: makeStore)
          .run()
      }
    }
  }

  @Test func theChecksCatchAStoreThatForgetsRemovals() throws {
    let store = ForgetfulStore()
    let error = #expect(throws: PreferenceStoreConformance.Failure.self) {
      try PreferenceStoreConformance { store }.run()
    }
    #expect(error?.problems.contains("a removed key is absent") == true)
  }
}

extension StoreKind {
  /// A change set this kind of store refuses, to check that a failed apply changes nothing.
  var refusedChanges: [String: StoredChange]? {
    switch self {
    case .propertyListFile, .jsonFile:
      // Larger than the file store reads back: refused before the file is touched.
      [
        "conformance.small": .set(.integer(1)), "conformance.huge": .set(.data(Data(count: 5 << 20))),
      ]
    case .inMemory, .userDefaults:
      nil
    }
  }
}

/// A store that ignores removals, to show the checks catch it.
final class ForgetfulStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: `values` is only touched while `lock` is held.
  private let lock = NSLock()
  private var values: [String: PropertyListValue] = [:]

  func allValues() throws -> [String: PropertyListValue] { lock.withLock { values } }

  func apply(_ changes: [String: StoredChange]) throws {
    lock.withLock {
      for case (let key, .set(let value)) in changes { values[key] = value }
    }
  }
}
