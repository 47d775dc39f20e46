// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A store of the user's own gets from `Preferences` what it implements, through the protocol
/// alone, as the package's own stores do: salvage, the update route and what the class
/// declares, a location, keyed observation, and the layers of `UserDefaults`' other domains.
struct CustomStoreTests {
  @Test func aDamagedCustomStoreThatSalvagesLoadsWhatItSalvaged() {
    let store = CustomRecordingStore(damaged: true)
    let prefs = AppPreferences(store: store)
    #expect(prefs.userName == "salvaged")
    #expect(prefs.fontSize == 12, "a lost entry holds its default")
  }

  @Test func writesAndImportsReachACustomStoreThroughItsUpdate() throws {
    let store = CustomRecordingStore()
    let prefs = AppPreferences(store: store)
    prefs.fontSize = 15
    try prefs.writePreferences()
    _ = try prefs.importValues(from: try prefs.exportValues(format: .json))
    #expect(store.updates.count == 2)
    #expect(store.updates.first?.keys == ["fontSize"])
    #expect(store.applies == 0, "the default update's apply is not called: the store updates")
    #expect(try store.value(forKey: "fontSize") == .double(15))
  }

  @Test func aCustomStoreUpdateLearnsWhatTheClassDeclares() throws {
    let store = CustomRecordingStore()
    let prefs = AppPreferences(store: store)
    prefs.fontSize = 15
    try prefs.writePreferences()
    let declared = try #require(store.declarations.first ?? nil)
    #expect(declared == AppPreferences.schema)
    #expect(declared.entries.contains { $0.key == "fontSize" && $0.defaultValue == .double(12) })
    try store.update(StoreUpdate()) { $0["direct"] = .bool(true) }
    #expect(store.declarations.last == .some(nil), "a direct update declares nothing")
  }

  @Test func theDeclarationsAreWorkedOutOnlyWhenAStoreReadsThem() {
    let count = Locked(0)
    let update = StoreUpdate(readingKeys: nil, keepingPrevious: nil) {
      count.withLock { $0 += 1 }
      return AppPreferences.schema
    }
    #expect(count.withLock { $0 } == 0)
    #expect(update.declarations?.entries.isEmpty == false)
    #expect(count.withLock { $0 } == 1)
    #expect(StoreUpdate().declarations == nil)
  }

  @Test func aCustomStoreOverUserDefaultsGetsItsOtherDomainsAsLayers() throws {
    try withTemporarySuite { name, defaults throws in
      defaults.register(defaults: ["fontSize": 20.0])
      let store = CustomRecordingStore()
      store.domains = UserDefaultsDomains(defaults: defaults, ownDomain: name)
      let prefs = AppPreferences(store: store)
      #expect(prefs.fontSize == 20)
      #expect(prefs.$fontSize.source == .system)
      #expect(!prefs.$fontSize.hasStoredValue)
      #expect(AppPreferences(store: CustomRecordingStore()).$fontSize.source == .default)
    }
  }

  @Test func aCustomStoreLocationNamesItInLayerReportsAndLayersAndSharesASaveQueue() throws {
    let location = URL(fileURLWithPath: "/srv/settings/com.example.notes/settings.db")
    let first = CustomRecordingStore(location: location)
    let second = CustomRecordingStore(location: location)
    #expect(SaveQueues.queue(for: first) === SaveQueues.queue(for: second))
    #expect(SaveQueues.queue(for: first) !== SaveQueues.queue(for: CustomRecordingStore()))
    #expect(Preferences.layerIdentifier(of: first) == "com.example.notes")
    try first.apply(["theme": .set(.string("dark"))])
    let report = try LayerReport(key: "theme", store: first, environment: [:])
    #expect(report.entries.first?.sourceDescription == location.path)
  }

  @Test func watchingAsksACustomStoreToFollowTheDeclaredKeys() {
    let store = CustomRecordingStore()
    let prefs = AppPreferences(store: store)
    prefs.startWatchingStore()
    #expect(store.observedKeys == prefs.preferenceKeys)
    #expect(
      prefs.state.withLock { $0.watcher }?.pollsStore == false,
      "a store that reports every change is not checked besides")
    let polled = AppPreferences(store: InMemoryStore())
    polled.startWatchingStore()
    #expect(polled.state.withLock { $0.watcher }?.pollsStore == true)
    polled.stopWatchingStore()
    #expect(!store.stoppedObserving)
    prefs.stopWatchingStore()
    #expect(store.stoppedObserving)
  }
}

/// A store of the user's own that implements every optional requirement, and records what
/// `Preferences` asks of it.
final class CustomRecordingStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: every `var` is only touched while `lock` is held.
  private let lock = NSLock()
  private var values: [String: PropertyListValue] = [:]
  private var damaged: Bool
  private var recordedUpdates: [(keys: [String]?, reason: String?)] = []
  private var recordedDeclarations: [PreferenceSchema?] = []
  private var userDefaults: UserDefaultsDomains?
  private var applyCount = 0
  private var keys: [String]?
  private var stopped = false
  let location: URL?

  init(damaged: Bool = false, location: URL? = nil) {
    self.damaged = damaged
    self.location = location
  }

  var updates: [(keys: [String]?, reason: String?)] { lock.withLock { recordedUpdates } }
  /// What each update was told the class declares.
  var declarations: [PreferenceSchema?] { lock.withLock { recordedDeclarations } }
  /// What ``userDefaultsDomains`` returns.
  var domains: UserDefaultsDomains? {
    get { lock.withLock { userDefaults } }
    set { lock.withLock { userDefaults = newValue } }
  }
  var userDefaultsDomains: UserDefaultsDomains? { domains }
  var applies: Int { lock.withLock { applyCount } }
  var observedKeys: [String]? { lock.withLock { keys } }
  var stoppedObserving: Bool { lock.withLock { stopped } }

  func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
    try lock.withLock {
      if damaged { throw PreferenceError(.corruptFile, reason: "a torn page") }
      return values
    }
  }

  func apply(_ changes: [String: StoredChange]) throws {
    lock.withLock {
      applyCount += 1
      for (key, change) in changes { values[key] = change.value }
    }
  }

  @discardableResult
  func update(
    _ request: StoreUpdate, _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    let declarations = request.declarations
    try lock.withLock {
      recordedUpdates.append((request.readingKeys.map { $0.sorted() }, request.keepingPrevious))
      recordedDeclarations.append(declarations)
      var changed = values
      try transform(&changed)
      values = changed
      damaged = false
    }
    return []
  }

  func salvage(after error: PreferenceError) -> SalvagedValues? {
    guard error.kind == .corruptFile else { return nil }
    return SalvagedValues(values: ["userName": .string("salvaged")], lostKeys: ["fontSize"])
  }

  func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> StoreObservation? {
    lock.withLock { self.keys = keys }
    return StoreObservation(reportsEveryChange: true) {
      self.lock.withLock { self.stopped = true }
    }
  }
}
