// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A class that reads every layer and syncs, with constrained preferences.
final class ConstrainedLayeredPreferences: Preferences, @unchecked Sendable {
  override class var layers: [PreferenceLayer] {
    [.arguments, .environment(prefix: "NOTES_"), .system]
  }
  @Preference(synced: true, constraint: .range(8...72)) var fontSize = 12.0
  @Preference(synced: true) var notes = ""
  @Preference var plain = 1
}

/// Version 2, whose migration writes a value its constraint rejects.
final class BadlyMigratingPreferences: Preferences, @unchecked Sendable {
  override class var version: Int { 2 }
  @Preference(constraint: .range(8...72)) var fontSize = 12.0
  @Preference var plain = 1
  override func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) {
    values["fontSize"] = .double(500)
    values["plain"] = .integer(2)
  }
}

extension LayerFixture {
  func makeConstrained(arguments: [String] = [], variables: [String: String] = [:])
    -> ConstrainedLayeredPreferences
  {
    let environment = LayerEnvironment(
      arguments: ["notes"] + arguments, variables: variables,
      systemReader: XDGLayerReader(
        identifier: Self.identifier,
        systemFolders: [0, 1].map { systemFolder($0).deletingLastPathComponent().path }))
    return LayerEnvironment.$override.withValue(environment) {
      ConstrainedLayeredPreferences(store: FileStore(url: userURL()))
    }
  }
}

