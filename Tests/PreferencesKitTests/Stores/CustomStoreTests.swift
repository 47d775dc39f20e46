import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A store of the user's own gets from `Preferences` what it implements, through the protocol
/// alone, as the package's own stores do: salvage, the update route, a location, keyed
/// observation.
struct CustomStoreTests {
  @Test func aDamagedCustomStoreThatSalvagesLoadsWhatItRecovered() {
    let store = CustomRecordingStore(damaged: true)
    let prefs = AppPreferences(store: store)
    #expect(prefs.userName == "recovered")
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
  private var applyCount = 0
  private var keys: [String]?
  private var stopped = false
  let location: URL?

  init(damaged: Bool = false, location: URL? = nil) {
    self.damaged = damaged
    self.location = location
  }

  var updates: [(keys: [String]?, reason: String?)] { lock.withLock { recordedUpdates } }
  var applies: Int { lock.withLock { applyCount } }
  var observedKeys: [String]? { lock.withLock { keys } }
  var stoppedObserving: Bool { lock.withLock { stopped } }

  func allValues() throws -> [String: PropertyListValue] {
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

  func update(
    readingKeys keys: [String]?, keepingPrevious reason: String?,
    _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    try lock.withLock {
      recordedUpdates.append((keys.map { $0.sorted() }, reason))
      var changed = values
      try transform(&changed)
      values = changed
      damaged = false
    }
    return []
  }

  func salvage(after error: PreferenceError) -> SalvagedValues? {
    guard error.kind == .corruptFile else { return nil }
    return SalvagedValues(values: ["userName": .string("recovered")], lostKeys: ["fontSize"])
  }

  func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> (@Sendable () -> Void)? {
    lock.withLock { self.keys = keys }
    return { self.lock.withLock { self.stopped = true } }
  }
}
