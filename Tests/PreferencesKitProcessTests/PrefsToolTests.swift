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

/// One `write` type flag, the text given after it, what `read` prints and what is stored.
struct TypeFlagCase: Sendable, CustomTestStringConvertible {
  var flag: String
  var input: String
  var printed: String
  var stored: PropertyListValue
  var testDescription: String { "\(flag) \(input)" }
}

/// End-to-end tests of the built `prefs` executable, each in a fresh temporary directory.
@Suite struct PrefsToolTests {
  static let typeFlagCases: [TypeFlagCase] = [
    TypeFlagCase(
      flag: "-string", input: "hello, world", printed: "hello, world",
      stored: .string("hello, world")),
    TypeFlagCase(flag: "-string", input: "-5", printed: "-5", stored: .string("-5")),
    TypeFlagCase(flag: "-int", input: "-42", printed: "-42", stored: .integer(-42)),
    TypeFlagCase(flag: "-float", input: "2.5", printed: "2.5", stored: .double(2.5)),
    TypeFlagCase(flag: "-float", input: "5", printed: "5.0", stored: .double(5)),
    TypeFlagCase(flag: "-bool", input: "true", printed: "true", stored: .bool(true)),
    TypeFlagCase(flag: "-bool", input: "NO", printed: "false", stored: .bool(false)),
    // `defaults`' spellings.
    TypeFlagCase(flag: "-integer", input: "7", printed: "7", stored: .integer(7)),
    TypeFlagCase(flag: "-boolean", input: "YES", printed: "true", stored: .bool(true)),
    TypeFlagCase(
      flag: "-date", input: "2024-05-01T09:30:00.25Z", printed: "2024-05-01T09:30:00.25Z",
      stored: .date(Date(timeIntervalSince1970: 1_714_555_800.25))),
    TypeFlagCase(
      flag: "-date", input: "2024-05-01T11:30:00+02:00", printed: "2024-05-01T09:30:00Z",
      stored: .date(Date(timeIntervalSince1970: 1_714_555_800))),
    // With an offset, as exactly as in UTC.
    TypeFlagCase(
      flag: "-date", input: "1979-05-27T00:32:00.999999-07:00",
      printed: "1979-05-27T07:32:00.999999Z",
      stored: .date(Date(timeIntervalSinceReferenceDate: -681_668_879.000001))),
    TypeFlagCase(
      flag: "-data", input: "AAEC/w==", printed: "AAEC/w==",
      stored: .data(Data([0, 1, 2, 255]))),
    TypeFlagCase(flag: "-json", input: "7", printed: "7", stored: .integer(7)),
    TypeFlagCase(
      flag: "-json", input: #"{"a": [1, 2.0, "x"], "b": {"$data": "AQI="}}"#,
      printed:
        "{\n  \"a\": [\n    1,\n    2.0,\n    \"x\"\n  ],\n  \"b\": {\"$data\": \"AQI=\"}\n}",
      stored: .dictionary([
        "a": .array([.integer(1), .double(2), .string("x")]), "b": .data(Data([1, 2])),
      ])),
  ]