/// A value that breaks a constraint from anywhere but an assignment in code is not used: the
/// next layer down (in the end the default) decides, the value stays where it is, and a
/// problem names where it came from, the constraint and the value.
struct ConstraintLoadTests {
  @Test func aHandEditOutOfRangeIsNotUsedAndStaysInTheFileUntilAssigned() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.json")
      try Data(#"{"fontSize": 4000, "plain": 5, "other": "kept"}"#.utf8).write(to: url)
      let prefs = ConstrainedPreferences(store: FileStore(url: url))
      #expect(prefs.fontSize == 12)
      #expect(prefs.plain == 5)
      let error = try #require(prefs.problemErrors(.load).first)
      #expect(error.kind == .rejectedValue && error.key == "fontSize")
      #expect(error.file?.standardizedFileURL == url.standardizedFileURL)
      #expect(error.expected == "a value in 8.0...72.0")
      #expect(error.found == "integer 4000", "as the file has it")
      #expect(prefs.$fontSize.rejection == error && prefs.$fontSize.hasStoredValue)
      prefs.plain = 6
      try prefs.writePreferences()
      let kept = try FileStore(url: url).allValues()
      #expect(kept["fontSize"] == .integer(4000) || kept["fontSize"] == .double(4000))
      #expect(kept["other"] == .string("kept") && kept["plain"] == .integer(6))
      #expect(
        directory.names().filter { !$0.hasSuffix(".lock") } == ["preferences.json"],
        "no backup: the value was readable")
      prefs.fontSize = 20
      try prefs.writePreferences()
      #expect(try FileStore(url: url).allValues()["fontSize"] == .double(20))
      #expect(prefs.problemErrors(.load).isEmpty && prefs.$fontSize.rejection == nil)
    }
  }

  /// `.clamped(to:)` clamps assignments in code only: nobody chose the bound for a stored value.
  @Test func aClampedPreferenceRejectsAStoredValueBeyondItsRange() throws {
    let prefs = ConstrainedPreferences(store: InMemoryStore(["volume": .double(3)]))
    #expect(prefs.volume == 0.5)
    #expect(prefs.problemErrors(.load).map(\.kind) == [.rejectedValue])
  }

  /// A hand edit the app does not use names the line it is on, in a format with lines: a
  /// rejected value and one of the wrong type, in TOML and in JSON; a property list names none.
  @Test func aRejectedHandEditNamesItsLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let toml = directory.file("preferences.toml")
    try Data("# mine\n\nnickname = \"ada\"\nfontSize = 4000  # too big\nvolume = \"x\"\n".utf8)
      .write(to: toml)
    let fromTOML = ConstrainedPreferences(store: FileStore(url: toml))
    #expect(fromTOML.fontSize == 12 && fromTOML.nickname == "ada")
    let errors = fromTOML.problemErrors(.load)
    let lines = Dictionary(uniqueKeysWithValues: errors.map { ($0.key ?? "", $0.line) })
    #expect(lines == ["fontSize": 4, "volume": 5], "\(errors)")
    let rejected = try #require(errors.first { $0.key == "fontSize" })
    #expect(rejected.description.contains("preferences.toml at line 4"), "\(rejected)")

    let json = directory.file("store.json")
    try Data("{\n  \"nickname\": \"bo\",\n  \"fontSize\": 4000\n}\n".utf8).write(to: json)
    let fromJSON = ConstrainedPreferences(store: FileStore(url: json))
    #expect(fromJSON.problemErrors(.load).map(\.line) == [3])

    let plist = directory.file("store.plist")
    try FileStore(url: plist).apply(["fontSize": .set(.double(4000))])
    #expect(ConstrainedPreferences(store: FileStore(url: plist)).problemErrors(.load).map(\.line) == [nil])
  }

  @Test func aRawValueThatIsNoCaseIsNotUsed() throws {
    let prefs = ConstrainedPreferences(store: InMemoryStore(["theme": .string("sepia")]))
    #expect(prefs.theme == .light)
    #expect(prefs.problemErrors(.load).map(\.key) == ["theme"])
    #expect(prefs.$theme.rejection == prefs.problemErrors(.load).first)
  }

  @Test func aStoredValueRejectedStandsInForNothingWhileALayerAboveDecides() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["fontSize": .double(4000)])
    let below = fixture.makeConstrained()
    #expect(below.fontSize == 12 && below.$fontSize.rejection != nil)
    let above = fixture.makeConstrained(variables: ["NOTES_FONT_SIZE": "20"])
    #expect(above.fontSize == 20 && above.$fontSize.source == .environment)
    #expect(above.problemErrors(.load).map(\.key) == ["fontSize"], "still listed")
    #expect(above.$fontSize.rejection == nil)
  }

  @Test func anImportedValueOutOfRangeIsImportedButNotUsed() throws {
    let store = InMemoryStore()
    let prefs = ConstrainedPreferences(store: store)
    let unknown = try prefs.importValues(from: Data(#"{"fontSize": 500, "plain": 7}"#.utf8))
    #expect(unknown.isEmpty)
    #expect(prefs.plain == 7 && prefs.fontSize == 12)
    #expect(store.allValues()["fontSize"] != nil, "kept in the store, as a hand edit is")
    let error = try #require(prefs.problemErrors(.load).first)
    #expect(error.kind == .rejectedValue && error.reason?.contains("imported") == true)
  }

  @Test func aMigratedValueOutOfRangeIsNotUsed() throws {
    let store = InMemoryStore(["fontSize": .double(14)])
    let prefs = BadlyMigratingPreferences(store: store)
    #expect(prefs.fontSize == 12 && prefs.plain == 2)
    #expect(prefs.problemErrors(.load).map(\.kind) == [.rejectedValue])
    #expect(store.allValues()["fontSize"] == .double(500))
  }

  @Test func anArgumentOutOfRangeLetsTheNextLayerDecide() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["fontSize": .double(20)])
    let prefs = fixture.makeConstrained(arguments: ["--fontSize", "4000"])
    #expect(prefs.fontSize == 20 && prefs.$fontSize.source == .user)
    let error = try #require(prefs.problemErrors(.layers).first)
    #expect(error.kind == .rejectedValue && error.key == "fontSize")
    #expect(error.reason?.contains("--fontSize") == true, "\(error)")
    #expect(prefs.$fontSize.rejection == error)
  }

  @Test func anEnvironmentValueOutOfRangeLetsTheNextLayerDecide() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(30)])
    let prefs = fixture.makeConstrained(variables: ["NOTES_FONT_SIZE": "1"])
    #expect(prefs.fontSize == 30 && prefs.$fontSize.source == .system)
    let error = try #require(prefs.problemErrors(.layers).first)
    #expect(error.reason?.contains("NOTES_FONT_SIZE") == true, "\(error)")
  }

  @Test func aSystemValueOutOfRangeLetsTheDefaultDecide() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let system = try fixture.writeSystem(["fontSize": .double(2)])
    let prefs = fixture.makeConstrained()
    #expect(prefs.fontSize == 12 && prefs.$fontSize.source == .default)
    let error = try #require(prefs.problemErrors(.layers).first)
    #expect(error.kind == .rejectedValue)
    #expect(error.file?.standardizedFileURL == system.standardizedFileURL)
  }

  @Test func aManagedValueOutOfRangeIsNotUsedNorManaged() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let managed = try fixture.writeSystem(["fontSize": .double(100)], named: "managed.json")
    let prefs = fixture.makeConstrained()
    #expect(prefs.fontSize == 12 && !prefs.$fontSize.isManaged)
    let error = try #require(prefs.problemErrors(.layers).first)
    #expect(error.file?.standardizedFileURL == managed.standardizedFileURL)
    prefs.fontSize = 14
    #expect(prefs.fontSize == 14)
  }

  @Test func aPulledValueOutOfRangeIsNotUsedHereNorPushedBack() throws {
    let cloud = InMemorySyncStore()
    try cloud.apply(
      [
        "fontSize": SyncEntry(value: .double(500), timestamp: .at(1)),
        "notes": SyncEntry(value: .string("hi"), timestamp: .at(1)),
      ], from: "other")
    let store = InMemoryStore()
    let prefs = ConstrainedLayeredPreferences(store: store)
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(prefs.notes == "hi" && prefs.fontSize == 12)
    #expect(store.allValues()["fontSize"] == .double(500), "the stores converge")
    let error = try #require(prefs.problemErrors(.load).first)
    #expect(error.kind == .rejectedValue && error.reason?.contains("pulled by sync") == true)
    try prefs.writePreferences()
    #expect(cloud.allEntries()["fontSize"] == SyncEntry(value: .double(500), timestamp: .at(1)))
    #expect(store.allValues()["fontSize"] == .double(500))
    // SyncDesign.md: "An assignment on this device replaces it, and travels as usual."
    prefs.fontSize = 20
    try prefs.writePreferences()
    #expect(prefs.fontSize == 20 && prefs.$fontSize.rejection == nil)
    #expect(prefs.problemErrors(.load).isEmpty)
    #expect(store.allValues()["fontSize"] == .double(20))
    #expect(cloud.allEntries()["fontSize"]?.value == .double(20))
  }

  /// SyncDesign.md: a pulled value this device cannot read as the property's type is saved,
  /// not used, and not pushed back.
  @Test func aPulledValueOfAnotherTypeIsSavedButNotUsedNorPushedBack() throws {
    let cloud = InMemorySyncStore()
    let pulled = SyncEntry(value: .string("large"), timestamp: .at(1))
    try cloud.apply(["fontSize": pulled], from: "other")
    let store = InMemoryStore()
    let prefs = ConstrainedLayeredPreferences(store: store)
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(prefs.fontSize == 12)
    #expect(store.allValues()["fontSize"] == .string("large"), "the stores converge")
    let error = try #require(prefs.problemErrors(.load).first)
    #expect(error.key == "fontSize" && error.kind == .typeMismatch, "\(error)")
    #expect(error.reason?.contains("pulled by sync") == true, "\(error)")
    prefs.notes = "mine"
    try prefs.writePreferences()
    #expect(cloud.allEntries()["fontSize"] == pulled)
    #expect(store.allValues()["fontSize"] == .string("large"))
  }

  /// A value another process writes while the app watches its store is rejected as a value
  /// loaded at launch is: not used, kept in the file, and listed.
  @Test func aValueArrivingThroughTheWatcherIsRejected() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.json")
      let prefs = ConstrainedPreferences(store: FileStore(url: url))
      prefs.fontSize = 20
      try prefs.writePreferences()
      prefs.startWatchingStore()
      defer { prefs.stopWatchingStore() }
      try FileStore(url: url).apply(["fontSize": .set(.double(4000)), "plain": .set(.integer(3))])
      #expect(await eventually { prefs.plain == 3 }, "the watcher saw the edit")
      #expect(await eventually { prefs.$fontSize.rejection != nil })
      #expect(prefs.fontSize == 12, "the default, as at launch")
      let error = try #require(prefs.problemErrors(.load).first)
      #expect(error.kind == .rejectedValue && error.key == "fontSize")
      #expect(try FileStore(url: url).allValues()["fontSize"] == .double(4000))
    }
  }

  /// LayeredPreferences.md: a managed value the declaration rejects lets the user's value
  /// decide.
  @Test func aManagedValueOutOfRangeLetsTheUsersValueDecide() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["fontSize": .double(20)])
    try fixture.writeSystem(["fontSize": .double(100)], named: "managed.json")
    let prefs = fixture.makeConstrained()
    #expect(prefs.fontSize == 20 && prefs.$fontSize.source == .user)
    #expect(!prefs.$fontSize.isManaged)
    #expect(prefs.problemErrors(.layers).map(\.kind) == [.rejectedValue])
  }
}
