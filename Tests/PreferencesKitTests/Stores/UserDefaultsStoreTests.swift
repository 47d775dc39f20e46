// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

struct UserDefaultsStoreTests {
  @Test func valuesWrittenThroughUserDefaultsAreReadByTheProperties() {
    withTemporarySuite { name, defaults in
      defaults.set(16.5, forKey: "fontSize")
      defaults.set(3, forKey: "launchCount")
      defaults.set(true, forKey: "hasAppRun")
      defaults.set("dark", forKey: "theme")
      defaults.set(["x.txt"], forKey: "recentFiles")
      defaults.set(["copy": 4], forKey: "shortcuts")
      defaults.set(true, forKey: "Has Widgets")
      defaults.set(Float(0.25), forKey: "volume")
      let prefs = AppPreferences(store: UserDefaultsStore(suiteName: name))
      #expect(prefs.preferenceProblems.isEmpty)
      #expect(prefs.fontSize == 16.5)
      #expect(prefs.launchCount == 3)
      #expect(prefs.hasAppRun)
      #expect(prefs.theme == .dark)
      #expect(prefs.recentFiles == ["x.txt"])
      #expect(prefs.shortcuts == ["copy": 4])
      #expect(prefs.hasWidgets)
      #expect(prefs.volume == 0.25)
    }
  }

  @Test func valuesSavedByPreferencesAreReadableThroughUserDefaults() throws {
    try withTemporarySuite { name, _ in
      let prefs = AppPreferences(store: UserDefaultsStore(suiteName: name))
      prefs.fontSize = 18
      prefs.userName = "ada"
      prefs.launchCount = 9
      prefs.hasAppRun = true
      prefs.homepage = URL(string: "https://example.org")!
      try prefs.writePreferences()
      let defaults = try #require(UserDefaults(suiteName: name))
      #expect(defaults.double(forKey: "fontSize") == 18)
      #expect(defaults.string(forKey: "userName") == "ada")
      #expect(defaults.integer(forKey: "launchCount") == 9)
      #expect(defaults.bool(forKey: "hasAppRun"))
      #expect(defaults.string(forKey: "homepage") == "https://example.org")
    }
  }

  @Test func booleansIntegersAndDoublesKeepTheirKinds() throws {
    try withTemporarySuite { name, defaults in
      defaults.set(true, forKey: "b")
      defaults.set(1, forKey: "i")
      defaults.set(1.0, forKey: "d")
      let store = UserDefaultsStore(suiteName: name)
      let values = try store.values(forKeys: ["b", "i", "d", "absent"])
      #expect(values == ["b": .bool(true), "i": .integer(1), "d": .double(1)])
    }
  }

  @Test func allValuesListsTheSuiteAndRemovalsApply() throws {
    try withTemporarySuite { name, _ in
      let store = UserDefaultsStore(suiteName: name)
      try store.apply(["a": .set(.string("1")), "b": .set(.date(Date(timeIntervalSince1970: 5)))])
      #expect(
        try store.allValues() == ["a": .string("1"), "b": .date(Date(timeIntervalSince1970: 5))])
      try store.apply(["a": .remove])
      #expect(try store.allValues() == ["b": .date(Date(timeIntervalSince1970: 5))])
    }
  }

  @Test func aFailedApplyLeavesTheDefaultsAsTheyWere() throws {
    try withTemporarySuite { name, _ in
      let defaults = try #require(UnsavableDefaults(suiteName: name))
      defaults.set(1, forKey: "kept")
      defaults.set("old", forKey: "changed")
      let store = UserDefaultsStore(defaults: defaults, domainName: name)
      let thrown = #expect(throws: PreferenceError.self) {
        try store.apply(["changed": .set(.string("new")), "added": .set(.integer(2)), "kept": .remove])
      }
      #expect(thrown?.kind == .writeFailed)
      #expect(defaults.object(forKey: "changed") as? String == "old")
      #expect(defaults.object(forKey: "added") == nil)
      #expect(defaults.object(forKey: "kept") as? Int == 1)
      #expect(try store.allValues() == ["kept": .integer(1), "changed": .string("old")])
    }
  }

  @Test func allValuesListsOnlyTheDomainNotRegisteredOrGlobalDefaults() throws {
    try withTemporarySuite { name, defaults in
      defaults.register(defaults: ["registered": 1])
      let store = UserDefaultsStore(suiteName: name)
      #expect(try store.allValues() == [:])
      try store.apply(["own": .set(.integer(2))])
      #expect(try store.allValues() == ["own": .integer(2)])
    }
  }

  @Test func theStandardDefaultsListTheAppsOwnDomain() throws {
    let store = UserDefaultsStore(defaults: .standard)
    #expect(store.domainName == UserDefaultsStore.standardDomainName)
    let key = "UserDefaultsStoreTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removeObject(forKey: key) }
    UserDefaults.standard.register(defaults: [key + ".registered": 1])
    try store.apply([key: .set(.integer(7))])
    let all = try store.allValues()
    #expect(all[key] == .integer(7))
    #expect(all[key + ".registered"] == nil)
  }
}

