// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// An in-memory stand-in for `NSUbiquitousKeyValueStore`, with the notifications a test sends.
final class FakeKeyValueStore: UbiquitousKeyValueStoring, @unchecked Sendable {
  // @unchecked: every property is guarded by `lock`.
  private let lock = NSLock()
  private var objects: [String: Any] = [:]
  private var synchronizations = 0
  private var synchronizes = true
  private var changed: (@Sendable (KeyValueStoreChange) -> Void)?
  private var resumed: (@Sendable () -> Void)?

  /// What `synchronize()` returns: `false` as without the entitlement.
  var synchronizeSucceeds: Bool {
    get { lock.withLock { synchronizes } }
    set { lock.withLock { synchronizes = newValue } }
  }
  /// How often `synchronize()` was called.
  var synchronizeCount: Int { lock.withLock { synchronizations } }

  func object(forKey key: String) -> Any? { lock.withLock { objects[key] } }
  func set(_ object: Any?, forKey key: String) { lock.withLock { objects[key] = object } }
  func removeObject(forKey key: String) { lock.withLock { objects[key] = nil } }
  var dictionaryRepresentation: [String: Any] { lock.withLock { objects } }
  func synchronize() -> Bool {
    lock.withLock {
      synchronizations += 1
      return synchronizes
    }
  }

  func observe(
    changed: @escaping @Sendable (KeyValueStoreChange) -> Void,
    resumed: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void {
    lock.withLock {
      self.changed = changed
      self.resumed = resumed
    }
    return { [self] in
      lock.withLock {
        self.changed = nil
        self.resumed = nil
      }
    }
  }

  /// Posts an external-change notification with `reason`.
  func post(_ reason: KeyValueStoreChange) { lock.withLock { changed }?(reason) }
  /// Tells the store the app came back to the foreground.
  func returnToForeground() { lock.withLock { resumed }?() }
}

struct KeyValueSyncStoreTests {
  @Test func aFailedSynchronizationIsListedInSyncErrors() throws {
    let keyValues = FakeKeyValueStore()
    keyValues.synchronizeSucceeds = false
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: KeyValueSyncStore(keyValueStore: keyValues))
    defer { prefs.stopSyncing() }
    #expect(prefs.problemErrors(.sync).map(\.kind) == [.syncFailed])
    #expect(prefs.problemErrors(.sync).first?.description.contains("entitlement") == true)
  }

  /// `UbiquitousSyncStore` once listed "no iCloud account" whenever
  /// `FileManager.ubiquityIdentityToken` was nil, which it is when only iCloud Drive is off and
  /// the key-value store syncs; only a failed `synchronize()` is a problem now.
  @Test func aStoreThatSynchronizesListsNoProblem() throws {
    let keyValues = FakeKeyValueStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: KeyValueSyncStore(keyValueStore: keyValues))
    defer { prefs.stopSyncing() }
    #expect(keyValues.synchronizeCount == 1)
    #expect(prefs.problemErrors(.sync).isEmpty)
  }

  @Test func itSynchronizesAtStartAndOnReturningToTheForegroundButNotOnPushes() throws {
    let keyValues = FakeKeyValueStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: KeyValueSyncStore(keyValueStore: keyValues))
    defer { prefs.stopSyncing() }
    #expect(keyValues.synchronizeCount == 1)
    for size in 13...15 {
      prefs.fontSize = Double(size)
      try prefs.writePreferences()
    }
    #expect(keyValues.synchronizeCount == 1)
    keyValues.returnToForeground()
    #expect(keyValues.synchronizeCount == 2)
  }

  @Test func aServerChangeIsPulledAndTheValueCarriesItsTimestamp() async throws {
    let keyValues = FakeKeyValueStore()
    let store = KeyValueSyncStore(keyValueStore: keyValues)
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: store)
    defer { prefs.stopSyncing() }
    let changes = prefs.changes()
    let entry = SyncEntry(value: .string("from afar"), timestamp: .at(9_999_999_999_999, "far"))
    keyValues.set(entry.propertyListValue.foundationObject, forKey: "notes")
    keyValues.post(.server)
    #expect(
      try await firstElements(1, of: changes) == [
        PreferenceChange(
          key: "notes", origin: .external, oldValue: .string(""), newValue: .string("from afar"))
      ]
    )
    #expect(prefs.notes == "from afar")
    #expect(store.allEntries()["notes"] == entry)
  }

  @Test func aNewerChangeTheServerLostIsPushedAgain() throws {
    let keyValues = FakeKeyValueStore()
    let store = KeyValueSyncStore(keyValueStore: keyValues)
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(
      with: store, wallClock: TestClock().wallClock(), pullsAutomatically: false)
    prefs.notes = "newest"
    try prefs.writePreferences()
    // The server kept an older write that reached it later, as its own order allows.
    let older = SyncEntry(value: .string("older"), timestamp: .at(1, "other"))
    keyValues.set(older.propertyListValue.foundationObject, forKey: "notes")
    prefs.exchange()
    #expect(prefs.notes == "newest")
    #expect(store.allEntries()["notes"]?.value == .string("newest"))
  }

  @Test func eachChangeReasonIsActedOn() async throws {
    let keyValues = FakeKeyValueStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: KeyValueSyncStore(keyValueStore: keyValues))
    defer { prefs.stopSyncing() }
    keyValues.post(.quotaViolation)
    #expect(prefs.problemErrors(.sync).map(\.kind) == [.syncLimitExceeded])
    prefs.notes = "mine"
    try prefs.writePreferences()
    // A new account starts empty: reconciling pushes what this machine has.
    for key in keyValues.dictionaryRepresentation.keys { keyValues.removeObject(forKey: key) }
    keyValues.post(.accountChange)
    let deadline = ContinuousClock.now + .seconds(10)
    while keyValues.object(forKey: "notes") == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(keyValues.object(forKey: "notes") != nil)
    #expect(prefs.problemErrors(.sync).isEmpty)
  }
}
