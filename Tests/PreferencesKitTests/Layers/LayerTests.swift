// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

/// Preferences that read every layer.
final class LayeredPreferences: Preferences, @unchecked Sendable {
  override class var layers: [PreferenceLayer] {
    [.arguments, .environment(prefix: "NOTES_", names: ["Has Widgets": "NOTES_WIDGETS"]), .system]
  }
  @Preference var fontSize = 12.0
  @Preference var theme = "light"
  @Preference var launchCount = 0
  @Preference var showsToolbar = true
  @Preference var recentFiles: [String] = []
  @Preference var lastOpened: Date? = nil
  @Preference(key: "Has Widgets") var hasWidgets = false
}

extension LayerFixture {
  /// The fixture's system files, read the same way on every platform.
  var fileReader: XDGLayerReader {
    XDGLayerReader(
      identifier: Self.identifier,
      systemFolders: [0, 1].map { systemFolder($0).deletingLastPathComponent().path })
  }

  /// Preferences on a user's file, started with `arguments` and `variables`, reading the
  /// system's layers with `systemReader`: the fixture's files unless a test gives another.
  func make(
    user: String = "ada", arguments: [String] = [], variables: [String: String] = [:],
    systemReader: (any SystemLayerReading)? = nil
  ) -> LayeredPreferences {
    let layerEnvironment = LayerEnvironment(
      arguments: ["notes"] + arguments, variables: variables,
      systemReader: systemReader ?? fileReader)
    return LayerEnvironment.$override.withValue(layerEnvironment) {
      LayeredPreferences(store: FileStore(url: userURL(user)))
    }
  }
}

/// A `UserDefaults` look-alike for the Apple platforms' managed layer.
struct FakeForcedDefaults: ForcedDefaults {
  var forced: [String: Any] = [:]
  var configuration: [String: Any]? = nil

  func objectIsForced(forKey key: String) -> Bool { forced[key] != nil }
  func object(forKey key: String) -> Any? { forced[key] }
  func dictionary(forKey key: String) -> [String: Any]? {
    key == ManagedDefaultsReader.configurationKey ? configuration : nil
  }
}

/// Layered preferences: managed > arguments > environment > user > system > default.
struct LayerTests {
  /// Every pair of sources, the lower first.
  static let pairs: [(PreferenceSource, PreferenceSource)] = PreferenceSource.allCases.flatMap {
    lower in PreferenceSource.allCases.filter { $0 > lower }.map { (lower, $0) }
  }

  /// `fontSize` as each source gives it: 12 + the source's rank.
  static func fontSize(from source: PreferenceSource) -> Double { 12 + Double(source.rawValue) }

