// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Which reader of the system's layers each store gets, chosen as on Apple platforms and as
/// elsewhere, on any platform.
struct SystemLayerReaderChoiceTests {
  static let environment = LayerEnvironment(arguments: [], variables: [:])

  @Test func aFileStoreReadsTheSystemFilesOnApplePlatformsToo() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["theme": .string("dark")])
    try fixture.writeSystem(["launchCount": .integer(3)], named: "managed.plist")
    let environment = LayerEnvironment(
      arguments: [], variables: ["XDG_CONFIG_DIRS": fixture.xdgConfigDirs])
    let profile = FakeForcedDefaults(forced: ["fontSize": 17.0])
    let reader = Preferences.systemLayerReader(
      for: FileStore(url: fixture.userURL()), environment: environment, applePlatform: true,
      standardDefaults: profile)
    let layers = reader.read(keys: ["theme", "launchCount", "fontSize"])
    #expect(layers.defaults["theme"]?.candidates == [.string("dark")])
    #expect(layers.managed["launchCount"]?.candidates == [.integer(3)])
    #expect(layers.managed["fontSize"]?.candidates == [.double(17)])
    #expect(layers.managed["fontSize"]?.sourceDescription == "a configuration profile")
  }

  @Test func aConfigurationProfileWinsOverAManagedFile() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(9)], named: "managed.plist")
    let environment = LayerEnvironment(
      arguments: [], variables: ["XDG_CONFIG_DIRS": fixture.xdgConfigDirs])
    let reader = Preferences.systemLayerReader(
      for: FileStore(url: fixture.userURL()), environment: environment, applePlatform: true,
      standardDefaults: FakeForcedDefaults(forced: ["fontSize": 17.0]))
    #expect(reader.read(keys: ["fontSize"]).managed["fontSize"]?.candidates == [.double(17)])
  }

  @Test func elsewhereAFileStoreReadsOnlyTheFiles() {
    let reader = Preferences.systemLayerReader(
      for: InMemoryStore(), environment: Self.environment, applePlatform: false,
      standardDefaults: FakeForcedDefaults(forced: ["fontSize": 17.0]))
    #expect(reader is XDGLayerReader)
  }

  @Test func aUserDefaultsStoreReadsItsOwnDomainsNotTheStandardDefaults() {
    withTemporarySuite { name, defaults in
      defaults.register(defaults: ["theme": "dark"])
      let store = UserDefaultsStore(defaults: defaults, domainName: name)
      for applePlatform in [true, false] {
        let reader = Preferences.systemLayerReader(
          for: store, environment: Self.environment, applePlatform: applePlatform,
          standardDefaults: FakeForcedDefaults(forced: ["fontSize": 17.0]))
        let layers = reader.read(keys: ["fontSize", "theme"])
        #expect(layers.managed.isEmpty)
        #expect(layers.defaults["theme"]?.candidates == [.string("dark")])
      }
    }
  }

  @Test func aWatchedUserDefaultsStoreFollowsTheManagedAppConfiguration() {
    #expect(
      UserDefaultsStore.observedKeys(["fontSize"])
        == ["fontSize", "com.apple.configuration.managed"])
    #expect(
      UserDefaultsStore.observedKeys(["com.apple.configuration.managed"])
        == ["com.apple.configuration.managed"])
  }
}
