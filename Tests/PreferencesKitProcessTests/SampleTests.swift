// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// A `Sample set KEY VALUE` and what it stores.
struct SampleSetCase: Sendable, CustomTestStringConvertible {
  var key: String
  var text: String
  var stored: PropertyListValue
  var testDescription: String { "\(key) \(text)" }
}

/// End-to-end tests of the built `Sample` executable, each with its own store.
@Suite struct SampleTests {
  @Test func theFirstRunIsTheFirstLaunchAndTheNextIsLaunch2() throws {
    try withDirectory { directory in
      let sample = BuiltProgram.sample(in: directory)
      let store = directory.file("sample.plist")
      let first = try sample.run(["--store", store.path])
      #expect(first.status == 0, "\(first.error)")
      #expect(first.output.hasPrefix("PreferencesKit sample: first launch\n"))
      #expect(first.output.contains("Settings are stored in \(store.path)\n"))
      let header = try #require(first.output.split(separator: "\n").first { $0.hasPrefix("KEY") })
      #expect(header.split(separator: " ") == ["KEY", "TYPE", "VALUE", "DEFAULT"])
      #expect(first.output.contains(rowMatching: ["fontSize", "Double", "12.0", "yes"]))
      #expect(first.output.contains(rowMatching: ["launchCount", "Int", "1", "no"]))

      let second = try sample.run(["--store", store.path])
      #expect(second.status == 0)
      #expect(second.output.hasPrefix("PreferencesKit sample: launch 2\n"))
      #expect(try FileStore(url: store).value(forKey: "launchCount") == .integer(2))
    }
  }

  @Test func withAutosaveTheSampleSavesWithoutCallingWrite() throws {
    try withDirectory { directory in
      let store = directory.file("autosave.plist")
      let outcome = try BuiltProgram.sample(in: directory).run(
        ["--autosave", "--store", store.path, "set", "fontSize", "21"])
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(try FileStore(url: store).value(forKey: "fontSize") == .double(21))
      #expect(try FileStore(url: store).value(forKey: "launchCount") == .integer(1))
    }
  }

  @Test func syncedSettingsTravelThroughTheSyncFolderAndTheWindowFrameDoesNot() throws {
    try withDirectory { directory in
      let sample = BuiltProgram.sample(in: directory)
      let sync = directory.file("shared-folder").path
      let here = directory.file("here.plist").path
      let there = directory.file("there.plist").path
      let first = try sample.run(["--store", here, "--sync", sync, "set", "fontSize", "16"])
      #expect(first.status == 0, "\(first.error)")
      let frame = try sample.run(["--store", here, "--sync", sync, "set", "windowFrameData", "1,2,3,4"])
      #expect(frame.status == 0, "\(frame.error)")
      let second = try sample.run(["--store", there, "--sync", sync])
      #expect(second.status == 0, "\(second.error)")
      #expect(second.output.contains(rowMatching: ["fontSize", "Double", "16.0", "no"]))
      #expect(second.output.contains("fontSize and theme sync through \(sync)\n"))
      #expect(try FileStore(url: directory.file("there.plist")).value(forKey: "windowFrameData") == nil)
    }
  }

