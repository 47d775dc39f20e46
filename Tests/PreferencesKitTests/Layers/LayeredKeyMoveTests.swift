// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Layered preferences whose `fontSize` was stored under `old` before.
final class MovedKeyPreferences: Preferences, @unchecked Sendable {
  override class var layers: [PreferenceLayer] {
    [.arguments, .environment(prefix: "NOTES_"), .system]
  }
  @Preference(key: "new", previousKeys: ["old"], synced: true) var fontSize = 12.0
  @Preference var launchCount = 0
  @Preference(key: "openedAt", previousKeys: ["opened"]) var opened = Date.distantPast
}

/// A value a layer above the user's store decides (an administrator's, an override for one
/// run) never reaches the user's store: not when a write moves the key the user's own value
/// is stored under, not through a sync push of that write, not through an export.
struct LayeredKeyMoveTests {
  /// The layers above the user's store, each giving `new` the value 17.
  static let higherLayers: [PreferenceSource] = [.managed, .arguments, .environment]

  /// Preferences on the fixture's user file, with `layer` giving `new` the value 17.
  static func make(
    _ fixture: LayerFixture, layer: PreferenceSource
  ) throws -> MovedKeyPreferences {
    var arguments = ["notes"]
    var variables: [String: String] = [:]
    switch layer {
    case .managed: try fixture.writeSystem(["new": .double(17)], named: "managed.plist")
    case .arguments: arguments += ["--new", "17"]
    case .environment: variables["NOTES_NEW"] = "17"
    default: break
    }
    let environment = LayerEnvironment(
      arguments: arguments, variables: variables, systemReader: fixture.fileReader)
    return LayerEnvironment.$override.withValue(environment) {
      MovedKeyPreferences(store: FileStore(url: fixture.userURL()))
    }
  }

  @Test(arguments: higherLayers)
  func aWriteMovesTheUsersOwnValueNotTheLayers(layer: PreferenceSource) throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["old": .double(14)])
    let prefs = try Self.make(fixture, layer: layer)
    #expect(prefs.fontSize == 17)
    #expect(prefs.$fontSize.source == layer)

    prefs.launchCount = 1
    try prefs.writePreferences()
    let stored = try fixture.userValues().filter { !$0.key.hasPrefix(ReservedKey.prefix) }
    #expect(stored == ["new": .double(14), "launchCount": .integer(1)])
    #expect(prefs.fontSize == 17)
    #expect(prefs.$fontSize.source == layer)

    // Without the layer (the administrator removed the setting, or the next run has no
    // override), the preference holds the user's own value.
    try? FileManager.default.removeItem(
      at: fixture.systemFolder().appendingPathComponent("managed.plist"))
    prefs.readPreferences()
    if layer == .managed {
      #expect(prefs.fontSize == 14)
      #expect(prefs.$fontSize.source == .user)
    }
    let nextRun = try Self.make(fixture, layer: .default)
    #expect(nextRun.fontSize == 14)
    #expect(nextRun.$fontSize.source == .user)
  }

  @Test(arguments: higherLayers)
  func aSyncedMoveStampsTheUsersOwnValue(layer: PreferenceSource) throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["old": .double(14)])
    let prefs = try Self.make(fixture, layer: layer)
    prefs.launchCount = 1
    try prefs.writePreferences()

    let record = try fixture.userValues()[ReservedKey.syncRecord("new")]
    let entry = try #require(record.map { try SyncEntry(propertyListValue: $0, key: "new") })
    #expect(entry.value == .double(14))
  }

  @Test(arguments: higherLayers)
  func anExportHoldsTheUsersOwnValueNotTheLayers(layer: PreferenceSource) throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["new": .double(14)])
    let prefs = try Self.make(fixture, layer: layer)
    #expect(prefs.fontSize == 17)

    let exported = try prefs.exportValues(format: .json)
    #expect(try PropertyListFormat.decodeDocument([UInt8](exported)) == ["new": .double(14)])
    try prefs.importValues(from: exported)
    #expect(try fixture.userValues()["new"] == .double(14))
    #expect(prefs.fontSize == 17)
  }

  @Test func aMovedDateTheStoreNormalizesLeavesTheManagedValueInPlace() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let managed = Date(timeIntervalSinceReferenceDate: 1_000)
    try fixture.writeSystem(["openedAt": .date(managed)], named: "managed.plist")
    // An XML file a person or another tool wrote with a fraction of a second, which the
    // store's own XML writing does not keep: the store normalizes the date to the second.
    let user = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>opened</key><date>2001-01-01T00:08:20.25Z</date>
      </dict></plist>
      """
    try fixture.write(Data(user.utf8), to: fixture.userURL())
    let prefs = try Self.make(fixture, layer: .default)
    #expect(prefs.opened == managed)

    prefs.launchCount = 1
    try prefs.writePreferences()
    #expect(prefs.opened == managed)
    #expect(prefs.$opened.source == .managed)
    let stored = try fixture.userValues()["openedAt"]
    #expect(stored == .date(Date(timeIntervalSinceReferenceDate: 500)))
  }
}
