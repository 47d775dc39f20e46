// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The README's "Coming from `UserDefaults`" code, run against a file that corelibs Foundation's
// own `UserDefaults` wrote in another process. `theReadmeShowsThisFilesCode` checks that the
// README's block appears here as it is.
import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

final class NotesPreferences: Preferences, @unchecked Sendable {
  @Preference(previousKeys: ["FontSize"]) var fontSize = 12.0  // renamed since
  @Preference var userName = ""
  @Preference var recentFiles: [String] = []
  @Preference var person: Person? = nil  // kept as JSON Data
  @Preference var previousPerson: Person? = nil  // property-list Data, renamed
}

/// Where `UserDefaults.standard` kept a program's values on Linux: corelibs Foundation writes
/// `$XDG_CONFIG_HOME/<executable>.plist`, `~/.config/<executable>.plist` by default.
func userDefaultsFile(ofExecutable name: String) -> URL {
  let configHome = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"].map {
    URL(filePath: $0)
  }
  return (configHome ?? URL.homeDirectory.appending(path: ".config"))
    .appending(path: name + ".plist")
}

/// Brings the old values over, once: the old file is renamed afterwards, so the next launch
/// finds nothing to import.
func importFromUserDefaults(into prefs: NotesPreferences, from oldFile: URL) throws {
  guard FileManager.default.fileExists(atPath: oldFile.path) else { return }
  try prefs.importValues(from: FileStore(url: oldFile)) { values in
    if case .data(let json)? = values["person"] {
      values["person"] = try PropertyListValue(
        encoding: JSONDecoder().decode(Person.self, from: json))
    }
    if case .data(let plist)? = values.removeValue(forKey: "lastPerson") {
      values["previousPerson"] = try PropertyListValue(
        encoding: PropertyListDecoder().decode(Person.self, from: plist))
    }
  }
  try FileManager.default.moveItem(at: oldFile, to: oldFile.appendingPathExtension("imported"))
}

struct UserDefaultsImportTests {
  #if !canImport(Darwin)
    /// A file written by corelibs `UserDefaults.standard` in another process is where the
    /// README says, and the README's code brings every value over, once.
    @Test func valuesAProgramKeptInUserDefaultsAreBroughtOverOnce() async throws {
      try await withTemporaryDirectory { directory in
        let config = directory.file("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: false)
        let outcome = try TestHelperProcess.run(
          ["user-defaults-write", "-"], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(outcome.status == 0, "\(outcome.output)")
        let oldFile = config.appending(path: "PreferencesTestHelper.plist")
        #expect(FileManager.default.fileExists(atPath: oldFile.path))

        let storeURL = directory.file("preferences.plist")
        let prefs = NotesPreferences(store: FileStore(url: storeURL))
        try importFromUserDefaults(into: prefs, from: oldFile)
        let reloaded = NotesPreferences(store: FileStore(url: storeURL))
        #expect(reloaded.fontSize == 16)
        #expect(reloaded.userName == "ada")
        #expect(reloaded.recentFiles == ["notes.txt", "todo.txt"])
        #expect(reloaded.person == Person(name: "Ada", quest: "engines", age: 36))
        #expect(reloaded.previousPerson == Person(name: "Charles", quest: "differences", age: 41))
        #expect(reloaded.preferenceProblems.isEmpty, "\(reloaded.preferenceProblems)")
        #expect(!FileManager.default.fileExists(atPath: oldFile.path))

        // Once: a later launch imports nothing over what the user changed since.
        reloaded.fontSize = 20
        try reloaded.writePreferences()
        try importFromUserDefaults(into: reloaded, from: oldFile)
        #expect(NotesPreferences(store: FileStore(url: storeURL)).fontSize == 20)
      }
    }

    /// `userDefaultsFile(ofExecutable:)` names the file corelibs `UserDefaults` writes for a
    /// domain, in this process's configuration folder.
    @Test func theOldFileIsWhereCorelibsKeepsADomain() throws {
      try withTemporarySuite { name, defaults throws in
        defaults.set("ada", forKey: "userName")
        #expect(defaults.synchronize())
        let file = userDefaultsFile(ofExecutable: name)
        #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path)")
        #expect(try FileStore(url: file).allValues()["userName"] == .string("ada"))
      }
    }
  #endif

  /// An import whose conversion throws imports nothing, and says so.
  @Test func aConversionThatThrowsImportsNothing() {
    do {
      let old = InMemoryStore()
      old.apply(["userName": .set(.string("ada")), "person": .set(.data(Data("{".utf8)))])
      let store = InMemoryStore()
      let prefs = NotesPreferences(store: store)
      #expect {
        try prefs.importValues(from: old) { values in
          if case .data(let json)? = values["person"] {
            values["person"] = try PropertyListValue(
              encoding: JSONDecoder().decode(Person.self, from: json))
          }
        }
      } throws: { error in
        (error as? PreferenceError)?.kind == .migrationFailed
          && "\(error)".contains("nothing was imported")
      }
      #expect(prefs.userName == "")
      #expect(store.allValues().isEmpty)
    }
  }

  /// The README's block is this file's code, letter for letter.
  @Test func theReadmeShowsThisFilesCode() throws {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let thisFile = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
    let section = try #require(
      readme.components(separatedBy: "## Coming from `UserDefaults`").dropFirst().first)
    let block = try #require(
      section.components(separatedBy: "```swift\n").dropFirst().first?
        .components(separatedBy: "```").first)
    #expect(block.contains("importValues(from: FileStore(url: oldFile))"))
    #expect(thisFile.contains(block), "the README's block is not in this file:\n\(block)")
  }
}

#endif
