// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// What a program kept in `UserDefaults` before: a key since renamed, and a `Codable` value as
/// JSON bytes, converted once by a migration, as the README's "Coming from `UserDefaults`" says
/// for Apple platforms, where the library's store is that same domain.
final class MigratedFromUserDefaultsPreferences: Preferences, @unchecked Sendable {
  @Preference(previousKeys: ["FontSize"]) var fontSize = 12.0
  @Preference var person: Person? = nil

  override class var version: Int { 2 }

  override func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {
    if oldVersion < 2, case .data(let json)? = values["person"] {
      values["person"] = try PropertyListValue(
        encoding: JSONDecoder().decode(Person.self, from: json))
    }
  }
}

struct UserDefaultsMigrationTests {
  @Test func aUserDefaultsDomainIsMigratedInPlace() throws {
    try withTemporarySuite { name, defaults in
      let ada = Person(name: "Ada", quest: "engines", age: 36)
      defaults.set(16.0, forKey: "FontSize")
      defaults.set(try JSONEncoder().encode(ada), forKey: "person")
      let prefs = MigratedFromUserDefaultsPreferences(store: UserDefaultsStore(suiteName: name))
      #expect(prefs.fontSize == 16)
      #expect(prefs.person == ada)
      #expect(prefs.preferenceProblems.isEmpty, "\(prefs.preferenceProblems)")
      #expect(defaults.dictionary(forKey: "person")?["name"] as? String == "Ada")
    }
  }

  @Test func theStoredFormOfACodableValueIsWhatItsPropertyStores() throws {
    let ada = Person(name: "Ada", quest: "engines", age: 36)
    #expect(
      try PropertyListValue(encoding: ada)
        == .dictionary(["name": .string("Ada"), "quest": .string("engines"), "age": .integer(36)]))
    #expect(try PropertyListValue(encoding: [Theme.dark]) == .array([.string("dark")]))
    #expect(throws: PreferenceError.self) { try PropertyListValue(encoding: Person?.none) }
  }

  @Test func anImportTakesAValueUnderAPreviousKey() throws {
    let prefs = MigratedFromUserDefaultsPreferences(store: InMemoryStore())
    let unknown = try prefs.importValues(from: Data(#"{"FontSize": 18, "other": 1}"#.utf8))
    #expect(prefs.fontSize == 18)
    #expect(unknown == ["other"])
  }
}
