// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKitTesting
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

final class SyncedPreferences: Preferences, @unchecked Sendable {
  @Preference(synced: true) var theme = Theme.light
  @Preference(synced: true) var fontSize = 12.0
  @Preference var windowFrameData = Data()
  @Preference(synced: true) var notes = ""
}

final class LongKeyPreferences: Preferences, @unchecked Sendable {
  @Preference(key: String(repeating: "k", count: 65), synced: true) var tooLong = 0
}

/// A sync store that can be made unreachable, and counts the pushes it receives.
final class FlakySyncStore: SyncStore, @unchecked Sendable {
  // @unchecked: `isReachable` and `pushes` are guarded by `lock`.
  private let lock = NSLock()
  private let base: InMemorySyncStore
  private var reachable = true
  private var pushCount = 0

  init(limits: SyncLimits = .iCloud) { base = InMemorySyncStore(limits: limits) }

  var limits: SyncLimits { base.limits }
  var isReachable: Bool {
    get { lock.withLock { reachable } }
    set { lock.withLock { reachable = newValue } }
  }
  var pushes: Int { lock.withLock { pushCount } }

  func allEntries() throws -> [String: SyncEntry] {
    guard isReachable else { throw PreferenceError(.syncFailed, reason: "offline") }
    return base.allEntries()
  }

  func apply(_ entries: [String: SyncEntry], from device: String) throws {
    guard isReachable else { throw PreferenceError(.syncFailed, reason: "offline") }
    lock.withLock { pushCount += 1 }
    try base.apply(entries, from: device)
  }
}

/// A sync store that reports the events a test sends it, as the iCloud store's notifications do.
final class ReportingSyncStore: SyncStore, @unchecked Sendable {
  // @unchecked: `handler` and `account` are guarded by `lock`.
  private let lock = NSLock()
  private var account = InMemorySyncStore()
  private var handler: (@Sendable (SyncStoreEvent) -> Void)?

  /// The store of the account signed in now.
  var base: InMemorySyncStore { lock.withLock { account } }
  var limits: SyncLimits { base.limits }
  func allEntries() -> [String: SyncEntry] { base.allEntries() }
  func apply(_ entries: [String: SyncEntry], from device: String) throws {
    try base.apply(entries, from: device)
  }

  /// Signs in to another, empty account.
  func switchAccount() {
    lock.withLock { account = InMemorySyncStore() }
  }

  func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)? {
    lock.withLock { self.handler = handler }
    return { [weak self] in self?.lock.withLock { self?.handler = nil } }
  }

  /// Reports `event` as the store would.
  func send(_ event: SyncStoreEvent) {
    lock.withLock { handler }?(event)
  }

  var isObserved: Bool { lock.withLock { handler != nil } }
}

/// A wall clock that tests set by hand, shared by several devices, each with its own skew.
final class TestClock: @unchecked Sendable {
  // @unchecked: `now` is guarded by `lock`.
  private let lock = NSLock()
  private var milliseconds: Int64

  init(_ milliseconds: Int64 = 1_700_000_000_000) { self.milliseconds = milliseconds }

  /// Milliseconds since 1970, as every device without skew reads them.
  var now: Int64 {
    get { lock.withLock { milliseconds } }
    set { lock.withLock { milliseconds = newValue } }
  }

  /// The clock as a device whose clock is off by `skew` milliseconds reads it.
  func wallClock(skew: Int64 = 0) -> WallClock {
    WallClock { [self] in now + skew }
  }
}

/// A sync store that counts how many observations of it are running.
final class ObservedSyncStore: SyncStore, @unchecked Sendable {
  // @unchecked: `running` is guarded by `lock`.
  private let lock = NSLock()
  private var running = 0
  private let base = InMemorySyncStore()

  var limits: SyncLimits { base.limits }
  var observations: Int { lock.withLock { running } }
  func allEntries() -> [String: SyncEntry] { base.allEntries() }
  func apply(_ entries: [String: SyncEntry], from device: String) throws {
    try base.apply(entries, from: device)
  }

