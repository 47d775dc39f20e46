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

/// The preferences whose published schema `prefs validate` and `prefs write` check against.
final class PublishedPreferences: Preferences, @unchecked Sendable {
  @Preference(help: "Font size in points", constraint: .range(8...72)) var fontSize = 12.0
  @Preference(constraint: .oneOf(["en", "fr"])) var language = "en"
  @Preference var opened = Date(timeIntervalSince1970: 0)
}

/// `prefs validate` and the schema check of `prefs write`, with the built tool.
@Suite struct PrefsValidateTests {
  /// Publishes the schema beside `name` in `directory`, then writes `text` as the store.
  func store(_ name: String, _ text: String, in directory: TemporaryDirectory) throws -> URL {
    let url = directory.file(name)
    try PublishedPreferences(store: FileStore(url: url)).publishSchema()
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func validateNamesFileLineKeyConstraintAndValueAndExitsWith4() throws {
    try withDirectory { directory in
      let url = try store(
        "store.json",
        "{\n  \"fontSize\": 4000,\n  \"language\": \"de\",\n  \"fontsize\": 12.0,\n"
          + "  \"PreferencesKit.version\": 2\n}\n", in: directory)
      let result = try BuiltProgram.prefs(in: directory).run(["validate", "store.json"])
      #expect(result.status == 4)
      #expect(
        result.output.split(separator: "\n") == [
          "\(url.path):2: fontSize: maximum 72.0: found 4000",
          "\(url.path):4: fontsize: additionalProperties false (not declared): found 12.0",
          "\(url.path):3: language: enum [\"en\", \"fr\"]: found \"de\"",
        ])
      #expect(
        result.error.contains(
          "3 violations of the schema \(directory.file("store.schema.json").path) in \(url.path)"))
    }
  }

  @Test func validateGivesTheLineOfATOMLValueAndTakesAGivenSchema() throws {
    try withDirectory { directory in
      _ = try store("other.json", "{}", in: directory)
      let toml = directory.file("preferences.toml")
      try Data("# mine\nlanguage = \"en\"\n\nfontSize = 2.0\n".utf8).write(to: toml)
      let result = try BuiltProgram.prefs(in: directory).run([
        "validate", "./preferences.toml", "--schema", "other.schema.json",
      ])
      #expect(result.status == 4)
      #expect(result.output == "\(toml.path):4: fontSize: minimum 8.0: found 2.0\n")
    }
  }

  /// PrefsTool.md: a violation names the place inside a value, and the line of that place.
  @Test func validateNamesThePlaceInsideAValue() throws {
    try withDirectory { directory in
      try Data(
        #"""
        {"type": "object", "properties": {"window": {"type": "object", "properties": {
          "width": {"maximum": 100}, "tabs": {"items": {"type": "string"}}}}}}
        """#.utf8
      ).write(to: directory.file("nested.schema.json"))
      let toml = directory.file("s.toml")
      try Data("[window]\nheight = 1\nwidth = 500\ntabs = [\"a\", 2]\n".utf8).write(to: toml)
      let result = try BuiltProgram.prefs(in: directory).run([
        "validate", "s.toml", "--schema", "nested.schema.json",
      ])
      #expect(result.status == 4)
      #expect(
        result.output.split(separator: "\n") == [
          "\(toml.path):4: window.tabs.1: type \"string\": found 2",
          "\(toml.path):3: window.width: maximum 100: found 500",
        ], "\(result.output)")
    }
  }

  @Test func aValidStoreExitsWith0AndAMissingSchemaWith3() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      _ = try store(
        "store.json", #"{"fontSize": 9, "opened": {"$date": "2024-05-01T09:30:00Z"}}"#,
        in: directory)
      let valid = try prefs.run(["validate", "store.json"])
      #expect(valid.status == 0)
      #expect(valid.output.contains("valid against"))
      try Data("{}".utf8).write(to: directory.file("bare.json"))
      let missing = try prefs.run(["validate", "bare.json"])
      #expect(missing.status == 3)
      #expect(missing.error.contains("no schema at \(directory.file("bare.schema.json").path)"))
      #expect(try prefs.run(["validate", "--suite", "x"]).status == 2)
    }
  }

  @Test func writeRefusesWhatThePublishedSchemaForbidsUnlessForced() throws {
    try withDirectory { directory in
      let prefs = BuiltProgram.prefs(in: directory)
      let url = try store("store.json", #"{"fontSize": 9.0}"#, in: directory)
      let refused = try prefs.run(["write", "store.json", "fontSize", "-float", "100"])
      #expect(refused.status == 4)
      #expect(refused.error.contains("fontSize: maximum 72.0: found 100.0"))
      #expect(refused.error.contains("--force"))
      #expect(try FileStore(url: url).allValues() == ["fontSize": .double(9)])
      #expect(try prefs.run(["write", "store.json", "fontSize", "-float", "70"]).status == 0)
      let forced = try prefs.run(["write", "--force", "store.json", "fontSize", "-float", "100"])
      #expect(forced.status == 0)
      #expect(try FileStore(url: url).allValues() == ["fontSize": .double(100)])
      let help = try prefs.run(["help", "write"])
      #expect(help.output.contains("--force"))
      #expect(try prefs.run(["help", "validate"]).output.contains("status 4"))
    }
  }
}

#endif
