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

/// Layers read from real argument vectors and environments, in child processes.
struct LayerProcessTests {
  /// Runs the helper's `layers` mode on the fixture's user file, with `XDG_CONFIG_DIRS` in the
  /// fixture, and returns its lines.
  func run(
    _ fixture: LayerFixture, _ arguments: [String] = [], assign: Bool = false,
    environment: [String: String] = [:]
  ) throws -> [String] {
    var variables = environment
    variables["XDG_CONFIG_DIRS"] = fixture.xdgConfigDirs
    let outcome = try TestHelperProcess.run(
      ["layers", fixture.userURL().path] + (assign ? ["assign"] : []) + arguments,
      environment: variables)
    #expect(outcome.status == 0, "\(outcome.output)")
    return outcome.output.split(separator: "\n").map(String.init)
  }

  @Test func realArgumentsOverrideTheEnvironmentWhichOverridesTheUsersStore() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["fontSize": .double(14), "theme": .string("dark")])
    try fixture.writeSystem(["showsToolbar": .bool(false)])
    let lines = try run(
      fixture, ["-fontSize", "18"],
      environment: ["NOTES_FONT_SIZE": "16", "NOTES_THEME": "green"])
    #expect(
      lines == [
        "fontSize=18.0 arguments false", "theme=green environment false",
        "showsToolbar=false system",
      ])
  }

  @Test func aManagedFileLocksAKeyAgainstArgumentsAndAssignments() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(17)], named: "managed.plist")
    let lines = try run(fixture, ["--fontSize=18"], assign: true)
    #expect(
      lines.prefix(3) == [
        "fontSize=17.0 managed true", "theme=blue user false",
        "showsToolbar=true default",
      ])
    #expect(lines.dropFirst(3).count == 1)
    #expect(
      lines.last?.contains(
        "\"fontSize\" in \(fixture.systemFolder(0).appendingPathComponent("managed.plist").path): "
          + "an administrator manages") == true, "\(lines)")
    #expect(try fixture.userValues() == ["theme": .string("blue")])
  }

  @Test func anAssignmentWinsOverTheRunsOverridesAndIsSavedForTheNextRun() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(13)])
    let lines = try run(fixture, ["--fontSize", "18"], assign: true)
    #expect(lines.first == "fontSize=30.0 user false")
    #expect(try fixture.userValues() == ["fontSize": .double(30), "theme": .string("blue")])
    #expect(try run(fixture).first == "fontSize=30.0 user false")
  }

  @Test func aBadOverrideIsReportedNotFatal() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.write(
      Data("{ not json".utf8), to: fixture.systemFolder().appendingPathComponent("managed.json"))
    let lines = try run(fixture, environment: ["NOTES_FONT_SIZE": "large"])
    #expect(lines.first == "fontSize=12.0 default false")
    #expect(lines.contains { $0.contains("NOTES_FONT_SIZE") && $0.contains("text \"large\"") })
    #expect(lines.contains { $0.contains("managed.json") })
  }

  @Test func prefsExplainListsTheLayersThatHoldAKeyTheWinnerFirst() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let managed = try fixture.writeSystem(["fontSize": .double(17)], named: "managed.json")
    let system = try fixture.writeSystem(["fontSize": .double(13), "theme": .string("dark")])
    let shadowed = try fixture.writeSystem(["fontSize": .double(11)], folder: 1)
    try fixture.writeUser(["fontSize": .double(14)])
    var prefs = BuiltProgram.prefs(in: fixture.directory)
    prefs.extraEnvironment = ["XDG_CONFIG_DIRS": fixture.xdgConfigDirs]
    let outcome = try prefs.run(["read", fixture.userURL().path, "fontSize", "--explain"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let lines = outcome.output.split(separator: "\n").map(String.init)
    #expect(
      lines.prefix(4) == [
        "managed  17.0  \(managed.path)  (wins)",
        "user     14.0  \(fixture.userURL().path)",
        "system   13.0  \(system.path)",
        "system   11.0  \(shadowed.path)",
      ])
    let missing = try prefs.run(["read", fixture.userURL().path, "nothing", "--explain"])
    #expect(missing.status == 1)
    let themed = try prefs.run(["read", fixture.userURL().path, "theme", "--explain"])
    #expect(themed.output.hasPrefix("system  dark  \(system.path)  (wins)\n"))
  }

  @Test func theSampleTakesFontSizeForOneRunAndASystemDefaultWithoutSavingEither() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let systemFolder = directory.url.appendingPathComponent("xdg/com.example.PreferencesSample")
    try FileManager.default.createDirectory(at: systemFolder, withIntermediateDirectories: true)
    try Data(#"{"theme": "dark"}"#.utf8).write(
      to: systemFolder.appendingPathComponent("preferences.json"))
    var sample = BuiltProgram.sample(in: directory)
    sample.extraEnvironment = ["XDG_CONFIG_DIRS": directory.url.appendingPathComponent("xdg").path]
    let outcome = try sample.run(["--fontSize", "20"])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains(rowMatching: ["fontSize", "Double", "20.0", "no"]))
    #expect(outcome.output.contains(rowMatching: ["theme", "Theme", "dark", "no"]))
    #expect(outcome.output.contains("fontSize comes from the arguments layer"))
    #expect(outcome.output.contains("theme comes from the system layer"))
    let store = FileStore(url: sample.defaultURL(for: "com.example.PreferencesSample"))
    let saved = try store.allValues()
    #expect(saved["launchCount"] == .integer(1))
    #expect(saved["fontSize"] == nil && saved["theme"] == nil)

    let next = try sample.run([])
    #expect(next.output.contains(rowMatching: ["fontSize", "Double", "12.0", "yes"]))
  }
}

#endif
