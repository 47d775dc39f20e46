// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

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
    store.apply(["unknown": .set(.string("kept"))])

    VersionTwoPreferences.migrations = 0
    let new = VersionTwoPreferences(store: store)
    #expect(new.preferenceProblems.isEmpty)
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
    #expect(prefs.problemErrors(.load).map(\.kind) == [.migrationFailed])
    #expect(prefs.problemErrors(.load).first?.description.contains("cannot convert darkMode") == true)
  }

  @Test func aThrowingMigrationLeavesTheFileByteIdentical() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("preferences.plist")
    try FileStore(url: url).apply(["darkMode": .set(.bool(true)), "userName": .set(.string("ada"))])
    let before = try Data(contentsOf: url)
    let prefs = FailingMigrationPreferences(store: FileStore(url: url))
    #expect(prefs.problemErrors(.load).map(\.kind) == [.migrationFailed])
    #expect(try Data(contentsOf: url) == before)
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
    #expect(!prefs.hasUnsavedChanges)
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

struct ExportImportTests {
  func everythingSet() -> AppPreferences {
    let prefs = AppPreferences(store: InMemoryStore())
    prefs.userName = "Ada"
    prefs.fontSize = 13.5
    prefs.hasAppRun = true
    prefs.launchCount = 7
    prefs.volume = 0.25
    prefs.lastOpened = Date(timeIntervalSince1970: 1_700_000_000.123_456)
    prefs.theme = .dark
    prefs.recentFiles = ["a", "b"]
    prefs.shortcuts = ["copy": 1]
    prefs.person = Person(name: "Ada", quest: "Engines", age: 36)
    prefs.hasWidgets = true
    prefs.windowFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
    return prefs
  }

  /// An export with no value set imports again in every format: an empty TOML document, which
  /// would be no bytes, is written as a comment (found by FuzzImportValues).
  @Test(arguments: PropertyListFormat.allCases)
  func anExportOfNothingImportsAgain(format: PropertyListFormat) throws {
    let backup = try AppPreferences(store: InMemoryStore()).exportValues(format: format)
    #expect(!backup.isEmpty)
    let restored = AppPreferences(store: InMemoryStore())
    #expect(try restored.importValues(from: backup).isEmpty)
    #expect(!restored.hasUnsavedChanges)
  }

  @Test(arguments: PropertyListFormat.allCases)
  func anExportFollowedByAnImportRestoresEveryType(format: PropertyListFormat) throws {
    let source = everythingSet()
    let backup = try source.exportValues(format: format)
    let store = InMemoryStore()
    let restored = AppPreferences(store: store)
    let unknown = try restored.importValues(from: backup)
    #expect(unknown.isEmpty)
    #expect(restored.userName == "Ada")
    #expect(restored.fontSize == 13.5)
    #expect(restored.hasAppRun)
    #expect(restored.launchCount == 7)
    #expect(restored.volume == 0.25)
    let expectedDate =
      format != .propertyList
      ? Date(timeIntervalSince1970: 1_700_000_000.123_456)
      : Date(timeIntervalSince1970: 1_700_000_000)
    #expect(restored.lastOpened == expectedDate)
    #expect(restored.theme == .dark)
    #expect(restored.recentFiles == ["a", "b"])
    #expect(restored.shortcuts == ["copy": 1])
    #expect(restored.person == Person(name: "Ada", quest: "Engines", age: 36))
    #expect(restored.hasWidgets)
    #expect(restored.windowFrame == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(store.allValues()["userName"] == .string("Ada"))
    #expect(!restored.hasUnsavedChanges)
  }

  @Test func anImportWithABadValueChangesNothingAndNamesEveryOffendingKey() throws {
    let store = InMemoryStore(["userName": .string("before")])
    let prefs = AppPreferences(store: store)
    let document = Data(
      #"{"userName": "after", "launchCount": "many", "theme": "sepia", "extra": 1}"#.utf8)
    let error = #expect(throws: PreferenceError.self) { try prefs.importValues(from: document) }
    #expect(error?.description.contains("\"launchCount\"") == true)
    #expect(error?.description.contains("\"theme\"") == true)
    #expect(prefs.userName == "before")
    #expect(store.allValues() == ["userName": .string("before")])
  }

  @Test func unknownKeysAreReportedNotSilentlyDropped() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let unknown = try prefs.importValues(from: Data(#"{"fontSize": 9, "legacyThing": true}"#.utf8))
    #expect(unknown == ["legacyThing"])
    #expect(prefs.fontSize == 9)
  }

  /// CHANGELOG: `Preferences.importValues` reads a TOML document, one that starts with a
  /// `[table]` header (as a JSON array starts) too.
  @Test func aTOMLDocumentIsImported() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let text = "# by hand\nfontSize = 9.0  # small\nuserName = 'Ada'\n\n[legacy]\nx = 1\n"
    #expect(try prefs.importValues(from: Data(text.utf8)) == ["legacy"])
    #expect(prefs.fontSize == 9 && prefs.userName == "Ada")
    let table = "[legacy]\nx = 1\n"
    #expect(try prefs.importValues(from: Data(table.utf8)) == ["legacy"])
  }

  @Test func onlyValuesThatDoNotHoldTheirDefaultsAreExported() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    prefs.fontSize = 20
    let document = try PropertyListFormat.json.decode(
      [UInt8](prefs.exportValues(format: .json)))
    #expect(document == ["fontSize": .double(20)])
  }
}