  @Test func schemaPrintsEverySettingAsAJSONSchema() throws {
    try withDirectory { directory in
      let outcome = try BuiltProgram.sample(in: directory).run(["schema"])
      #expect(outcome.status == 0, "\(outcome.error)")
      let json = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8))
      let properties = try #require(
        (json as? [String: Any])?["properties"] as? [String: [String: Any]])
      // 12 settings, and the library's version and device keys.
      #expect(properties.count == 14)
      let fontSize = try #require(properties["fontSize"])
      #expect(fontSize["type"] as? String == "number")
      #expect(fontSize["$comment"] as? String == "Swift type Double, synced.")
    }
  }

  @Test func withoutStoreTheSampleUsesItsOwnFileInTheConfigurationFolder() throws {
    try withDirectory { directory in
      let sample = BuiltProgram.sample(in: directory)
      let outcome = try sample.run([])
      let file = sample.defaultURL(for: "com.example.PreferencesSample")
      #expect(outcome.status == 0)
      #expect(outcome.output.contains("Settings are stored in \(file.path)\n"))
      #expect(try FileStore(url: file).value(forKey: "launchCount") == .integer(1))
    }
  }

  static let setCases: [SampleSetCase] = [
    SampleSetCase(key: "fontSize", text: "16", stored: .double(16)),
    SampleSetCase(key: "showsToolbar", text: "false", stored: .bool(false)),
    SampleSetCase(key: "volume", text: "0.25", stored: .double(0.25)),
    SampleSetCase(key: "userName", text: "Ada", stored: .string("Ada")),
    SampleSetCase(
      key: "homepage", text: "https://example.com/a",
      stored: .string(
        "https://example.com/a")),
    SampleSetCase(key: "theme", text: "dark", stored: .string("dark")),
    SampleSetCase(
      key: "recentFiles", text: "a.txt, b.txt",
      stored: .array([.string("a.txt"), .string("b.txt")])
    ),
    SampleSetCase(
      key: "shortcuts", text: "quit=81", stored: .dictionary(["quit": .integer(81)])),
    SampleSetCase(
      key: "author", text: #"{"name": "Ada", "email": "ada@example.com"}"#,
      stored: .dictionary(["name": .string("Ada"), "email": .string("ada@example.com")])),
    SampleSetCase(
      key: "windowFrameData", text: "0 0 640 480",
      stored: .data(Data(rect: CGRect(x: 0, y: 0, width: 640, height: 480)))),
  ]

  @Test(arguments: setCases)
  func setParsesTheValueAsTheSettingsType(_ example: SampleSetCase) throws {
    try withDirectory { directory in
      let store = directory.file("sample.plist")
      let outcome = try BuiltProgram.sample(in: directory).run(
        ["--store", store.path, "set", example.key, example.text])
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(outcome.output.contains("Set \(example.key).\n"))
      #expect(try FileStore(url: store).value(forKey: example.key) == example.stored)
      #expect(outcome.output.contains(rowMatching: [example.key, "no"]))
    }
  }

  @Test(arguments: [
    (["set", "fontSiz", "16"], "there is no setting \"fontSiz\""),
    (["set", "fontSize", "big"], "\"big\" is not a value for fontSize (Double)"),
    (["set", "theme", "purple"], "expected light, dark, system"),
    (["set", "windowFrameData", "1 2 3"], "expected four numbers"),
    (["set", "fontSize"], "set takes a KEY and a VALUE"),
    (["frobnicate"], "unknown command"),
  ])
  func badInputGetsAMessageAndANonZeroExitAndChangesNothing(
    _ arguments: [String], _ message: String
  ) throws {
    try withDirectory { directory in
      let store = directory.file("sample.plist")
      let outcome = try BuiltProgram.sample(in: directory).run(["--store", store.path] + arguments)
      #expect(outcome.status == 2)
      #expect(!outcome.crashed)
      #expect(outcome.error.contains(message))
      #expect(!FileManager.default.fileExists(atPath: store.path))
    }
  }

  @Test func anUnwritableStoreGetsAMessageNamingTheFileAndTheReason() throws {
    try withDirectory { directory in
      try Data("not a folder".utf8).write(to: directory.file("file"))
      let store = directory.file("file").appendingPathComponent("sample.plist")
      let outcome = try BuiltProgram.sample(in: directory).run(["--store", store.path])
      #expect(outcome.status == 1)
      #expect(!outcome.crashed)
      #expect(outcome.error.contains("cannot save the settings to \(store.path): "))
      #expect(outcome.error.contains("Not a directory"))
    }
  }

  @Test func aStoredValueOfTheWrongTypeIsReportedAndTheDefaultShown() throws {
    try withDirectory { directory in
      let store = directory.file("sample.json")
      try FileStore(url: store).apply(["fontSize": .set(.string("big"))])
      let outcome = try BuiltProgram.sample(in: directory).run(["--store", store.path])
      #expect(outcome.status == 0)
      #expect(outcome.error.contains("warning: preference \"fontSize\""))
      #expect(outcome.output.contains(rowMatching: ["fontSize", "Double", "12.0", "yes"]))
    }
  }

  @Test func resetRemovesEverySettingSoTheNextRunIsAFirstLaunchAgain() throws {
    try withDirectory { directory in
      let sample = BuiltProgram.sample(in: directory)
      let store = directory.file("sample.plist")
      #expect(try sample.run(["--store", store.path, "set", "fontSize", "20"]).status == 0)
      #expect(try settings(in: store).count == 3)
      let reset = try sample.run(["--store", store.path, "reset"])
      #expect(reset.status == 0)
      #expect(reset.output.contains("Every setting is back to its default"))
      #expect(try settings(in: store) == [:])
      let next = try sample.run(["--store", store.path])
      #expect(next.output.hasPrefix("PreferencesKit sample: first launch\n"))
      #expect(next.output.contains(rowMatching: ["fontSize", "Double", "12.0", "yes"]))
    }
  }

  @Test func watchPrintsAChangeThePrefsToolMakes() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.file("sample.plist")
      let output = directory.file("watch.out")
      let watcher = try BuiltProgram.sample(in: directory).start(
        ["--store", store.path, "watch"], output: output)
      defer { _ = waitForExit(of: watcher, deadline: 0) }
      let text = { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
      #expect(await eventually { text().contains("press Control-C to stop.\n") })
      let write = try BuiltProgram.prefs(in: directory).run(
        ["write", store.path, "fontSize", "-float", "21"])
      #expect(write.status == 0)
      #expect(await eventually { text().contains("fontSize changed (external): 21.0\n") })
      #expect(watcher.isRunning)
      watcher.terminate()
      #expect(waitForExit(of: watcher, deadline: 30))
    }
  }
}

/// The values in a store, without the keys the library keeps for itself.
func settings(in store: URL) throws -> [String: PropertyListValue] {
  try FileStore(url: store).allValues().filter { !$0.key.hasPrefix("PreferencesKit.") }
}

extension String {
  /// Whether one line of this text, split into words at runs of spaces, starts with `words`
  /// (and ends with `words.last`), as a row of the sample's table does.
  func contains(rowMatching words: [String]) -> Bool {
    split(separator: "\n").contains { line in
      let cells = line.split(separator: " ").map(String.init)
      return cells.first == words.first && cells.last == words.last
        && words.allSatisfy(cells.contains)
    }
  }
}

#endif
