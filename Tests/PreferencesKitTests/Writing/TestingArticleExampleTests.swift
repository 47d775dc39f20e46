// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

// The examples of the "Testing your preferences" article, run as written: each ```swift block
// of the article appears here verbatim (`articleBlocksAppearHereVerbatim` checks it), so the
// article's code compiles and its tests pass in CI. Only the public API is imported.

// MARK: - Article examples

final class NotesPreferences: Preferences, @unchecked Sendable {
  override class var version: Int { 2 }
  override class var savePolicy: SavePolicy { .debounced(.milliseconds(300)) }

  @Preference var fontSize = 12.0
  @Preference var theme = "light"

  override func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {
    // Version 1 kept a whole number of points under "size".
    if oldVersion < 2, case .integer(let points)? = values.removeValue(forKey: "size") {
      values["fontSize"] = .double(Double(points))
    }
  }
}

struct NotesPreferencesTests {
  @Test func aChangedFontSizeIsSaved() throws {
    let store = InMemoryStore()
    let prefs = NotesPreferences(store: store)
    prefs.fontSize = 14
    prefs.flushScheduledSave()  // saves now what the debounced save would save, and waits
    #expect(try store.value(forKey: "fontSize") == .double(14))
  }

  @Test func theSettingsFileKeepsWhatWasSaved() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("EditorTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("preferences.plist")

    let prefs = NotesPreferences(store: FileStore(url: file))
    prefs.theme = "dark"
    try prefs.writePreferences()
    #expect(NotesPreferences(store: FileStore(url: file)).theme == "dark")
  }
}

struct EditorMigrationTests {
  @Test func version1SizesBecomeFontSizes() throws {
    // What version 1 of the app left behind: no version recorded, the old key.
    let store = InMemoryStore(["size": .integer(15), "theme": .string("dark")])

    let prefs = NotesPreferences(store: store)

    #expect(prefs.fontSize == 15)
    #expect(prefs.theme == "dark")
    #expect(prefs.preferenceProblems.isEmpty)
    #expect(try store.value(forKey: "size") == nil)  // migrated once, written back
    #expect(try store.value(forKey: "fontSize") == .double(15))
  }
}

struct DamagedFileTests {
  @Test func aDamagedFileLoadsWhatItCanAndIsKeptAtTheNextWrite() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("EditorTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("preferences.plist")
    // A file cut short: the theme entry is whole, the fontSize entry is not.
    let damaged = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>theme</key><string>dark</string><key>fontSize</key><re
      """
    try Data(damaged.utf8).write(to: file)

    let prefs = NotesPreferences(store: FileStore(url: file))

    #expect(prefs.theme == "dark")  // salvaged
    #expect(prefs.fontSize == 12)  // its default
    let damage = prefs.preferenceProblems.filter { $0.error.kind == .corruptFile }
    #expect(damage.first?.file == file)

    prefs.fontSize = 13
    try prefs.writePreferences()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.contains { $0.hasPrefix("preferences.plist.corrupt-") })
    #expect(NotesPreferences(store: FileStore(url: file)).fontSize == 13)
  }
}

/// Sends preferences made without a store to a temporary folder, once per test process.
enum TestSettings {
  static let isolated: Void = {
    Preferences.defaultStoreFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("EditorTests-\(UUID().uuidString)", isDirectory: true)
  }()
}

// Compiled, not run, here: it sets a process-wide folder that other suites of this package
// check the defaults of. `SavePolicyProcessTests.theDefaultStoreFolderKeepsATestAwayFromReal
// Settings` runs the same setting in a process of its own.
@Suite(.disabled("sets the process-wide default store folder"))
struct SettingsScreenTests {
  init() { TestSettings.isolated }

  @Test func theDefaultStoreIsInTheTestFolder() throws {
    let prefs = NotesPreferences()  // forgot the store: still not the real settings
    let folder = try #require(Preferences.defaultStoreFolder)
    #expect(prefs.preferenceStore.location?.path.hasPrefix(folder.path) == true)
  }
}

// MARK: - The article matches

struct TestingArticleTests {
  @Test func articleBlocksAppearHereVerbatim() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = try #require(packageRoot(containing: here))
    let article = try String(
      contentsOf: root.appendingPathComponent(
        "Sources/PreferencesKit/PreferencesKit.docc/TestingYourPreferences.md"),
      encoding: .utf8)
    let code = try String(contentsOf: here, encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```").first ?? ""
    }
    #expect(blocks.count >= 5)
    for block in blocks {
      #expect(code.contains(block), "the article's block is not in this file:\n\(block)")
    }
  }
}