struct SchemaTests {
  @Test func theSchemaListsEveryPreferenceWithItsTypeDefaultAndSyncFlag() {
    let schema = SyncedPreferences.schema
    #expect(schema.version == 1)
    #expect(schema.entries.map(\.key) == ["theme", "fontSize", "windowFrameData", "notes"])
    #expect(schema.entries.map(\.typeName) == ["Theme", "Double", "Data", "String"])
    #expect(schema.entries.map(\.isSynced) == [true, true, false, true])
    #expect(schema.entries[1].defaultValue == .double(12))
    #expect(VersionTwoPreferences.schema.entries[0].previousKeys == ["FontSize", "font_size"])
    #expect(VersionTwoPreferences.schema.version == 2)
  }

  @Test func theSchemaRendersAsAJSONSchema() throws {
    let json = try JSONSerialization.jsonObject(with: AppPreferences.schema.jsonSchema())
    let document = try #require(json as? [String: Any])
    let properties = try #require(document["properties"] as? [String: [String: Any]])
    // Every declared key, and the library's version and device keys.
    #expect(properties.count == AppPreferences.schema.entries.count + 2)
    #expect(properties["userName"]?["type"] as? String == "string")
    #expect(properties["userName"]?["$comment"] as? String == "Swift type String.")
  }

  @Test func theGeneratedSettingsBundleParsesAndListsEditablePreferences() throws {
    let specifiers = try Self.settingsSpecifiers(of: CaseIterablePreferences.schema)
    let byKey = Dictionary(
      uniqueKeysWithValues: specifiers.compactMap { spec in
        (spec["Key"] as? String).map { ($0, spec) }
      })
    // `size`, a number without cases, is left out: the Settings app would store it as text.
    #expect(Set(byKey.keys) == ["name", "enabled", "mode"])
    #expect(byKey["enabled"]?["Type"] as? String == "PSToggleSwitchSpecifier")
    #expect(byKey["name"]?["Type"] as? String == "PSTextFieldSpecifier")
    #expect(byKey["mode"]?["Type"] as? String == "PSMultiValueSpecifier")
    #expect(byKey["mode"]?["Values"] as? [String] == ["fast", "careful"])
  }

  /// Checks every specifier against Apple's Settings Application Schema Reference: a known
  /// type, its required keys, and values of the documented types and sets.
  @Test(arguments: [CaseIterablePreferences.schema, AppPreferences.schema])
  func theGeneratedSettingsBundleUsesOnlyDocumentedKeysAndValues(schema: PreferenceSchema) throws {
    let required: [String: Set<String>] = [
      "PSGroupSpecifier": ["Type"],
      "PSTextFieldSpecifier": ["Type", "Key"],
      "PSToggleSwitchSpecifier": ["Type", "Title", "Key", "DefaultValue"],
      "PSMultiValueSpecifier": ["Type", "Title", "Key", "DefaultValue", "Values", "Titles"],
    ]
    let keyboards: Set = ["Alphabet", "NumbersAndPunctuation", "NumberPad", "URL", "EmailAddress"]
    for spec in try Self.settingsSpecifiers(of: schema) {
      let type = try #require(spec["Type"] as? String)
      let keys = try #require(required[type], "undocumented specifier type \(type)")
      #expect(keys.isSubset(of: Set(spec.keys)), "\(type) lacks \(keys.subtracting(spec.keys))")
      switch type {
      case "PSTextFieldSpecifier":
        #expect(spec["DefaultValue"] == nil || spec["DefaultValue"] is String)
        if let keyboard = spec["KeyboardType"] { #expect(keyboards.contains("\(keyboard)")) }
      case "PSToggleSwitchSpecifier":
        #expect(spec["DefaultValue"] is Bool)
      case "PSMultiValueSpecifier":
        let values = try #require(spec["Values"] as? [Any])
        let titles = try #require(spec["Titles"] as? [String])
        #expect(values.count == titles.count)
      default:
        break
      }
    }
  }

  /// Whatever the Settings app can store for a listed preference loads back into it.
  @Test func whatTheSettingsAppStoresLoadsIntoEachListedPreference() throws {
    let specifiers = try Self.settingsSpecifiers(of: CaseIterablePreferences.schema)
    for spec in specifiers {
      guard let key = spec["Key"] as? String, let type = spec["Type"] as? String else { continue }
      let stored: [Any] =
        switch type {
        case "PSToggleSwitchSpecifier": [true, false]
        case "PSTextFieldSpecifier": ["typed by the user", ""]
        case "PSMultiValueSpecifier": (spec["Values"] as? [Any]) ?? []
        default: []
        }
      for object in stored {
        withTemporarySuite { name, defaults in
          defaults.set(object, forKey: key)
          let prefs = CaseIterablePreferences(store: UserDefaultsStore(suiteName: name))
          #expect(prefs.preferenceProblems.isEmpty, "\(key) = \(object): \(prefs.problemErrors(.load))")
        }
      }
    }
  }

  static func settingsSpecifiers(of schema: PreferenceSchema) throws -> [[String: Any]] {
    let data = schema.settingsBundleRootPlist()
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    let root = try #require(plist as? [String: Any])
    #expect(root["StringsTable"] as? String == "Root")
    return try #require(root["PreferenceSpecifiers"] as? [[String: Any]])
  }
}

enum Mode: String, Codable, CaseIterable, Sendable {
  case fast, careful
}

final class CaseIterablePreferences: Preferences, @unchecked Sendable {
  @Preference var name = "x"
  @Preference var enabled = true
  @Preference var size = 3
  @Preference var mode = Mode.fast
  @Preference var stamp = Date(timeIntervalSince1970: 0)
}
