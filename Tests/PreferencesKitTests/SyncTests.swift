import Foundation
import Testing

@testable import PreferencesKit

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

  func apply(_ entries: [String: SyncEntry]) throws {
    guard isReachable else { throw PreferenceError(.syncFailed, reason: "offline") }
    lock.withLock { pushCount += 1 }
    try base.apply(entries)
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
  func apply(_ entries: [String: SyncEntry]) throws { try base.apply(entries) }

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

struct SyncTests {
  /// Polls `condition` until it holds or a generous deadline passes.
  func eventually(_ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      try await Task.sleep(for: .milliseconds(20))
    }
    return true
  }

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
    #expect(received == [PreferenceChange(key: "fontSize", origin: .external)])
    #expect(second.fontSize == 15)
    #expect(second.windowFrameData.isEmpty)
    #expect(secondStore.allValues()["fontSize"] == .double(15))
    #expect(cloud.allEntries()["windowFrameData"] == nil)
  }

  @Test func aFreshInstallTakesTheCloudsValuesInsteadOfPushingDefaults() throws {
    let cloud = InMemorySyncStore()
    try cloud.apply(["theme": SyncEntry(value: .string("dark"), modified: Date())])
    let fresh = SyncedPreferences(store: InMemoryStore())
    try fresh.startSyncing(with: cloud)
    defer { fresh.stopSyncing() }
    #expect(fresh.theme == .dark)
    #expect(cloud.allEntries().keys.sorted() == ["theme"])
    #expect(!fresh.isDirty)
  }

  @Test func conflictsAreDecidedKeyByKeyByTimestamp() throws {
    let old = Date(timeIntervalSince1970: 1_000)
    let middle = Date(timeIntervalSince1970: 2_000)
    let new = Date(timeIntervalSince1970: 3_000)
    let cloud = InMemorySyncStore()
    try cloud.apply([
      "theme": SyncEntry(value: .string("dark"), modified: old),
      "fontSize": SyncEntry(value: .double(16), modified: new),
    ])
    let local = InMemoryStore([
      "theme": .string("light"), "fontSize": .double(14),
      ReservedKey.syncTimestamps: .dictionary(["theme": .date(middle), "fontSize": .date(middle)]),
    ])
    let prefs = SyncedPreferences(store: local)
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(prefs.fontSize == 16)
    #expect(prefs.theme == .light)
    #expect(cloud.allEntries()["theme"] == SyncEntry(value: .string("light"), modified: middle))
    #expect(cloud.allEntries()["fontSize"]?.value == .double(16))
    #expect(local.allValues()["fontSize"] == .double(16))
  }

  @Test func aPulledValueIsNeverPushedBack() throws {
    let cloud = FlakySyncStore()
    let stamp = Date(timeIntervalSince1970: 5_000)
    try cloud.apply(["notes": SyncEntry(value: .string("hello"), modified: stamp)])
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    #expect(prefs.notes == "hello")
    prefs.windowFrameData = Data([1])
    try prefs.writePreferences()
    prefs.readPreferences()
    #expect(cloud.pushes == 1)
    #expect(try cloud.allEntries()["notes"]?.modified == stamp)
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
    #expect(try await eventually { second.notes == "shared" })
    first.resetToDefaults()
    try first.writePreferences()
    #expect(try await eventually { second.notes == "" })
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
    let limits = SyncLimits(
      maximumKeyCount: 10, maximumKeyLength: 64, maximumValueSize: 10, maximumTotalSize: 100)
    let cloud = InMemorySyncStore(limits: limits)
    let local = InMemoryStore()
    let prefs = SyncedPreferences(store: local)
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    prefs.notes = String(repeating: "x", count: 11)
    try prefs.writePreferences()
    #expect(local.allValues()["notes"] == .string(String(repeating: "x", count: 11)))
    #expect(cloud.allEntries()["notes"] == nil)
    #expect(prefs.syncErrors.map(\.key) == ["notes"])
    #expect(prefs.syncErrors.first?.kind == .syncLimitExceeded)
    prefs.notes = "short"
    try prefs.writePreferences()
    #expect(cloud.allEntries()["notes"]?.value == .string("short"))
    #expect(prefs.syncErrors.isEmpty)
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
    #expect(prefs.syncErrors.contains { $0.description.contains("at most 2 keys") })
  }

  @Test func pushesThatFailAreRetriedByTheNextWrite() throws {
    let cloud = FlakySyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    defer { prefs.stopSyncing() }
    cloud.isReachable = false
    prefs.fontSize = 18
    try prefs.writePreferences()
    #expect(prefs.syncErrors.first?.kind == .syncFailed)
    #expect(!prefs.isDirty)
    cloud.isReachable = true
    try prefs.writePreferences()
    #expect(try cloud.allEntries()["fontSize"]?.value == .double(18))
    #expect(prefs.syncErrors.isEmpty)
  }

  @Test func aQuotaViolationReportedByTheStoreIsListedInSyncErrors() throws {
    let cloud = ReportingSyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    #expect(cloud.isObserved)
    cloud.send(.quotaViolation)
    #expect(prefs.syncErrors.map(\.kind) == [.syncLimitExceeded])
    #expect(prefs.syncErrors.first?.description.contains("quota") == true)
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
    // Only reconciling pushes a key the store lacks; pulling never does.
    cloud.send(.accountChanged)
    #expect(try await eventually { cloud.base.allEntries()["notes"]?.value == .string("mine") })
  }

  @Test func aFileSyncStoreReportsChangesToItsFile() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("shared.sync.plist")
      let (events, continuation) = AsyncStream<SyncStoreEvent>.makeStream()
      let stop = try #require(FileSyncStore(url: url).observeChanges { continuation.yield($0) })
      defer { stop() }
      try FileSyncStore(url: url).apply(["k": SyncEntry(value: .integer(1), modified: Date())])
      #expect(try await firstElements(1, of: events) == [.changed])
    }
  }
}
