// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Settings a command-line tool keeps in TOML, each rule as its user sees it.
final class ToolSettings: Preferences, @unchecked Sendable {
  override class var defaultFileFormat: PropertyListFormat { .toml }
  @Preference(help: "Font size in points") var fontSize = 12.0
  @Preference var theme = "light"
  @Preference(key: "folder", help: "Where files open") var editorFolder: String? = nil
  @Preference var avatar = Data()
  @Preference var since: Date? = nil
  @Preference var budget: UInt64 = 0
}

/// ``ToolSettings`` saved automatically, soon after each change.
final class AutosavedToolSettings: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.milliseconds(10)) }
  @Preference var fontSize = 12.0
  @Preference var theme = "light"
}

/// `.toml` files through `FileStore` and `Preferences`: writes edit only what changed, a new
/// file documents itself, and what TOML cannot hold has its rule.
struct TOMLFileStoreTests {
  static let handWritten = """
    # My settings: hand-tuned, do not lose this comment.

    fontSize = 13.0  # bigger than the default
    theme = 'dark'   # literal string, kept as written
    retries = 0x10   # a key the app does not declare

    [window]
    # the size I like
    width = 1_024
    height = 768
    """ + "\n"

  @Test func aWriteChangesOnlyTheLinesOfTheKeysThatChanged() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.handWritten.utf8).write(to: url)
      let settings = ToolSettings(store: FileStore(url: url))
      #expect(settings.fontSize == 13)
      settings.fontSize = 15
      try settings.writePreferences()
      let expected = Self.handWritten.replacingOccurrences(
        of: "fontSize = 13.0  #", with: "fontSize = 15.0  #")
      #expect(try String(contentsOf: url, encoding: .utf8) == expected)
      // A dictionary entry held as a [table] changes one line.
      try FileStore(url: url).update(StoreUpdate()) { values in
        guard case .dictionary(var window)? = values["window"] else { return }
        window["height"] = .integer(800)
        values["window"] = .dictionary(window)
      }
      #expect(
        try String(contentsOf: url, encoding: .utf8)
          == expected.replacingOccurrences(of: "height = 768", with: "height = 800"))
    }
  }

  @Test func aFileNobodyChangedIsNeverRewritten() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.handWritten.utf8).write(to: url)
      let before = try FileManager.default.attributesOfItem(atPath: url.path)
      try FileStore(url: url).apply(["fontSize": .set(.double(13)), "theme": .set(.string("dark"))])
      let after = try FileManager.default.attributesOfItem(atPath: url.path)
      #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
      #expect(try String(contentsOf: url, encoding: .utf8) == Self.handWritten)
    }
  }

  @Test func aNewFileListsEveryDeclaredPreferenceCommentedOutWithItsDefaultAndHelp() throws {
    try withDirectory { directory in
      let url = directory.file("mytool").appendingPathComponent("preferences.toml")
      let settings = ToolSettings(store: FileStore(url: url))
      settings.theme = "dark"
      try settings.writePreferences()
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.hasPrefix("# Preferences of mytool."))
      #expect(text.contains("\n# fontSize = 12.0  # Font size in points\n"))
      #expect(text.contains("\n# theme = \"light\"\n"))
      #expect(text.contains("\n# folder (String?, unset by default)  # Where files open\n"))
      // Defaults stay defaults: only the assigned key is a value.
      #expect(try FileStore(url: url).allValues() == ["theme": .string("dark")])
      // A later assignment adds the key's own line and uncomments nothing.
      settings.fontSize = 14
      try settings.writePreferences()
      let later = try String(contentsOf: url, encoding: .utf8)
      #expect(later.contains("\n# fontSize = 12.0  # Font size in points\n"))
      #expect(later.hasSuffix("theme = \"dark\"\nfontSize = 14.0\n"), "\(later)")
      #expect(later.hasPrefix(String(text.dropLast("theme = \"dark\"\n".count))))
    }
  }

  @Test func dataIsBase64TextAndALocalDateTimeIsRefusedByADatePropertyAlone() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      let text = "avatar = \"AP8H\"\nsince = 1979-05-27T07:32:00\ntheme = \"dark\"\n"
      try Data(text.utf8).write(to: url)
      let settings = ToolSettings(store: FileStore(url: url))
      #expect(settings.avatar == Data([0, 255, 7]))
      #expect(settings.theme == "dark")
      #expect(settings.since == nil)
      let problem = settings.problemErrors(.load).first { $0.key == "since" }
      #expect(problem?.kind == .typeMismatch)
      #expect(problem?.file == url)
      #expect(String(describing: problem).contains("1979-05-27T07:32:00"))
      // Data written by the app is base64 text in the file, and reads back as the same data.
      settings.avatar = Data([1, 2, 3])
      try settings.writePreferences()
      #expect(try String(contentsOf: url, encoding: .utf8).contains("avatar = \"AQID\"\n"))
      #expect(ToolSettings(store: FileStore(url: url)).avatar == Data([1, 2, 3]))
    }
  }

  @Test func anIntegerAboveInt64MaxIsLeftOutNamingItsKeyAndTheRestIsSaved() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      let settings = ToolSettings(store: FileStore(url: url))
      settings.budget = UInt64(Int64.max) + 1
      settings.theme = "dark"
      let error = #expect(throws: PreferenceError.self) { try settings.writePreferences() }
      #expect(error?.kind == .unrepresentableValue)
      #expect(String(describing: error).contains("\"budget\""))
      #expect(try FileStore(url: url).allValues() == ["theme": .string("dark")])
      settings.budget = UInt64(Int64.max)
      try settings.writePreferences()
      #expect(try FileStore(url: url).value(forKey: "budget") == .integer(.max))
    }
  }

  @Test func aDamagedFileIsSalvagedForReadingAndNeverRewrittenFromTheSalvage() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      let broken = "# mine\ntheme = \"dark\"  # night\nfontSize = = 3\n"
      try Data(broken.utf8).write(to: url)
      let error = #expect(throws: PreferenceError.self) { try FileStore(url: url).allValues() }
      #expect(error?.kind == .corruptFile)
      #expect(error?.reason?.contains("line 3, column 12") == true, "\(String(describing: error))")
      #expect(FileStore(url: url).salvageValues().values == ["theme": .string("dark")])
      let settings = ToolSettings(store: FileStore(url: url))
      #expect(settings.theme == "dark")
      let loadProblem = settings.problemErrors(.load).first
      #expect(loadProblem?.reason?.contains("writes wait until the file parses again") == true)
      settings.editorFolder = "/src"
      let refused = #expect(throws: PreferenceError.self) { try settings.writePreferences() }
      #expect(refused?.kind == .writeFailed)
      #expect(String(describing: refused).contains("line 3, column 12"))
      #expect(try String(contentsOf: url, encoding: .utf8) == broken)
      #expect(directory.names() .allSatisfy { !$0.contains("corrupt") })
      #expect(settings.hasUnsavedChanges)
      // Fixed by hand, the file takes the pending change on its own line; nothing else moves.
      let fixed = broken.replacingOccurrences(of: "= = 3", with: "= 3.0")
      try Data(fixed.utf8).write(to: url)
      try settings.writePreferences()
      #expect(try String(contentsOf: url, encoding: .utf8) == fixed + "folder = \"/src\"\n")
    }
  }

  @Test func aPendingAutomaticSaveCompletesOnceTheWatcherSeesTheFileFixed() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.toml")
      let broken = "theme = \"dark\"  # night\nfontSize = [\n"
      try Data(broken.utf8).write(to: url)
      let settings = AutosavedToolSettings(store: FileStore(url: url))
      settings.startWatchingStore()
      defer { settings.stopWatchingStore() }
      settings.theme = "solarized"
      #expect(await eventually { !settings.problemErrors(.autosave).isEmpty })
      #expect(try String(contentsOf: url, encoding: .utf8) == broken)
      let fixed = "theme = \"dark\"  # night\nfontSize = 13.0\n"
      try Data(fixed.utf8).write(to: url, options: .atomic)
      #expect(
        await eventually {
          (try? String(contentsOf: url, encoding: .utf8))
            == "theme = \"solarized\"  # night\nfontSize = 13.0\n"
        })
      #expect(settings.fontSize == 13)
    }
  }

  @Test func hostileFilesAreRefusedNotFollowed() throws {
    try withDirectory { directory in
      let large = directory.file("large.toml")
      try Data(("a = \"" + String(repeating: "x", count: 2_000) + "\"\n").utf8).write(to: large)
      let tooLarge = #expect(throws: PreferenceError.self) {
        try FileStore(url: large, maximumFileSize: 1_000).allValues()
      }
      #expect(tooLarge?.kind == .fileTooLarge)
      let deep = directory.file("deep.toml")
      try Data(("a = " + String(repeating: "[", count: 10_000)).utf8).write(to: deep)
      let tooDeep = #expect(throws: PreferenceError.self) { try FileStore(url: deep).allValues() }
      #expect(tooDeep?.kind == .nestingTooDeep)
    }
  }

  @Test func anEmptyFileIsAnEmptyStore() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data().write(to: url)
      #expect(try FileStore(url: url).allValues().isEmpty)
      try FileStore(url: url).apply(["theme": .set(.string("dark"))])
      #expect(try String(contentsOf: url, encoding: .utf8) == "theme = \"dark\"\n")
    }
  }

  @Test func anEditSavedWhileTheAppRunsIsSeenAndKeptByTheNextWrite() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.handWritten.utf8).write(to: url)
      let settings = ToolSettings(store: FileStore(url: url))
      settings.startWatchingStore()
      defer { settings.stopWatchingStore() }
      let edited = Self.handWritten.replacingOccurrences(of: "'dark'", with: "'solarized'")
      try Data(edited.utf8).write(to: url, options: .atomic)
      #expect(await eventually { settings.theme == "solarized" })
      settings.fontSize = 16
      try settings.writePreferences()
      #expect(
        try String(contentsOf: url, encoding: .utf8)
          == edited.replacingOccurrences(of: "fontSize = 13.0", with: "fontSize = 16.0"))
    }
  }

  @Test func aClassChoosesTOMLForItsDefaultFileWithOneLine() throws {
    let url = FileStore.defaultURL(
      for: "mytool", format: ToolSettings.defaultFileFormat,
      environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": ""])
    #if !canImport(Darwin)
      #expect(url.path == "/home/ada/.config/mytool/preferences.toml")
    #endif
    #expect(url.lastPathComponent == "preferences.toml")
    #expect(AppPreferences.defaultFileFormat == .propertyList)
    if Preferences.defaultStoreFolder != nil || !canImportDarwin {
      let store = ToolSettings.defaultStore(identifier: "mytool") as? FileStore
      #expect(store?.url.lastPathComponent == "preferences.toml")
      #expect(store?.format == .toml)
    }
  }

  @Test func aFileSyncStoreAskedForTOMLWritesJSON() {
    let store = FileSyncStore(folder: URL(fileURLWithPath: "/tmp/sync"), format: .toml)
    #expect(store.format == .json)
  }
}

#if canImport(Darwin)
  private let canImportDarwin = true
#else
  private let canImportDarwin = false
#endif