extension UserDefaultsStoreTests {
  /// On Apple platforms a change made through another `UserDefaults` object of the suite is
  /// reported by key-value observing; Linux's Foundation has none, so the store is polled.
  @Test func changesToObservedKeysAreReportedWhereKeyValueObservingExists() throws {
    try withTemporarySuite { name, _ in
      let store = UserDefaultsStore(suiteName: name)
      let reported = DispatchSemaphore(value: 0)
      let observation = store.observeChanges(toKeys: ["fontSize"]) { reported.signal() }
      defer { observation?.stop() }
      guard Platform.isApple else {
        #expect(observation == nil)
        return
      }
      #expect(observation?.reportsEveryChange == true)
      let other = try #require(UserDefaults(suiteName: name))
      other.set(15.0, forKey: "fontSize")
      #expect(reported.wait(timeout: .now() + 10) == .success)
    }
  }
}

extension UserDefaultsStoreTests {
  /// The managed app configuration is followed by `UserDefaults.didChangeNotification` alone;
  /// a declared key with a dot, which another process may change, is compared on a timer.
  @Test func onlyDeclaredKeysWithADotArePolled() {
    #expect(
      UserDefaultsStore.polledKeys(among: ["com.apple.configuration.managed", "window.frame"])
        == ["window.frame"])
    #expect(UserDefaultsStore.polledKeys(among: ["com.apple.configuration.managed"]).isEmpty)
  }

  @Test func aChangeToAKeyWithADotIsReported() {
    withTemporarySuite { name, _ in
      let store = UserDefaultsStore(suiteName: name)
      let reported = DispatchSemaphore(value: 0)
      let stop = store.follow(
        ["window.frame"], on: DispatchQueue(label: "test"), report: { reported.signal() })
      defer { stop() }
      store.defaults.set("0 0 10 10", forKey: "window.frame")
      #expect(reported.wait(timeout: .now() + 10) == .success)
    }
  }

  /// `UserDefaults(suiteName: "NSGlobalDomain")` is an error (NSUserDefaults.h), and the store
  /// once wrote the app's own domain instead.
  @Test func theGlobalDomainIsReadAndNeverWritten() throws {
    let store = UserDefaultsStore(suiteName: "NSGlobalDomain")
    let key = "UserDefaultsStoreTests.\(UUID().uuidString)"
    do {
      try store.apply([key: .set(.integer(1))])
      Issue.record("a write to the global domain was not refused")
    } catch let error as PreferenceError {
      #expect(error.kind == .writeFailed)
      #expect(error.key == key)
      #expect(error.description.contains("read-only"))
    }
    #expect(UserDefaults.standard.object(forKey: key) == nil)
    #expect(try store.values(forKeys: [key]).isEmpty)
  }
}

/// Defaults whose `synchronize()` always fails, as it does on a full disk.
private final class UnsavableDefaults: UserDefaults {
  override func synchronize() -> Bool { false }
}
