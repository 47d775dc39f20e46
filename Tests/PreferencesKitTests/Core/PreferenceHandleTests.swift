// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Preferences with a default computed at declaration.
final class DevicePreferences: Preferences, @unchecked Sendable {
  @Preference var deviceID = UUID().uuidString
  @Preference var fontSize = 12.0
  @Preference var theme = Theme.light
  @Preference var launched = false

  var themeName: String { theme.rawValue }
}

/// `prefs.$name`: one preference as a whole.
struct PreferenceHandleTests {
  @Test func aHandleTellsKeyDefaultAndWhetherTheDefaultIsHeld() throws {
    let store = InMemoryStore()
    store.apply(["theme": .set(.string("dark"))])
    let prefs = DevicePreferences(store: store)
    #expect(prefs.$fontSize.key == "fontSize")
    #expect(prefs.$fontSize.defaultValue == 12)
    #expect(prefs.$fontSize.isDefault)
    #expect(!prefs.$fontSize.hasStoredValue)
    #expect(!prefs.$theme.isDefault)
    #expect(prefs.$theme.hasStoredValue)

    prefs.fontSize = 12
    #expect(!prefs.$fontSize.isDefault)  // Chosen, even though equal to the default.
    #expect(!prefs.$fontSize.hasStoredValue)
    try prefs.writePreferences()
    #expect(prefs.$fontSize.hasStoredValue)
  }

  @Test func aStoredValueOfAnotherTypeIsAStoredValue() throws {
    let store = InMemoryStore()
    store.apply(["deviceID": .set(.integer(42))])
    let prefs = DevicePreferences(store: store)
    #expect(prefs.problemErrors(.load).first?.key == "deviceID")
    // The README's idiom must not overwrite it.
    #expect(prefs.$deviceID.hasStoredValue)
    prefs.$deviceID.reset()
    try prefs.writePreferences()
    #expect(!prefs.$deviceID.hasStoredValue)
  }

  @Test func resettingOnePreferenceRemovesOnlyItsKeyOnTheNextWrite() async throws {
    let store = InMemoryStore()
    store.apply(["fontSize": .set(.double(20)), "launched": .set(.bool(true))])
    let prefs = DevicePreferences(store: store)
    let changes = prefs.changes()
    prefs.$fontSize.reset()
    #expect(prefs.fontSize == 12)
    #expect(prefs.$fontSize.isDefault)
    try prefs.writePreferences()
    #expect(store.allValues() == ["launched": .bool(true)])
    #expect(!prefs.$fontSize.hasStoredValue)
    let received = try await firstElements(1, of: changes)
    #expect(
      received == [
        PreferenceChange(key: "fontSize", origin: .reset, oldValue: .double(20), newValue: .double(12))
      ])
  }

  @Test func resetAllButOneByKeyPaths() async throws {
    let store = InMemoryStore()
    store.apply([
      "fontSize": .set(.double(20)), "theme": .set(.string("dark")), "launched": .set(.bool(true)),
    ])
    let prefs = DevicePreferences(store: store)
    let changes = prefs.changes()
    // A computed property resets what it reads.
    prefs.reset(\.fontSize, \.themeName)
    try prefs.writePreferences()
    #expect(store.allValues() == ["launched": .bool(true)])
    let received = try await firstElements(2, of: changes)
    #expect(Set(received.map(\.key)) == ["fontSize", "theme"])
    #expect(received.allSatisfy { $0.origin == .reset })
  }

  @Test func aDefaultComputedAtDeclarationIsMadeStableByWritingItOnce() throws {
    let store = InMemoryStore()
    func launch() throws -> String {
      let prefs = DevicePreferences(store: store)
      if !prefs.$deviceID.hasStoredValue {
        prefs.deviceID = prefs.deviceID
        try prefs.writePreferences()
      }
      return prefs.deviceID
    }
    let first = try launch()
    #expect(try launch() == first)
  }

  @Test func updatesFollowOnePreference() async throws {
    let prefs = DevicePreferences(store: InMemoryStore())
    let sizes = prefs.$fontSize.updates()
    prefs.launched = true
    prefs.fontSize = 14
    #expect(try await firstElements(2, of: sizes) == [12, 14])
  }
}