  func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)? {
    lock.withLock { running += 1 }
    let stopped = Locked(false)
    return { [self] in
      if stopped.exchange(true) == false { lock.withLock { running -= 1 } }
    }
  }
}

extension SyncTimestamp {
  /// A timestamp at `milliseconds` of device `device`, for tests.
  static func at(_ milliseconds: Int64, _ device: String = "cloud") -> SyncTimestamp {
    SyncTimestamp(milliseconds: milliseconds, device: device)
  }
}

struct SyncTests {
  /// Polls `condition` until it holds or a generous deadline passes.

  @Test func aSyncedChangeReachesTheOtherMachineButALocalOneDoesNot() async throws {
    let cloud = InMemorySyncStore()
    let first = SyncedPreferences(store: InMemoryStore())
    let secondStore = InMemoryStore()
    let second = SyncedPreferences(store: secondStore)
    try first.startSyncing(with: cloud)
    try second.startSyncing(with: cloud)
    defer {
      first.stopSyncing()
      second.stopSyncing()
    }
    let changes = second.changes()
    first.fontSize = 15
    first.windowFrameData = Data(rect: CGRect(x: 1, y: 1, width: 1, height: 1))
    try first.writePreferences()
    let received = try await firstElements(1, of: changes)
    #expect(
      received == [
        PreferenceChange(
          key: "fontSize", origin: .external, oldValue: .double(12), newValue: .double(15))
      ])
    #expect(second.fontSize == 15)
    #expect(second.windowFrameData.isEmpty)
    #expect(secondStore.allValues()["fontSize"] == .double(15))
    #expect(cloud.allEntries()["windowFrameData"] == nil)
  }

  @Test func aFreshInstallTakesTheCloudsValuesInsteadOfPushingDefaults() throws {
    let cloud = InMemorySyncStore()
    try cloud.apply(["theme": SyncEntry(value: .string("dark"), timestamp: .at(1))], from: "x")
    let fresh = SyncedPreferences(store: InMemoryStore())
    try fresh.startSyncing(with: cloud)
    defer { fresh.stopSyncing() }
    #expect(fresh.theme == .dark)
    #expect(cloud.allEntries().keys.sorted() == ["theme"])
    #expect(!fresh.hasUnsavedChanges)
  }

  @Test func conflictsAreDecidedKeyByKeyByTimestamp() throws {
    let cloud = InMemorySyncStore()
    try cloud.apply(
      [
        "theme": SyncEntry(value: .string("dark"), timestamp: .at(1_000)),
        "fontSize": SyncEntry(value: .double(16), timestamp: .at(3_000)),
      ], from: "cloud")
    let middle = SyncTimestamp.at(2_000, "here")
    let local = InMemoryStore([
      "theme": .string("light"), "fontSize": .double(14),
      ReservedKey.syncRecord("theme"):
        SyncEntry(value: .string("light"), timestamp: middle).propertyListValue,
      ReservedKey.syncRecord("fontSize"):
        SyncEntry(value: .double(14), timestamp: middle).propertyListValue,
    ])
    let prefs = SyncedPreferences(store: local)
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(prefs.fontSize == 16)
    #expect(prefs.theme == .light)
    #expect(cloud.allEntries()["theme"] == SyncEntry(value: .string("light"), timestamp: middle))
    #expect(cloud.allEntries()["fontSize"]?.value == .double(16))
    #expect(local.allValues()["fontSize"] == .double(16))
  }

  @Test func aPulledValueIsNeverPushedBack() throws {
    let cloud = FlakySyncStore()
    let stamp = SyncTimestamp.at(5_000)
    try cloud.apply(["notes": SyncEntry(value: .string("hello"), timestamp: stamp)], from: "x")
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(prefs.notes == "hello")
    prefs.windowFrameData = Data([1])
    try prefs.writePreferences()
    prefs.readPreferences()
    prefs.exchange()
    #expect(cloud.pushes == 1)
    #expect(try cloud.allEntries()["notes"]?.timestamp == stamp)
  }

  @Test func aResetTravelsAsARemoval() async throws {
    let cloud = InMemorySyncStore()
    let first = SyncedPreferences(store: InMemoryStore())
    let second = SyncedPreferences(store: InMemoryStore())
    try first.startSyncing(with: cloud)
    try second.startSyncing(with: cloud)
    defer {
      first.stopSyncing()
      second.stopSyncing()
    }
    first.notes = "shared"
    try first.writePreferences()
    #expect(await eventually { second.notes == "shared" })
    first.resetToDefaults()
    try first.writePreferences()
    #expect(await eventually { second.notes == "" })
    #expect(cloud.allEntries()["notes"]?.value == nil)
  }

  @Test func twoMachinesEditingOneKeyInTheSameSecondAgreeOnTheLaterEdit() throws {
    try withTemporaryFolder { folder in
      let clock = TestClock(1_700_000_000_200)
      let first = SyncedPreferences(store: InMemoryStore())
      let second = SyncedPreferences(store: InMemoryStore())
      for prefs in [first, second] {
        try prefs.startSyncing(
          with: FileSyncStore(folder: folder), wallClock: clock.wallClock(),
          pullsAutomatically: false)
      }
      first.fontSize = 16
      try first.writePreferences()
      clock.now += 100
      second.fontSize = 17
      try second.writePreferences()
      first.exchange()
      second.exchange()
      #expect(first.fontSize == 17)
      #expect(second.fontSize == 17)
    }
  }

  @Test func aLaterChangeSurvivesARestartFromAPropertyListStoreWithinTheSameSecond() throws {
    try withTemporaryFolder { folder in
      let clock = TestClock(1_700_000_000_200)
      let cloud = FlakySyncStore()
      let other = SyncedPreferences(store: InMemoryStore())
      try other.startSyncing(with: cloud, wallClock: clock.wallClock(), pullsAutomatically: false)
      other.fontSize = 17
      try other.writePreferences()
      // This machine, offline, changes the key 700 ms later, in the same second.
      let url = folder.appendingPathComponent("here.plist")
      clock.now += 700
      cloud.isReachable = false
      let offline = SyncedPreferences(store: FileStore(url: url))
      try offline.startSyncing(with: cloud, wallClock: clock.wallClock(), pullsAutomatically: false)
      offline.fontSize = 16
      try offline.writePreferences()
      offline.stopSyncing()
      cloud.isReachable = true
      let restarted = SyncedPreferences(store: FileStore(url: url))
      try restarted.startSyncing(
        with: cloud, wallClock: clock.wallClock(), pullsAutomatically: false)
      other.exchange()
      #expect(restarted.fontSize == 16)
      #expect(other.fontSize == 16)
    }
  }

  @Test func aMachineWhoseClockRunsBehindWinsWithAChangeMadeAfterSeeingTheOthers() throws {
    let clock = TestClock()
    let cloud = InMemorySyncStore()
    let ahead = SyncedPreferences(store: InMemoryStore())
    let behind = SyncedPreferences(store: InMemoryStore())
    try ahead.startSyncing(with: cloud, wallClock: clock.wallClock(), pullsAutomatically: false)
    try behind.startSyncing(
      with: cloud, wallClock: clock.wallClock(skew: -5 * 60_000), pullsAutomatically: false)
    ahead.notes = "first"
    try ahead.writePreferences()
    behind.exchange()
    #expect(behind.notes == "first")
    clock.now += 1_000
    behind.notes = "second"
    try behind.writePreferences()
    ahead.exchange()
    #expect(ahead.notes == "second")
  }

  @Test func aKeyChangedOrResetWhileNotSyncingIsPushedOnTheNextStart() throws {
    let cloud = InMemorySyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    prefs.notes = "synced"
    prefs.fontSize = 20
    try prefs.writePreferences()
    prefs.stopSyncing()
    prefs.resetToDefaults()
    prefs.notes = "offline"
    try prefs.writePreferences()
    #expect(cloud.allEntries()["notes"]?.value == .string("synced"))
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(cloud.allEntries()["notes"]?.value == .string("offline"))
    #expect(cloud.allEntries()["fontSize"].map { $0.value == nil } == true)
  }

  @Test func aClassWithNoSyncedKeysWritesNoSyncBookkeeping() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    prefs.fontSize = 20
    try prefs.writePreferences()
    #expect(store.allValues().keys.sorted() == ["fontSize"])
  }

  @Test func aSyncedKeyEditedWhileNotSyncingIsStampedAndBeatsAnOlderSharedValue() throws {
    let cloud = InMemorySyncStore()
    try cloud.apply(["fontSize": SyncEntry(value: .double(20), timestamp: .at(1))], from: "x")
    let store = InMemoryStore()
    let prefs = SyncedPreferences(store: store)
    prefs.fontSize = 30
    try prefs.writePreferences()
    // The edit carries its stamp, and the device has its identifier.
    #expect(store.allValues()[ReservedKey.syncRecord("fontSize")] != nil)
    #expect(store.allValues()[ReservedKey.deviceID] != nil)
    // A key this device never edited still takes the shared value.
    try cloud.apply(["notes": SyncEntry(value: .string("shared"), timestamp: .at(2))], from: "x")
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(prefs.fontSize == 30)
    #expect(cloud.allEntries()["fontSize"]?.value == .double(30))
    #expect(prefs.notes == "shared")
  }

  @Test func twoProcessesSharingALocalStoreKeepEachOthersRecords() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("shared.plist")
      let cloud = InMemorySyncStore()
      let first = SyncedPreferences(store: FileStore(url: url))
      let second = SyncedPreferences(store: FileStore(url: url))
      try first.startSyncing(with: cloud, wallClock: .system, pullsAutomatically: false)
      try second.startSyncing(with: cloud, wallClock: .system, pullsAutomatically: false)
      first.fontSize = 20
      try first.writePreferences()
      second.notes = "mine"
      try second.writePreferences()
      let stored = try FileStore(url: url).allValues()
      let records = Preferences.syncRecords(in: stored, keys: ["fontSize", "notes"])
      #expect(records["fontSize"]?.value == .double(20))
      #expect(records["notes"]?.value == .string("mine"))
    }
  }

  @Test func anUnreachableFolderNamesEachPendingKey() throws {
    try withTemporaryFolder { folder in
      let shared = folder.appendingPathComponent("share")
      let prefs = SyncedPreferences(store: InMemoryStore())
      try prefs.startSyncing(with: FileSyncStore(folder: shared))
      defer { prefs.stopSyncing() }
      prefs.fontSize = 20
      prefs.notes = "mine"
      try prefs.writePreferences()
      #expect(prefs.problemErrors(.sync).map(\.key) == ["fontSize", "notes"])
      #expect(prefs.problemErrors(.sync).allSatisfy { $0.kind == .syncFailed })
      #expect(prefs.problemErrors(.sync).allSatisfy { $0.description.contains(shared.path) })
      prefs.exchange()
      #expect(prefs.problemErrors(.sync).map(\.key) == ["fontSize", "notes"])
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      prefs.exchange()
      #expect(prefs.problemErrors(.sync).isEmpty)
      #expect(try FileSyncStore(folder: shared).allEntries()["notes"]?.value == .string("mine"))
    }
  }

  @Test func startingAndStoppingFromManyThreadsLeavesNoSessionRunning() async throws {
    let cloud = ObservedSyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<8 {
        group.addTask {
          for round in 0..<40 {
            if (thread + round) % 3 == 0 {
              prefs.stopSyncing()
            } else {
              try? prefs.startSyncing(with: cloud)
            }
          }
        }
      }
    }
    prefs.stopSyncing()
    #expect(cloud.observations == 0)
  }

  @Test func aFileInTheFolderThatDoesNotParseIsNamedUntilItDoes() throws {
    try withTemporaryFolder { folder in
      let damaged = folder.appendingPathComponent("laptop.plist")
      try Data("<plist><dict><key>notes</key><string>half".utf8).write(to: damaged)
      let prefs = SyncedPreferences(store: InMemoryStore())
      try prefs.startSyncing(with: FileSyncStore(folder: folder))
      defer { prefs.stopSyncing() }
      #expect(prefs.problemErrors(.sync).count == 1)
      #expect(prefs.problemErrors(.sync).first?.file == damaged)
      #expect(prefs.problemErrors(.sync).first?.kind == .corruptFile)
      #expect(prefs.problemErrors(.sync).first?.description.contains("skipped until it parses") == true)
      try FileSyncStore(folder: folder).apply(
        ["notes": SyncEntry(value: .string("arrived"), timestamp: .at(5, "laptop"))],
        from: "other")
      try FileManager.default.removeItem(at: damaged)
      prefs.exchange()
      #expect(prefs.problemErrors(.sync).isEmpty)
      #expect(prefs.notes == "arrived")
    }
  }

  @Test func aConflictCopyIsReadAsOneMoreSource() throws {
    try withTemporaryFolder { folder in
      let store = FileSyncStore(folder: folder)
      try store.apply(
        ["notes": SyncEntry(value: .string("kept"), timestamp: .at(2, "a"))], from: "a")
      try FileManager.default.moveItem(
        at: store.fileURL(forDevice: "a"),
        to: folder.appendingPathComponent("a.sync-conflict-20261122-153000-ABCDEFG.plist"))
      try store.apply(
        ["notes": SyncEntry(value: .string("older"), timestamp: .at(1, "a"))], from: "a")
      #expect(try store.allEntries()["notes"]?.value == .string("kept"))
    }
  }

  @Test func aDepartedDevicesFileCanBeDeletedOnceAnotherDeviceHasSynced() throws {
    try withTemporaryFolder { folder in
      let departed = SyncedPreferences(store: InMemoryStore())
      let staying = SyncedPreferences(store: InMemoryStore())
      try departed.startSyncing(with: FileSyncStore(folder: folder))
      departed.notes = "last words"
      try departed.writePreferences()
      departed.stopSyncing()
      try staying.startSyncing(with: FileSyncStore(folder: folder))
      defer { staying.stopSyncing() }
      guard case .string(let id)? = try departed.preferenceStore.value(forKey: ReservedKey.deviceID) else {
        Issue.record("the departed device has no identifier")
        return
      }
      try FileManager.default.removeItem(at: FileSyncStore(folder: folder).fileURL(forDevice: id))
      staying.exchange()
      let fresh = SyncedPreferences(store: InMemoryStore())
      try fresh.startSyncing(with: FileSyncStore(folder: folder))
      defer { fresh.stopSyncing() }
      #expect(fresh.notes == "last words")
    }
  }

  @Test func everySyncStoreTheLibraryShipsKeepsTheContract() throws {
    try SyncStoreConformance { InMemorySyncStore(limits: $0) }.run()
    for format in [PropertyListFormat.propertyList, .json] {
      try withTemporaryFolder { folder in
        try SyncStoreConformance { limits in
          let store = folder.appendingPathComponent(UUID().uuidString)
          try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
          return FileSyncStore(folder: store, format: format, limits: limits)
        }.run()
      }
    }
    try SyncStoreConformance { limits in
      KeyValueSyncStore(keyValueStore: FakeKeyValueStore(), limits: limits)
    }.run()
  }

  @Test func theSyncChecksCatchAStoreWhereTheLastWriterWins() throws {
    let error = #expect(throws: SyncStoreConformance.Failure.self) {
      try SyncStoreConformance { _ in LastWriterWinsStore() }.run()
    }
    #expect(error?.problems.contains("the newer entry wins, whichever arrives first") == true)
  }

  @Test func aKeyThatCanNeverSyncIsRefusedBeforeAnythingIsPushed() {
    let cloud = InMemorySyncStore()
    let prefs = LongKeyPreferences(store: InMemoryStore())
    prefs.tooLong = 1
    let error = #expect(throws: PreferenceError.self) { try prefs.startSyncing(with: cloud) }
    #expect(error?.kind == .syncLimitExceeded)
    #expect(error?.key == String(repeating: "k", count: 65))
    #expect(error?.description.contains("64") == true)
    #expect(cloud.allEntries().isEmpty)
  }

  @Test func aValueOverTheLimitIsSavedLocallyAndReportedUntilAPushSucceeds() throws {
    // A value is measured with its timestamp (about 60 bytes here).
    let limits = SyncLimits(
      maximumKeyCount: 10, maximumKeyLength: 64, maximumValueSize: 150, maximumTotalSize: 1_000)
    let cloud = InMemorySyncStore(limits: limits)
    let local = InMemoryStore()
    let prefs = SyncedPreferences(store: local)
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    prefs.notes = String(repeating: "x", count: 151)
    try prefs.writePreferences()
    #expect(local.allValues()["notes"] == .string(String(repeating: "x", count: 151)))
    #expect(cloud.allEntries()["notes"] == nil)
    #expect(prefs.problemErrors(.sync).map(\.key) == ["notes"])
    #expect(prefs.problemErrors(.sync).first?.kind == .syncLimitExceeded)
    prefs.notes = "short"
    try prefs.writePreferences()
    #expect(cloud.allEntries()["notes"]?.value == .string("short"))
    #expect(prefs.problemErrors(.sync).isEmpty)
  }

  @Test func tooManyKeysAreRefusedBeforeTheWrite() throws {
    let limits = SyncLimits(
      maximumKeyCount: 2, maximumKeyLength: 64, maximumValueSize: 100, maximumTotalSize: 1_000)
    let cloud = InMemorySyncStore(limits: limits)
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    prefs.theme = .dark
    prefs.fontSize = 20
    prefs.notes = "third"
    try prefs.writePreferences()
    #expect(cloud.allEntries().isEmpty)
    #expect(prefs.problemErrors(.sync).contains { $0.description.contains("at most 2 keys") })
  }

  @Test func pushesThatFailAreRetriedByTheNextWrite() throws {
    let cloud = FlakySyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    cloud.isReachable = false
    prefs.fontSize = 18
    try prefs.writePreferences()
    #expect(prefs.problemErrors(.sync).map(\.kind) == [.syncFailed])
    #expect(prefs.problemErrors(.sync).map(\.key) == ["fontSize"])
    #expect(!prefs.hasUnsavedChanges)
    cloud.isReachable = true
    try prefs.writePreferences()
    #expect(try cloud.allEntries()["fontSize"]?.value == .double(18))
    #expect(prefs.problemErrors(.sync).isEmpty)
  }

  @Test func aQuotaViolationReportedByTheStoreIsListedInSyncErrors() throws {
    let cloud = ReportingSyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    #expect(cloud.isObserved)
    cloud.send(.quotaViolation)
    #expect(prefs.problemErrors(.sync).map(\.kind) == [.syncLimitExceeded])
    #expect(prefs.problemErrors(.sync).first?.description.contains("quota") == true)
    prefs.stopSyncing()
    #expect(!cloud.isObserved)
  }

  @Test func anAccountChangeReconcilesEveryKeyAgain() async throws {
    let cloud = ReportingSyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    prefs.notes = "mine"
    try prefs.writePreferences()
    cloud.switchAccount()
    cloud.send(.accountChanged)
    #expect(await eventually { cloud.base.allEntries()["notes"]?.value == .string("mine") })
  }
}

/// Runs `body` with a fresh temporary folder, removed afterwards.
func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  return try body(directory.url)
}

/// A sync store that keeps whatever arrives last, to show the checks catch it.
final class LastWriterWinsStore: SyncStore, @unchecked Sendable {
  // @unchecked: `entries` is only touched while `lock` is held.
  let limits = SyncLimits.iCloud
  private let lock = NSLock()
  private var entries: [String: SyncEntry] = [:]

  func allEntries() -> [String: SyncEntry] { lock.withLock { entries } }

  func apply(_ newEntries: [String: SyncEntry], from device: String) throws {
    lock.withLock { entries.merge(newEntries) { $1 } }
  }
}
