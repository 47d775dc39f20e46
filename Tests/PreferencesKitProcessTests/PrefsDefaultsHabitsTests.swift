// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// `prefs` as hands trained on macOS `defaults` type it: untyped writes, `read-type`, `rename`,
/// `delete` without a key, `--version`, and what `read` says about missing and damaged files.
@Suite struct PrefsDefaultsHabitsTests {
  @Test func aWriteWithoutATypeFlagStoresAStringAndOnlyKnownFlagsAreFlags() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      for (key, word) in [("theme", "dark"), ("offset", "-5"), ("help", "--help")] {
        let outcome = try prefs.run(["write", "s.plist", key, word])
        #expect(outcome.status == 0, "\(outcome.error)")
      }
      #expect(try prefs.run(["write", "s.plist", "flag", "-string", "-int"]).status == 0)
      #expect(
        try FileStore(url: directory.file("s.plist")).allValues() == [
          "theme": .string("dark"), "offset": .string("-5"), "help": .string("--help"),
          "flag": .string("-int"),
        ])
      let unknown = try prefs.run(["write", "s.plist", "k", "-nope", "1"])
      #expect(unknown.status == 2)
      #expect(unknown.error.contains("-string \"-nope\" to store it as a string"))
      let twoWords = try prefs.run(["write", "s.plist", "k", "two", "words"])
      #expect(twoWords.status == 2)
      #expect(twoWords.error.contains("quote a value with spaces"))
    }
  }

  @Test func readTypePrintsTheTypeAsDefaultsDoes() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let values: [String: PropertyListValue] = [
        "s": .string("x"), "i": .integer(1), "f": .double(1.5), "b": .bool(true),
        "d": .date(Date(timeIntervalSince1970: 0)), "data": .data(Data([1])),
        "a": .array([]), "dict": .dictionary([:]),
      ]
      try FileStore(url: directory.file("s.json")).apply(values.mapValues(StoredChange.set))
      let expected = [
        "s": "string", "i": "integer", "f": "float", "b": "boolean", "d": "date",
        "data": "data", "a": "array", "dict": "dictionary",
      ]
      for (key, type) in expected {
        let outcome = try prefs.run(["read-type", "s.json", key])
        #expect(outcome.status == 0)
        #expect(outcome.output == "Type is \(type)\n")
      }
      #expect(try prefs.run(["read-type", "s.json", "nothing"]).status == 1)
    }
  }

  @Test func renameMovesTheValueAndItsSyncRecordAndRefusesToOverwrite() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let store = FileStore(url: directory.file("s.plist"))
      let record = PropertyListValue.dictionary(["changed": .string("stamp"), "value": .integer(3)])
      try store.apply([
        "old": .set(.integer(3)), ReservedKey.syncRecord("old"): .set(record),
        "other": .set(.bool(true)),
      ])
      let outcome = try prefs.run(["rename", "s.plist", "old", "new"])
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(
        try store.allValues() == [
          "new": .integer(3), ReservedKey.syncRecord("new"): record, "other": .bool(true),
        ])
      let before = try store.allValues()
      let taken = try prefs.run(["rename", "s.plist", "new", "other"])
      #expect(taken.status == 1)
      #expect(taken.error.contains("other already exists"))
      #expect(try prefs.run(["rename", "s.plist", "missing", "x"]).status == 1)
      #expect(try store.allValues() == before)
    }
  }

  @Test func deleteWithoutAKeyRemovesEverySettingButTheLibrarysOwnKeys() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let store = FileStore(url: directory.file("s.plist"))
      let kept: [String: PropertyListValue] = [
        "PreferencesKit.version": .integer(2), "PreferencesKit.deviceID": .string("d1"),
        ReservedKey.syncRecord("a"): .dictionary(["changed": .string("stamp")]),
      ]
      try store.apply(
        kept.merging(["a": .integer(1), "b": .string("x")]) { $1 }.mapValues(StoredChange.set))
      let outcome = try prefs.run(["delete", "s.plist"])
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(outcome.output == "a\nb\n")
      #expect(try store.allValues() == kept)
    }
  }

  /// `prefs --version` prints the newest release the CHANGELOG names (its first `## X.Y.Z`
  /// heading), so a release cannot ship a tool that names another.
  @Test func versionPrintsTheNewestReleaseInTheChangelog() throws {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let changelog = try String(
      contentsOf: root.appending(path: "CHANGELOG.md"), encoding: .utf8)
    let heading = try #require(
      changelog.split(separator: "\n").first { line in
        line.hasPrefix("## ") && line.dropFirst(3).first?.isNumber == true
      })
    let release = heading.dropFirst(3).split(separator: " ")[0]
    try withDirectory { directory in
      let outcome = try BuiltProgram.prefs(in: directory).run(["--version"])
      #expect(outcome.status == 0)
      #expect(outcome.output == "prefs \(release)\n")
    }
  }

  @Test func readingAMissingFileSaysSoOnStandardError() throws {
    try withDirectory { directory in
      let outcome = try BuiltProgram.prefs(in: directory).run(["read", "typo.plist"])
      #expect(outcome.status == 0)
      #expect(outcome.output == "{}\n")
      #expect(outcome.error.contains("no file at \(directory.file("typo.plist").path)"))
    }
  }

  @Test func readingADamagedFileShowsWhatTheLibraryWouldSalvage() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let damaged = """
        <plist><dict>
        <key>a</key><integer>1</integer>
        <key>b</key><intger>2</integer>
        </dict></plist>
        """
      try Data(damaged.utf8).write(to: directory.file("s.plist"))
      let outcome = try prefs.run(["read", "s.plist", "a"])
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(outcome.output == "1\n")
      #expect(outcome.error.contains("is damaged (not a valid XML property list at line 3"))
      #expect(outcome.error.contains("the 1 entry an app would salvage from it (lost: \"b\")"))
      let lost = try prefs.run(["read", "s.plist", "b"])
      #expect(lost.status == 3)
      #expect(lost.error.contains("cannot read \"b\" from \(directory.file("s.plist").path): "))
      try Data("<plist><dict><key>a</key>".utf8).write(to: directory.file("s.plist"))
      let nothing = try prefs.run(["keys", "s.plist"])
      #expect(nothing.status == 3)
      #expect(nothing.error.contains("nothing could be salvaged"))
    }
  }

  @Test func writingAKeyAnAdministratorManagesSaysItIsManaged() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let managed = try fixture.writeSystem(["fontSize": .double(17)], named: "managed.plist")
    var prefs = BuiltProgram.prefs(in: fixture.directory)
    prefs.extraEnvironment = ["XDG_CONFIG_DIRS": fixture.xdgConfigDirs]
    let locked = try prefs.run(["write", fixture.userURL().path, "fontSize", "-float", "14"])
    #expect(locked.status == 0)
    #expect(locked.error.contains("fontSize is managed by an administrator (\(managed.path))"))
    let free = try prefs.run(["write", fixture.userURL().path, "theme", "dark"])
    #expect(free.error.isEmpty)
  }

  @Test func aJSONNullSaysItIsNotAPropertyListValueAndUsageErrorsEndWithOneHint() throws {
    try withDirectory { directory in
      let outcome = try BuiltProgram.prefs(in: directory).run(
        ["write", "s.json", "k", "-json", #"{"b": null}"#])
      #expect(outcome.status == 2)
      #expect(outcome.error.contains("null is not a property-list value"))
      #expect(!outcome.error.contains("not valid JSON"))
      let hints = outcome.error.split(separator: "\n").filter {
        $0.contains("prefs help") || $0.contains("prefs --help")
      }
      #expect(hints.count == 1)
      let unknown = try BuiltProgram.prefs(in: directory).run(["frobnicate"])
      #expect(unknown.error.split(separator: "\n").filter { $0.contains("help") }.count == 1)
    }
  }
}

#endif
