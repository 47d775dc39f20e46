import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Each deprecated name still answers as its replacement does, until a tagged release removes
/// it.
///
/// Swift Testing refuses `@Test` on a deprecated function, so each test runs a deprecated pin
/// of ``DeprecatedPins`` through the non-deprecated requirement it witnesses: the build stays
/// free of deprecation warnings while the pins use the old names on purpose.
struct DeprecatedNameTests {
  let pins = DeprecatedPins.self as any DeprecatedPinning.Type

  @Test func theRenamedMembersForward() throws { try pins.renamedMembersForward() }

  @Test func loadErrorsListsTheLoadAndLayerPhasesThenTheFilesKeptAside() throws {
    try pins.loadErrorsListsTheLoadAndLayerPhasesThenTheFilesKeptAside()
  }

  @Test func saveErrorsListsTheKeysLeftOutOnlyUnderAutomaticSaving() throws {
    try pins.saveErrorsListsTheKeysLeftOutOnlyUnderAutomaticSaving()
  }

  @Test func syncErrorsListsTheSyncPhase() throws { try pins.syncErrorsListsTheSyncPhase() }

  @Test func aSyncStoreReadsItsProblemsThroughNotices() throws {
    try pins.aSyncStoreReadsItsProblemsThroughNotices()
  }
}

/// The pins, one per deprecated name or group of names.
protocol DeprecatedPinning {
  static func renamedMembersForward() throws
  static func loadErrorsListsTheLoadAndLayerPhasesThenTheFilesKeptAside() throws
  static func saveErrorsListsTheKeysLeftOutOnlyUnderAutomaticSaving() throws
  static func syncErrorsListsTheSyncPhase() throws
  static func aSyncStoreReadsItsProblemsThroughNotices() throws
}

/// Uses the deprecated names on purpose.
enum DeprecatedPins: DeprecatedPinning {
  @available(*, deprecated)
  static func renamedMembersForward() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    #expect(prefs.keys == prefs.preferenceKeys)
    #expect(prefs.store === store)
    #expect(!prefs.isDirty)
    prefs.fontSize = 14
    #expect(prefs.isDirty)
    #expect(prefs.$fontSize.isLocked == prefs.$fontSize.isManaged)
  }

  @available(*, deprecated)
  static func loadErrorsListsTheLoadAndLayerPhasesThenTheFilesKeptAside() throws {
    try withDirectory { directory in
      let url = directory.file("p.plist")
      try Data("<plist><dict><key>userName</key><string>Ad".utf8).write(to: url)
      let prefs = AppPreferences(store: FileStore(url: url))
      #expect(prefs.loadErrors.map(\.kind) == prefs.problemErrors(.load).map(\.kind))
      #expect(prefs.loadErrors.first?.kind == .corruptFile)
      prefs.launchCount = 1
      prefs.hasAppRun = true
      try prefs.writePreferences()
      #expect(prefs.loadErrors.map(\.kind) == [.fileMovedAside])
      // A key left out is not a load error.
      prefs.userName = "a\u{0}b"
      #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
      #expect(!prefs.loadErrors.contains { $0.key == "userName" })
    }
  }

  @available(*, deprecated)
  static func saveErrorsListsTheKeysLeftOutOnlyUnderAutomaticSaving() throws {
    try withDirectory { directory in
      let prefs = AppPreferences(store: FileStore(url: directory.file("p.plist")))
      prefs.userName = "a\u{0}b"
      #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
      #expect(prefs.saveErrors.isEmpty)
      #expect(prefs.problemErrors(.write).map(\.key) == ["userName"])
    }
  }

  @available(*, deprecated)
  static func syncErrorsListsTheSyncPhase() throws {
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: NoticingSyncStore())
    defer { prefs.stopSyncing() }
    #expect(prefs.syncErrors == prefs.problemErrors(.sync))
    #expect(prefs.syncErrors.count == 1)
  }

  @available(*, deprecated)
  static func aSyncStoreReadsItsProblemsThroughNotices() throws {
    let legacy: any SyncStore = NoticingSyncStore()
    #expect(legacy.readProblems == legacy.notices)
    #expect(legacy.readProblems.count == 1)
    let none: any SyncStore = InMemorySyncStore()
    #expect(none.notices.isEmpty && none.readProblems.isEmpty)
    try withTemporaryFolder { folder in
      let files = FileSyncStore(folder: folder)
      try Data("<plist><dict>".utf8).write(to: folder.appendingPathComponent("peer.plist"))
      _ = try files.allEntries()
      #expect(files.notices == files.readProblems)
      #expect(files.notices.count == 1)
    }
  }
}