  @Test(arguments: typeFlagCases)
  func writeStoresTheFlagsTypeAndReadPrintsItBare(_ example: TypeFlagCase) throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let write = try prefs.run(["write", "store.json", "key", example.flag, example.input])
      #expect(write.status == 0, "\(write.error)")
      #expect(write.output.isEmpty)
      let stored = try FileStore(url: directory.file("store.json")).value(forKey: "key")
      #expect(stored == example.stored)
      let read = try prefs.run(["read", "store.json", "key"])
      #expect(read.status == 0)
      #expect(read.output == example.printed + "\n")
    }
  }

  @Test func readJSONPrintsWhatWriteJSONStoresBack() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let value = PropertyListValue.array([
        .date(Date(timeIntervalSince1970: 0.5)), .bool(false), .double(1e-5),
        .dictionary(["$date": .integer(1)]),
      ])
      try FileStore(url: directory.file("a.json")).apply(["list": .set(value)])
      let read = try prefs.run(["read", "a.json", "list", "--json"])
      #expect(read.status == 0)
      #expect(read.output.hasPrefix("[\n  {\"$date\": \"1970-01-01T00:00:00.5Z\"},"))
      let text = String(read.output.dropLast())
      #expect(try prefs.run(["write", "b.json", "list", "-json", text]).status == 0)
      #expect(try FileStore(url: directory.file("b.json")).value(forKey: "list") == value)
    }
  }

  @Test func keysListsEverySettingSortedAndReadWithoutAKeyPrintsTheWholeStoreAsJSON() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      try FileStore(url: directory.file("s.plist")).apply([
        "zeta": .set(.integer(1)), "alpha": .set(.string("a")), "Mid Key": .set(.bool(true)),
        "PreferencesKit.version": .set(.integer(2)),
      ])
      let keys = try prefs.run(["keys", "s.plist"])
      #expect(keys.status == 0)
      #expect(keys.output == "Mid Key\nalpha\nzeta\n")
      let read = try prefs.run(["read", "s.plist"])
      #expect(read.status == 0)
      #expect(
        read.output
          == "{\n  \"Mid Key\": true,\n  \"PreferencesKit.version\": 2,\n  \"alpha\": \"a\",\n"
          + "  \"zeta\": 1\n}\n")
      let empty = try prefs.run(["keys", "missing.plist"])
      #expect(empty.status == 0)
      #expect(empty.output.isEmpty)
    }
  }

  @Test func writeKeepsOtherKeysAndDeleteRemovesOnlyItsKey() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      #expect(try prefs.run(["write", "s.plist", "a", "-int", "1"]).status == 0)
      #expect(try prefs.run(["write", "s.plist", "b", "-int", "2"]).status == 0)
      let delete = try prefs.run(["delete", "s.plist", "a"])
      #expect(delete.status == 0)
      #expect(try FileStore(url: directory.file("s.plist")).allValues() == ["b": .integer(2)])
    }
  }

  @Test(arguments: [["read", "s.plist", "nothing"], ["delete", "s.plist", "nothing"]])
  func aMissingKeyExitsWithStatus1(_ arguments: [String]) throws {
    try withDirectory { directory in
      try FileStore(url: directory.file("s.plist")).apply(["something": .set(.integer(1))])
      let outcome = try BuiltProgram.prefs(in: directory).run(arguments)
      #expect(outcome.status == 1)
      #expect(outcome.output.isEmpty)
      #expect(outcome.error.contains("key \"nothing\" not found in"))
      #expect(outcome.error.contains(directory.file("s.plist").lastPathComponent))
    }
  }

  @Test(arguments: [
    [], ["frobnicate"], ["read"], ["read", "--json"], ["keys", "s.plist", "extra"],
    ["read", "s.plist", "a", "b"], ["read", "s.plist", "--bogus"], ["write", "s.plist", "k"],
    ["write", "s.plist", "k", "-int", "twelve"], ["write", "s.plist", "k", "-int", "1.5"],
    ["write", "s.plist", "k", "-float", "fast"], ["write", "s.plist", "k", "-bool", "maybe"],
    ["write", "s.plist", "k", "-date", "yesterday"], ["write", "s.plist", "k", "-data", "!!"],
    ["write", "s.plist", "k", "-json", "{bad"], ["write", "s.plist", "k", "-json", "null"],
    ["write", "s.plist", "k", "-nope", "1"], ["delete", "s.plist", "a", "b"],
    ["export", "s.plist", "--format", "yaml"], ["export", "s.plist", "--format"],
    ["import", "s.plist"], ["import", "s.plist", "f.json", "--merge", "--replace"],
    ["read", "--suite"], ["help", "frobnicate"], ["write", "s.plist", "k", "-int", "1", "2"],
    ["write", "s.plist", "k", "-dict", "a"], ["write", "s.plist", "k", "-array", "-int"],
    ["write", "s.plist", "k", "-dict-add", "a", "-int", "x"],
  ])
  func aUsageErrorExitsWithStatus2AndAUsageLine(_ arguments: [String]) throws {
    try withDirectory { directory in
      let outcome = try BuiltProgram.prefs(in: directory).run(arguments)
      #expect(outcome.status == 2)
      #expect(outcome.output.isEmpty)
      #expect(outcome.error.hasPrefix("prefs: "))
      #expect(outcome.error.contains("\nusage: prefs "))
      #expect(!FileManager.default.fileExists(atPath: directory.file("s.plist").path))
    }
  }

  @Test func aStoreThatCannotBeReadOrWrittenExitsWithStatus3NamingTheFile() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      try Data("<plist><dict><key>a</key>".utf8).write(to: directory.file("broken.plist"))
      let read = try prefs.run(["read", "broken.plist", "a"])
      #expect(read.status == 3)
      #expect(read.error.contains("cannot read \(directory.file("broken.plist").path): "))

      try Data("a file".utf8).write(to: directory.file("file"))
      let write = try prefs.run(["write", "file/s.plist", "a", "-int", "1"])
      #expect(write.status == 3)
      #expect(write.error.contains("cannot write \(directory.file("file").path)/s.plist: "))
      #expect(write.error.contains("Not a directory"))

      let missing = try prefs.run(["import", "s.plist", "nowhere.json"])
      #expect(missing.status == 3)
      #expect(missing.error.contains("no such file: nowhere.json"))
      #expect(!read.crashed && !write.crashed && !missing.crashed)
    }
  }

  @Test func importReadsNoMoreThanTheLimitOfASourceThatNeverEnds() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let endless = try prefs.run(["import", "s.plist", "/dev/zero"], deadline: 20)
      #expect(endless.status == 3)
      #expect(endless.error.contains("cannot read /dev/zero: it is larger than 4194304 bytes"))
      #expect(!FileManager.default.fileExists(atPath: directory.file("s.plist").path))
    }
  }

  @Test func helpExplainsEveryCommand() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let overview = try prefs.run(["--help"])
      #expect(overview.status == 0)
      for name in ["keys", "read", "write", "delete", "export", "import", "--suite"] {
        #expect(overview.output.contains(name))
      }
      #expect(overview.output.contains("0 success, 1 key not found"))
      #expect(overview.output.contains("2 usage error, 3 a file"))
      let write = try prefs.run(["help", "write"])
      #expect(write.status == 0)
      for flag in [
        "-string", "-int", "-float", "-bool", "-date", "-data", "-json", "-array", "-array-add",
        "-dict", "-dict-add",
      ] {
        #expect(write.output.contains(flag))
      }
      let importHelp = try prefs.run(["import", "--help"])
      #expect(importHelp.status == 0)
      #expect(importHelp.output.contains("--replace (the default"))
    }
  }

  /// One value of every kind, including a whole double and nested containers, with the date
  /// precision the format keeps: XML property lists keep whole seconds.
  static func everyKind(subsecondDates: Bool) -> [String: PropertyListValue] {
    let date = Date(timeIntervalSince1970: subsecondDates ? 1_700_000_000.125 : 1_700_000_000)
    return [
      "bool": .bool(true), "zero": .integer(0), "one": .integer(1), "wholeDouble": .double(5),
      "double": .double(-0.1), "huge": .integer(Int64.max), "string": .string("<&> \"é\"\n"),
      "unsigned": .unsignedInteger(.max), "distantPast": .date(.distantPast),
      "empty": .string(""), "data": .data(Data([0, 255, 10])), "date": .date(date),
      "array": .array([.bool(false), .integer(1), .double(1), .date(date), .data(Data())]),
      "dictionary": .dictionary([
        "nested": .dictionary(["$data": .string("not a tag")]), "list": .array([]),
      ]),
    ]
  }

  @Test(arguments: ["plist", "json"])
  func exportThenImportRoundTripsEveryValueKind(_ format: String) throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let values = Self.everyKind(subsecondDates: format == "json")
      try FileStore(url: directory.file("source.json")).apply(values.mapValues(StoredChange.set))
      let export = try prefs.run(["export", "source.json", "--format", format])
      #expect(export.status == 0)
      #expect(export.error.isEmpty)
      try Data(export.output.utf8).write(to: directory.file("exported.\(format)"))
      // A store file keeps what its own format keeps: an XML store, whole seconds only.
      let stores = format == "json" ? ["copy.json"] : ["copy.plist", "copy.json"]
      for store in stores {
        let imported = try prefs.run(["import", store, "exported.\(format)"])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try FileStore(url: directory.file(store)).allValues() == values)
      }
      let piped = try prefs.run(
        ["import", "piped.\(format)", "-"], input: Data(export.output.utf8))
      #expect(piped.status == 0)
      #expect(try FileStore(url: directory.file("piped.\(format)")).allValues() == values)
    }
  }

  @Test func exportUsesTheStoresOwnFormatAndWarnsWhenAPlistDropsFractions() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let date = PropertyListValue.date(Date(timeIntervalSince1970: 10.5))
      try FileStore(url: directory.file("s.json")).apply(["when": .set(date)])
      let json = try prefs.run(["export", "s.json"])
      #expect(json.output.hasPrefix("{"))
      #expect(json.error.isEmpty)
      let plist = try prefs.run(["export", "s.json", "--format=plist"])
      #expect(plist.status == 0)
      #expect(plist.output.hasPrefix("<?xml"))
      #expect(plist.error.contains("warning: XML property lists keep dates to the second"))
    }
  }

  @Test func optionsMayComeBeforeTheStore() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      try FileStore(url: directory.file("s.plist")).apply(["a": .set(.integer(1))])
      let export = try prefs.run(["export", "--format", "json", "s.plist"])
      #expect(export.status == 0, "\(export.error)")
      #expect(export.output.contains("\"a\" : 1") || export.output.contains("\"a\": 1"))
      let read = try prefs.run(["read", "--json", "s.plist", "a"])
      #expect(read.status == 0, "\(read.error)")
      #expect(read.output == "1\n")
    }
  }

  @Test func importReplacesByDefaultAndMergesWhenAsked() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let document = Data(#"{"a": 10, "b": "new"}"#.utf8)
      let original: [String: StoredChange] = ["a": .set(.integer(1)), "keep": .set(.bool(true))]
      try FileStore(url: directory.file("merged.plist")).apply(original)
      try FileStore(url: directory.file("replaced.plist")).apply(original)
      #expect(
        try prefs.run(["import", "merged.plist", "-", "--merge"], input: document).status == 0)
      #expect(try prefs.run(["import", "replaced.plist", "-"], input: document).status == 0)
      #expect(
        try FileStore(url: directory.file("merged.plist")).allValues() == [
          "a": .integer(10), "b": .string("new"), "keep": .bool(true),
        ])
      #expect(
        try FileStore(url: directory.file("replaced.plist")).allValues() == [
          "a": .integer(10), "b": .string("new"),
        ])
      let bad = try prefs.run(["import", "merged.plist", "-"], input: Data("[1, 2]".utf8))
      #expect(bad.status == 3)
      #expect(bad.error.contains("cannot read standard input"))
      #expect(bad.error.contains("expected a dictionary at the top level, found array"))
    }
  }

  /// An identifier names where that app's default store keeps its settings: its file on
  /// Linux, its defaults domain on Apple platforms.
  @Test func anAppIdentifierNamesTheAppsDefaultStore() throws {
    try withDirectory { directory throws in
      let prefs = BuiltProgram.prefs(in: directory)
      let identifier = "com.example.PrefsToolTests.\(UUID().uuidString)"
      let store: any PreferenceStore =
        Platform.isApple
        ? UserDefaultsStore(suiteName: identifier)
        : FileStore(url: prefs.defaultURL(for: identifier))
      defer { UserDefaults.standard.removePersistentDomain(forName: identifier) }
      #expect(try prefs.run(["write", identifier, "size", "-float", "14"]).status == 0)
      #expect(try store.allValues() == ["size": .double(14)])
      #expect(try prefs.run(["read", identifier, "size"]).output == "14.0\n")
    }
  }

  @Test func aSuiteNamesAUserDefaultsSuite() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let suite = "PrefsToolTests.\(UUID().uuidString)"
      let write = try prefs.run(["write", "--suite", suite, "count", "-int", "3"])
      #expect(write.status == 0, "\(write.error)")
      let read = try prefs.run(["read", "--suite", suite, "count"])
      #expect(read.output == "3\n")
      #expect(try prefs.run(["delete", "--suite", suite, "count"]).status == 0)
      #expect(try prefs.run(["read", "--suite", suite, "count"]).status == 1)
    }
  }

  /// `UserDefaults` cannot write the global domain ("Passing ... NSGlobalDomain ... is an
  /// error", NSUserDefaults.h) and once wrote the tool's own domain instead; the write is
  /// refused, under either name, and leaves the tool's own domain untouched.
  @Test(arguments: [["-g"], ["--suite", "NSGlobalDomain"], ["-globalDomain"]])
  func aWriteToTheGlobalDomainIsRefusedWithAClearError(store: [String]) throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let key = "PrefsToolTests.\(UUID().uuidString)"
      let write = try prefs.run(["write"] + store + [key, "-int", "3"])
      #expect(write.status == 3, "\(write.error)")
      #expect(write.error.contains("global domain (NSGlobalDomain) is read-only"))
      #expect(try prefs.run(["read"] + store + [key]).status == 1)
      #expect(UserDefaults.standard.persistentDomain(forName: "prefs")?[key] == nil)
    }
  }

  /// `prefs write` takes the store's lock: while another process holds it, the write waits,
  /// and once the lock is free it lands without losing the keys already there.
  @Test func aWriteWaitsForAnotherProcessHoldingTheStoreAndLosesNothing() throws {
    try withDirectory { directory in
      let store = directory.file("held.plist")
      try FileStore(url: store).apply(["before": .set(.integer(1))])
      let holder = try TestHelperProcess(["hold-lock", store.path])
      defer { if holder.process.isRunning { holder.kill() } }
      try #require(holder.readLine() == "locked")
      let writer = try BuiltProgram.prefs(in: directory).start(
        ["write", "held.plist", "during", "-string", "waited"],
        output: directory.file("writer.out"), error: directory.file("writer.err"))
      defer { _ = waitForExit(of: writer, deadline: 0) }
      #if os(Linux)
        // The writer waits (polling, up to its 30 s lock timeout) with the lock file open. This
        // test waits for that synchronously, on its own thread: an `await` here could resume
        // only after the writer's timeout when the suite's other tests hold the concurrency
        // pool's threads (two on this machine), as it did.
        let descriptors = "/proc/\(writer.processIdentifier)/fd"
        let limit = Date().addingTimeInterval(20)
        var waiting = false
        while !waiting && writer.isRunning && Date() < limit {
          let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
          waiting = names.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0))
              == store.path + ".lock"
          }
          if !waiting { usleep(5_000) }
        }
        #expect(waiting)
      #endif
      #expect(writer.isRunning)
      #expect(try FileStore(url: store).allValues() == ["before": .integer(1)])
      holder.kill()
      #expect(waitForExit(of: writer, deadline: 60))
      let errors = (try? String(contentsOf: directory.file("writer.err"), encoding: .utf8)) ?? ""
      #expect(writer.terminationStatus == 0, "\(errors)")
      #expect(
        try FileStore(url: store).allValues() == [
          "before": .integer(1), "during": .string("waited"),
        ])
    }
  }

  /// `defaults`' collection flags: elements and values are strings unless a type flag comes
  /// before them; the `-add` forms extend what is there and refuse a value of another kind.
  @Test func writeTakesArraysAndDictionariesAsDefaultsSpellsThem() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let store = FileStore(url: directory.file("s.plist"))
      let words = ["write", "s.plist"]
      #expect(try prefs.run(words + ["list", "-array", "a", "-int", "2", "-5"]).status == 0)
      #expect(try prefs.run(words + ["list", "-array-add", "c", "-bool", "yes"]).status == 0)
      #expect(try prefs.run(words + ["new", "-array-add", "x"]).status == 0)
      #expect(try prefs.run(words + ["map", "-dict", "k", "v", "n", "-float", "1.5"]).status == 0)
      #expect(try prefs.run(words + ["map", "-dict-add", "k", "w", "m", "-int", "3"]).status == 0)
      #expect(try prefs.run(words + ["empty", "-array"]).status == 0)
      #expect(
        try store.allValues() == [
          "list": .array([.string("a"), .integer(2), .string("-5"), .string("c"), .bool(true)]),
          "new": .array([.string("x")]),
          "map": .dictionary(["k": .string("w"), "n": .double(1.5), "m": .integer(3)]),
          "empty": .array([]),
        ])

      let before = try store.allValues()
      let notAnArray = try prefs.run(words + ["map", "-array-add", "z"])
      #expect(notAnArray.status == 1)
      #expect(notAnArray.error.contains("cannot add to map in "))
      #expect(notAnArray.error.contains("it holds dictionary of 3 keys, not an array"))
      let notADictionary = try prefs.run(words + ["list", "-dict-add", "k", "v"])
      #expect(notADictionary.status == 1)
      #expect(notADictionary.error.contains("it holds array of 5 values, not a dictionary"))
      #expect(try store.allValues() == before)
    }
  }

  @Test func aBadJSONArgumentIsAUsageErrorSayingWhereTheTextIsWrong() throws {
    try withDirectory { directory in
      let outcome = try BuiltProgram.prefs(in: directory).run(
        ["write", "s.json", "k", "-json", "{\"a\": }"])
      #expect(outcome.status == 2)
      #expect(outcome.error.contains("-json expects a JSON value"))
      #expect(outcome.error.contains("line 1, column 7"))
      #expect(!outcome.error.contains("corrupt"))
    }
  }

  /// As `defaults read` fails for a domain that does not exist.
  @Test func anAppIdentifierWithNoSettingsIsReportedWithStatus1() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let identifier = "com.typo.PrefsToolTests.\(UUID().uuidString)"
      defer { UserDefaults.standard.removePersistentDomain(forName: identifier) }
      for command in ["keys", "read"] {
        let outcome = try prefs.run([command, identifier])
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error.contains("no settings for \(identifier)"))
      }
      #expect(try prefs.run(["write", identifier, "a", "-int", "1"]).status == 0)
      let keys = try prefs.run(["keys", identifier])
      #expect(keys.status == 0)
      #expect(keys.output == "a\n")
    }
  }

  @Test func aDateWithAFractionWrittenToAPlistStoreWarnsThatTheFractionIsDropped() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let date = "2024-05-01T09:30:00.25Z"
      let plist = try prefs.run(["write", "s.plist", "when", "-date", date])
      #expect(plist.status == 0)
      #expect(plist.error.contains("warning: XML property lists keep dates to the second"))
      #expect(plist.error.contains("when"))
      let whole = try prefs.run(["write", "s.plist", "when", "-date", "2024-05-01T09:30:00Z"])
      #expect(whole.error.isEmpty)
      let json = try prefs.run(["write", "s.json", "when", "-date", date])
      #expect(json.status == 0)
      #expect(json.error.isEmpty)
      let nested = try prefs.run(["write", "s.plist", "list", "-array", "-date", date])
      #expect(nested.error.contains("warning: XML property lists keep dates to the second"))
      // A binary property list keeps the fraction, and stays binary.
      let binary = try PropertyListFormat.propertyList.encode(["a": .integer(1)], binary: true)
      try Data(binary).write(to: directory.file("b.plist"))
      let kept = try prefs.run(["write", "b.plist", "when", "-date", date])
      #expect(kept.status == 0)
      #expect(kept.error.isEmpty)
      #expect(
        try FileStore(url: directory.file("b.plist")).value(forKey: "when")
          == .date(Date(timeIntervalSince1970: 1_714_555_800.25)))
    }
  }
}

#endif
