// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A subclass that takes the names the base class no longer reserves: its old, removed names
/// (`keys`, `store`, `isDirty`, `loadErrors`, `saveErrors`, `syncErrors`). That it compiles at
/// all is half the test: a public instance property of `Preferences` with one of these names
/// would make each declaration an error ("cannot override").
final class CommonNamePreferences: Preferences, @unchecked Sendable {
  @Preference var keys: [String] = []
  @Preference var store = "main"
  @Preference var isDirty = false
  @Preference var loadErrors = 0
  @Preference var saveErrors = 0
  @Preference var syncErrors = 0
}

/// The names README's pitfalls and the Architecture article's "Names a subclass cannot use"
/// leave free are a user's to take.
struct PropertyNameTests {
  @Test func aSubclassCanNameItsPreferencesAfterTheBaseClassesOldNames() throws {
    let store = InMemoryStore()
    let prefs = CommonNamePreferences(store: store)
    #expect(
      prefs.preferenceKeys
        == ["keys", "store", "isDirty", "loadErrors", "saveErrors", "syncErrors"])
    prefs.keys = ["a", "b"]
    prefs.store = "backup"
    prefs.isDirty = true
    prefs.loadErrors = 1
    prefs.saveErrors = 2
    prefs.syncErrors = 3
    #expect(prefs.hasUnsavedChanges)
    try prefs.writePreferences()
    #expect(try store.value(forKey: "store") == .string("backup"))
    #expect(try store.value(forKey: "isDirty") == .bool(true))
    let again = CommonNamePreferences(store: store)
    #expect(again.keys == ["a", "b"] && again.store == "backup" && again.isDirty)
    #expect(again.loadErrors == 1 && again.saveErrors == 2 && again.syncErrors == 3)
    #expect(again.preferenceProblems.isEmpty)
  }
}
