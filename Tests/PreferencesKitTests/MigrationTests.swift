import Foundation
import Testing

@testable import PreferencesKit

/// Version 1 of an app's preferences.
final class VersionOnePreferences: Preferences, @unchecked Sendable {
  @Preference var FontSize = 12.0
  @Preference var darkMode = false
  @Preference var userName = ""
}

/// Version 2: `FontSize` renamed, `darkMode` became `theme`.
final class VersionTwoPreferences: Preferences, @unchecked Sendable {
  @Preference(key: "fontSize", previousKeys: ["FontSize", "font_size"]) var fontSize = 12.0
  @Preference var theme = Theme.light
  @Preference var userName = ""

  nonisolated(unsafe) static var migrations = 0

  override class var version: Int { 2 }

  override func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {
    Self.migrations += 1
    if oldVersion < 2, case .bool(let dark)? = values.removeValue(forKey: "darkMode") {
      values["theme"] = .string(dark ? "dark" : "light")
    }
  }
}

/// A version 2 whose migration fails.
final class FailingMigrationPreferences: Preferences, @unchecked Sendable {
  @Preference var theme = Theme.light
  @Preference var userName = ""

  struct Refusal: Error, CustomStringConvertible {
    var description: String { "cannot convert darkMode" }
  }

  override class var version: Int { 2 }

  override func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {
    values["theme"] = .string("dark")
    throw Refusal()
  }
}

@Suite(.serialized)
struct MigrationTests {
  @Test func aVersionOneStoreIsMigratedOnceWithEveryValueArriving() throws {
    let store = InMemoryStore()
    let old = VersionOnePreferences(store: store)
    old.FontSize = 16
    old.darkMode = true
    old.userName = "ada"
    try old.writePreferences()
    store.apply(["unknown": .string("kept")])

    VersionTwoPreferences.migrations = 0
    let new = VersionTwoPreferences(store: store)
    #expect(new.loadErrors.isEmpty)
    #expect(new.fontSize == 16)
    #expect(new.theme == .dark)
    #expect(new.userName == "ada")
    #expect(VersionTwoPreferences.migrations == 1)
    try new.writePreferences()
    #expect(
      store.allValues() == [
        "fontSize": .double(16), "theme": .string("dark"), "userName": .string("ada"),
        "unknown": .string("kept"), "PreferencesKit.version": .integer(2),
      ])

    let again = VersionTwoPreferences(store: store)
    #expect(VersionTwoPreferences.migrations == 1)
    #expect(again.theme == .dark)
  }

  @Test func aThrowingMigrationLeavesTheStoreUntouchedAndTheDefaultsLoaded() throws {
    let original: [String: PropertyListValue] = [
      "darkMode": .bool(true), "userName": .string("ada"),
    ]
    let store = InMemoryStore(original)
    let prefs = FailingMigrationPreferences(store: store)
    #expect(store.allValues() == original)
    #expect(prefs.userName == "")
    #expect(prefs.theme == .light)
    #expect(prefs.loadErrors.map(\.kind) == [.migrationFailed])
    #expect(prefs.loadErrors.first?.description.contains("cannot convert darkMode") == true)
  }

  @Test func aStoreFromANewerVersionIsLoadedWithoutMigratingOrDowngrading() throws {
    let store = InMemoryStore(["PreferencesKit.version": .integer(3), "theme": .string("dark")])
    VersionTwoPreferences.migrations = 0
    let prefs = VersionTwoPreferences(store: store)
    #expect(VersionTwoPreferences.migrations == 0)
    #expect(prefs.theme == .dark)
    prefs.userName = "x"
    try prefs.writePreferences()
    #expect(store.allValues()["PreferencesKit.version"] == .integer(3))
  }

  @Test func aFreshStoreRecordsTheVersionWithItsFirstWrite() throws {
    let store = InMemoryStore()
    VersionTwoPreferences.migrations = 0
    let prefs = VersionTwoPreferences(store: store)
    #expect(VersionTwoPreferences.migrations == 0)
    prefs.userName = "x"
    try prefs.writePreferences()
    #expect(store.allValues()["PreferencesKit.version"] == .integer(2))
  }

  @Test func versionOneNeedsNoRecord() throws {
    let store = InMemoryStore()
    let prefs = VersionOnePreferences(store: store)
    prefs.userName = "x"
    try prefs.writePreferences()
    #expect(store.allValues() == ["userName": .string("x")])
  }

  // MARK: Renamed keys

  @Test func aValueUnderAPreviousKeyIsReadAndMovedByTheNextWrite() throws {
    let store = InMemoryStore([
      "font_size": .double(20), "PreferencesKit.version": .integer(2),
    ])
    let prefs = VersionTwoPreferences(store: store)
    #expect(prefs.fontSize == 20)
    #expect(!prefs.isDirty)
    prefs.userName = "y"
    try prefs.writePreferences()
    #expect(store.allValues()["fontSize"] == .double(20))
    #expect(store.allValues()["font_size"] == nil)
  }

  @Test func aValueUnderTheNewKeyWinsOverAPreviousOne() throws {
    let store = InMemoryStore([
      "fontSize": .double(14), "FontSize": .double(99), "PreferencesKit.version": .integer(2),
    ])
    let prefs = VersionTwoPreferences(store: store)
    #expect(prefs.fontSize == 14)
    try prefs.writePreferences()
    #expect(store.allValues()["FontSize"] == nil)
    #expect(store.allValues()["fontSize"] == .double(14))
  }
}
