// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A `UserDefaultsStore` keeps `UserDefaults`' merged view, but only its own domain is stored:
/// values from the other domains are layers.
struct UserDefaultsStoreDomainTests {
  @Test func aRegisteredDefaultIsTheSystemLayerNotAStoredValue() throws {
    try withTemporarySuite { name, defaults throws in
      defaults.register(defaults: ["fontSize": 20.0])
      let store = UserDefaultsStore(defaults: defaults, domainName: name)
      #expect(try store.values(forKeys: ["fontSize"]) == [:])
      #expect(try store.allValues() == [:])
      let prefs = AppPreferences(store: store)
      #expect(prefs.fontSize == 20)
      #expect(prefs.$fontSize.source == .system)
      #expect(!prefs.$fontSize.hasStoredValue)
    }
  }

  @Test func valuesForKeysAndAllValuesAgree() throws {
    try withTemporarySuite { name, defaults throws in
      defaults.register(defaults: ["theme": "dark"])
      defaults.set(14.0, forKey: "fontSize")
      let store = UserDefaultsStore(defaults: defaults, domainName: name)
      let all = try store.allValues()
      #expect(all == ["fontSize": .double(14)])
      #expect(try store.values(forKeys: ["fontSize", "theme"]) == all)
    }
  }

  @Test func aResetRemovesTheStoredValueAndTheNextLayerShows() throws {
    try withTemporarySuite { name, defaults throws in
      defaults.register(defaults: ["fontSize": 20.0])
      defaults.set(14.0, forKey: "fontSize")
      let store = UserDefaultsStore(defaults: defaults, domainName: name)
      let prefs = AppPreferences(store: store)
      #expect(prefs.fontSize == 14)
      #expect(prefs.$fontSize.source == .user)
      prefs.$fontSize.reset()
      try prefs.writePreferences()
      #expect(defaults.persistentDomain(forName: name)?["fontSize"] == nil)
      let next = AppPreferences(store: store)
      #expect(next.fontSize == 20)
      #expect(next.$fontSize.source == .system)
      #expect(!next.$fontSize.hasStoredValue)
    }
  }

  @Test func theArgumentDomainIsTheArgumentsLayerAndIsNeverWritten() throws {
    try withTemporarySuite { name, _ throws in
      let defaults = try #require(LaunchedDefaults(suiteName: name))
      defaults.set(14.0, forKey: "fontSize")
      let store = UserDefaultsStore(defaults: defaults, domainName: name)
      let prefs = AppPreferences(store: store)
      #expect(prefs.fontSize == 18)
      #expect(prefs.$fontSize.source == .arguments)
      #expect(prefs.$fontSize.hasStoredValue)
      prefs.launchCount = 1
      try prefs.writePreferences()
      #expect(defaults.persistentDomain(forName: name)?["fontSize"] as? Double == 14)
    }
  }
}

/// Defaults started with `-fontSize 18`, as an Xcode scheme's arguments start an app.
private final class LaunchedDefaults: UserDefaults {
  override func volatileDomain(forName domainName: String) -> [String: Any] {
    domainName == UserDefaults.argumentDomain
      ? ["fontSize": 18.0] : super.volatileDomain(forName: domainName)
  }
}
