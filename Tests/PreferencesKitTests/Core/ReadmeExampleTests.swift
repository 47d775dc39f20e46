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

/// The README's quick start, run as written.
struct ReadmeExampleTests {
  @Test func quickStartBehavesAsTheReadmeSays() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    prefs.fontSize += 2
    prefs.recentFiles.append("notes.txt")
    let unsaved: Bool = prefs.hasUnsavedChanges
    #expect(unsaved)
    try prefs.writePreferences()
    #expect(!prefs.hasUnsavedChanges)
    let reloaded = AppPreferences(store: store)
    #expect(reloaded.fontSize == 14)
    #expect(reloaded.recentFiles == ["README.md", "notes.txt"])
    prefs.fontSize = 30
    prefs.readPreferences()
    #expect(prefs.fontSize == 14)
    prefs.resetToDefaults()
    #expect(prefs.fontSize == 12)
    #expect(prefs.recentFiles == ["README.md"])
    #expect(prefs.hasUnsavedChanges)
    let names: [String] = prefs.preferenceKeys
    #expect(
      names == [
        "userName", "fontSize", "hasAppRun", "launchCount", "volume", "lastOpened", "homepage",
        "theme", "recentFiles", "shortcuts", "person", "Has Widgets", "windowFrameData",
      ])
    let problems: [PreferenceProblem] = prefs.preferenceProblems
    #expect(problems.isEmpty)
  }

  @Test func defaultStoreAndUserDefaultsStoresAreCreatable() throws {
    let suite = UserDefaultsStore(suiteName: "com.example.app")
    let standard = UserDefaultsStore(defaults: .standard)
    let fallback = AppPreferences()
    #expect(suite.defaults !== standard.defaults)
    #expect(fallback.preferenceKeys.count == 13)
    #if canImport(Darwin)
      #expect((fallback.preferenceStore as? UserDefaultsStore)?.defaults === UserDefaults.standard)
    #else
      let fileStore = try #require(fallback.preferenceStore as? FileStore)
      #expect(fileStore.url == FileStore.defaultURL(for: FileStore.defaultIdentifier))
    #endif
  }

  @Test func windowFrameRoundTripsThroughData() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    prefs.windowFrame = CGRect(x: 10, y: 20, width: 300, height: 400)
    try prefs.writePreferences()
    #expect(
      AppPreferences(store: store).windowFrame == CGRect(x: 10, y: 20, width: 300, height: 400))
  }
}