  @Test(arguments: pairs)
  func theHigherOfTwoLayersWins(lower: PreferenceSource, higher: PreferenceSource) throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    var arguments: [String] = []
    var variables: [String: String] = [:]
    for source in [lower, higher] {
      let value = Self.fontSize(from: source)
      switch source {
      case .default: break
      case .system: try fixture.writeSystem(["fontSize": .double(value)])
      case .user: try fixture.writeUser(["fontSize": .double(value)])
      case .environment: variables["NOTES_FONT_SIZE"] = "\(value)"
      case .arguments: arguments = ["--fontSize", "\(value)"]
      case .managed: try fixture.writeSystem(["fontSize": .double(value)], named: "managed.plist")
      }
    }
    let prefs = fixture.make(arguments: arguments, variables: variables)
    #expect(prefs.fontSize == Self.fontSize(from: higher))
    #expect(prefs.$fontSize.source == higher)
    #expect(prefs.$fontSize.isManaged == (higher == .managed))
    #expect(prefs.preferenceProblems.isEmpty)
  }

  @Test func aManagedKeySurvivesAssignmentWriteAndReload() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let managed = try fixture.writeSystem(["fontSize": .double(17)], named: "managed.json")
    try fixture.writeUser(["fontSize": .double(14)])
    let prefs = fixture.make(arguments: ["--fontSize", "16"])
    #expect(prefs.fontSize == 17)
    #expect(prefs.$fontSize.isManaged)

    prefs.fontSize = 20
    #expect(prefs.fontSize == 17)
    #expect(!prefs.hasUnsavedChanges)
    prefs.$fontSize.reset()
    #expect(prefs.fontSize == 17)
    prefs.launchCount = 1
    try prefs.writePreferences()
    #expect(try fixture.userValues() == ["fontSize": .double(14), "launchCount": .integer(1)])
    #expect(prefs.problemErrors(.load, .layers).map(\.kind) == [.managedKey])
    #expect(prefs.problemErrors(.load, .layers).first?.key == "fontSize")
    #expect(
      prefs.problemErrors(.layers).first?.file?.standardizedFileURL == managed.standardizedFileURL,
      "the refused assignment names the administrator's file")
    #expect(!prefs.hasUnsavedChanges)

    prefs.readPreferences()
    #expect(prefs.fontSize == 17)
    #expect(fixture.make().fontSize == 17)
  }

  @Test func anImportDoesNotChangeAManagedKey() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(17)], named: "managed.plist")
    let prefs = fixture.make()
    try prefs.importValues(from: Data(#"{"fontSize": 30, "theme": "dark"}"#.utf8))
    #expect(prefs.fontSize == 17)
    #expect(prefs.$fontSize.isManaged)
    #expect(prefs.theme == "dark")
    #expect(prefs.$theme.source == .user)
  }

  @Test func aSystemDefaultChangesOnlyForUsersWhoNeverAssignedTheKey() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(13)])
    let newcomer = fixture.make(user: "ada")
    #expect(newcomer.fontSize == 13)
    #expect(newcomer.$fontSize.source == .system)
    newcomer.launchCount = 1
    try newcomer.writePreferences()
    #expect(try fixture.userValues("ada") == ["launchCount": .integer(1)])

    let chooser = fixture.make(user: "grace")
    chooser.fontSize = 13
    try chooser.writePreferences()
    #expect(chooser.$fontSize.source == .user)

    try fixture.writeSystem(["fontSize": .double(16)])
    newcomer.readPreferences()
    chooser.readPreferences()
    #expect(newcomer.fontSize == 16)
    #expect(newcomer.$fontSize.source == .system)
    #expect(chooser.fontSize == 13)
    #expect(try fixture.userValues("grace") == ["fontSize": .double(13)])
  }

  @Test func nothingFromAReadOnlyLayerIsEverWritten() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["theme": .string("dark"), "recentFiles": .array([.string("a")])])
    try fixture.writeSystem(["showsToolbar": .bool(false)], named: "managed.plist")
    let prefs = fixture.make(
      arguments: ["-fontSize", "18"], variables: ["NOTES_LAUNCH_COUNT": "5"])
    #expect(prefs.fontSize == 18)
    #expect(prefs.launchCount == 5)
    #expect(prefs.theme == "dark")
    #expect(!prefs.showsToolbar)
    #expect(!prefs.hasUnsavedChanges)

    prefs.hasWidgets = true
    try prefs.writePreferences()
    #expect(try fixture.userValues() == ["Has Widgets": .bool(true)])
    prefs.resetToDefaults()
    try prefs.writePreferences()
    #expect(try fixture.userValues() == [:])
    #expect(prefs.theme == "dark")  // The reset restores the system default, unwritten.
    #expect(prefs.fontSize == 12)  // A reset during the run wins over the run's overrides.
  }

  @Test func anAssignmentDuringTheRunWinsOverOverridesAndIsSaved() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let prefs = fixture.make(arguments: ["--fontSize=16"], variables: ["NOTES_THEME": "dark"])
    #expect(prefs.$fontSize.source == .arguments)
    #expect(prefs.$theme.source == .environment)
    prefs.fontSize = 20
    #expect(prefs.$fontSize.source == .user)
    try prefs.writePreferences()
    #expect(try fixture.userValues() == ["fontSize": .double(20)])
    prefs.readPreferences()
    #expect(prefs.fontSize == 20)
    #expect(prefs.$fontSize.source == .user)
    #expect(prefs.theme == "dark")
  }

  @Test func resettingRestoresTheSystemDefaultAndRemovesTheUsersKey() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(13)])
    try fixture.writeUser(["fontSize": .double(15)])
    let prefs = fixture.make()
    #expect(prefs.$fontSize.source == .user)
    prefs.$fontSize.reset()
    #expect(prefs.fontSize == 13)
    #expect(prefs.$fontSize.source == .system)
    try prefs.writePreferences()
    #expect(try fixture.userValues() == [:])
    #expect(prefs.$fontSize.source == .system)
  }

  /// Text from an argument or a variable becomes the property's type.
  @Test(arguments: [
    ("NOTES_FONT_SIZE", "18", "fontSize", "18.0"),
    ("NOTES_FONT_SIZE", "18.5", "fontSize", "18.5"),
    ("NOTES_LAUNCH_COUNT", "7", "launchCount", "7"),
    ("NOTES_SHOWS_TOOLBAR", "NO", "showsToolbar", "false"),
    ("NOTES_SHOWS_TOOLBAR", "0", "showsToolbar", "false"),
    ("NOTES_THEME", "18", "theme", "18"),
    ("NOTES_RECENT_FILES", #"["a", "b"]"#, "recentFiles", #"["a", "b"]"#),
    ("NOTES_LAST_OPENED", "2024-05-01T09:30:00Z", "lastOpened", "2024-05-01 09:30:00 +0000"),
    ("NOTES_WIDGETS", "true", "Has Widgets", "true"),
  ])
  func overrideTextBecomesThePropertysType(
    variable: String, text: String, key: String, shown: String
  ) throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let prefs = fixture.make(variables: [variable: text])
    let values: [String: String] = [
      "fontSize": "\(prefs.fontSize)", "launchCount": "\(prefs.launchCount)",
      "showsToolbar": "\(prefs.showsToolbar)", "theme": prefs.theme,
      "recentFiles": "\(prefs.recentFiles)",
      "lastOpened": prefs.lastOpened.map { "\($0)" } ?? "nil",
      "Has Widgets": "\(prefs.hasWidgets)",
    ]
    #expect(values[key] == shown)
    #expect(prefs.preferenceProblems.isEmpty)
  }

  @Test func anOverrideThatDoesNotFitIsALoadErrorNamingItsVariable() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["fontSize": .double(14)])
    let prefs = fixture.make(
      arguments: ["-launchCount", "many"], variables: ["NOTES_FONT_SIZE": "big"])
    #expect(prefs.fontSize == 14)
    #expect(prefs.launchCount == 0)
    let messages = prefs.problemErrors(.load, .layers).map(\.description).sorted()
    #expect(messages.count == 2)
    #expect(messages[0].contains("\"fontSize\"") && messages[0].contains("NOTES_FONT_SIZE"))
    #expect(messages[0].contains("text \"big\""))
    #expect(
      messages[1].contains("\"launchCount\"") && messages[1].contains("argument -launchCount"))
  }

  @Test func argumentsInEveryFormAndOnlyForDeclaredKeys() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let prefs = fixture.make(arguments: [
      "open", "-fontSize", "18", "--theme=dark", "--launchCount", "3", "--unknown", "x",
      "--", "--showsToolbar", "false",
    ])
    #expect(prefs.fontSize == 18)
    #expect(prefs.theme == "dark")
    #expect(prefs.launchCount == 3)
    #expect(prefs.showsToolbar)
    #expect(prefs.$showsToolbar.source == .default)
  }

  @Test func aBoolKeyWithoutABooleanAfterItIsTrueAndLeavesTheNextWordToTheApp() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let bare = fixture.make(arguments: ["--Has Widgets", "assign", "--fontSize", "20"])
    #expect(bare.hasWidgets)
    #expect(bare.$hasWidgets.source == .arguments)
    #expect(bare.fontSize == 20)
    let valued = fixture.make(arguments: ["--showsToolbar", "NO", "-Has Widgets", "yes"])
    #expect(!valued.showsToolbar)
    #expect(valued.hasWidgets)
    let last = fixture.make(arguments: ["--Has Widgets"])
    #expect(last.hasWidgets)
    let other = fixture.make(arguments: ["--theme", "true"])
    #expect(other.theme == "true")
  }

  @Test func environmentVariableNames() {
    #expect(LayerEnvironment.variableName(for: "fontSize", prefix: "NOTES_") == "NOTES_FONT_SIZE")
    #expect(LayerEnvironment.variableName(for: "URLString", prefix: "") == "URL_STRING")
    #expect(LayerEnvironment.variableName(for: "httpURL", prefix: "") == "HTTP_URL")
    #expect(LayerEnvironment.variableName(for: "retry_count2", prefix: "") == "RETRY_COUNT2")
    #expect(LayerEnvironment.variableName(for: "Has Widgets", prefix: "") == nil)
    #expect(LayerEnvironment.variableName(for: "a.b", prefix: "") == nil)
  }

  @Test func theFirstSystemFolderWinsKeyByKey() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(13)], folder: 0)
    try fixture.writeSystem(["fontSize": .double(14), "theme": .string("dark")], folder: 1)
    let prefs = fixture.make()
    #expect(prefs.fontSize == 13)
    #expect(prefs.theme == "dark")
  }

  /// Damaged or hostile files an administrator left: each is reported and ignored.
  @Test(arguments: ["garbage", "truncated", "deep", "folder", "pipe", "huge", "wrongType"])
  func aDamagedSystemOrManagedFileIsReportedAndIgnoredNeverMovedAside(damage: String) throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    for name in ["preferences.plist", "managed.plist"] {
      let url = fixture.systemFolder().appendingPathComponent(name)
      switch damage {
      case "garbage": try fixture.write(Data([0xFF, 0x00, 0x13, 0x37]), to: url)
      case "truncated":
        try fixture.write(Data("<?xml version=\"1.0\"?><plist><dict><key>".utf8), to: url)
      case "deep":
        try fixture.write(Data((String(repeating: "[", count: 100_000) + "{").utf8), to: url)
      case "pipe":  // Opening a pipe to read would wait for a writer for ever.
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(url.path, 0o600) == 0)
      case "folder":
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      case "huge":
        try fixture.write(Data(), to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 5 * 1024 * 1024)
        try handle.close()
      default: try fixture.writeSystem(["fontSize": .string("big")], named: name)
      }
    }
    let before = try FileManager.default.contentsOfDirectory(atPath: fixture.systemFolder().path)
    try fixture.writeUser(["theme": .string("dark")])
    let prefs = fixture.make()
    #expect(prefs.fontSize == 12)
    #expect(prefs.theme == "dark")
    #expect(!prefs.$fontSize.isManaged)
    let files = Set(prefs.problemErrors(.load, .layers).compactMap(\.file?.lastPathComponent))
    #expect(files == ["preferences.plist", "managed.plist"])
    prefs.fontSize = 14
    try prefs.writePreferences()
    prefs.readPreferences()
    #expect(prefs.fontSize == 14)
    let after = try FileManager.default.contentsOfDirectory(atPath: fixture.systemFolder().path)
    #expect(after.sorted() == before.sorted())
  }

  @Test func anAdministratorsNewManagedFileArrivesAsAnExternalChange() async throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["fontSize": .double(14)])
    let prefs = fixture.make()
    let changes = prefs.changes()
    prefs.startWatchingStore()
    defer { prefs.stopWatchingStore() }
    try fixture.writeSystem(["fontSize": .double(17)], named: "managed.plist")
    let received = try await firstElements(1, of: changes)
    #expect(
      received == [
        PreferenceChange(
          key: "fontSize", origin: .external, oldValue: .double(14), newValue: .double(17))
      ])
    #expect(prefs.fontSize == 17)
    #expect(prefs.$fontSize.isManaged)
  }

  @Test func forcedUserDefaultsAndTheManagedAppConfigurationLockKeys() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let defaults = FakeForcedDefaults(
      forced: ["fontSize": 17.0], configuration: ["theme": "dark", "launchCount": Date()])
    try fixture.writeUser(["fontSize": .double(14), "theme": .string("light")])
    let prefs = fixture.make(systemReader: ManagedDefaultsReader(defaults: defaults))
    #expect(prefs.fontSize == 17)
    #expect(prefs.theme == "dark")
    #expect(prefs.$fontSize.isManaged && prefs.$theme.isManaged)
    #expect(prefs.$theme.source == .managed)
    #expect(!prefs.$launchCount.isManaged)
    #expect(prefs.problemErrors(.load, .layers).map(\.key) == ["launchCount"])
  }

  @Test func aClassWithoutLayersIgnoresEveryLayer() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(17)], named: "managed.plist")
    let environment = LayerEnvironment(
      arguments: ["notes", "--fontSize", "18"],
      variables: ["XDG_CONFIG_DIRS": fixture.xdgConfigDirs])
    let prefs = LayerEnvironment.$override.withValue(environment) {
      AppPreferences(store: FileStore(url: fixture.userURL()))
    }
    #expect(prefs.fontSize == 12)
    #expect(prefs.$fontSize.source == .default)
    prefs.fontSize = 13
    #expect(prefs.$fontSize.source == .user)
  }
}
