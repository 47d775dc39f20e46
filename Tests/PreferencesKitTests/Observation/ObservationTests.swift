// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Observation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A thread-safe list of what observers received.
final class Received<Element: Sendable>: @unchecked Sendable {
  // @unchecked: `elements` is guarded by `lock`.
  private let lock = NSLock()
  private var elements: [Element] = []

  func append(_ element: Element) { lock.withLock { elements.append(element) } }
  var all: [Element] { lock.withLock { elements } }
}

struct ObservationTests {
  // MARK: NotificationCenter

  @Test func anAssignmentPostsOneNotificationWithItsKey() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let other = AppPreferences(store: InMemoryStore())
    let received = Received<[String: String]>()
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.didChangeNotification, object: prefs, queue: nil
    ) { note in
      let keys = note.userInfo?[Preferences.changedKeysKey] as? [String] ?? []
      let origin = note.userInfo?[Preferences.changeOriginKey] as? String ?? "?"
      received.append(["keys": keys.joined(separator: ","), "origin": origin])
    }
    defer { NotificationCenter.default.removeObserver(token) }
    prefs.fontSize = 20
    other.fontSize = 21
    prefs.recentFiles.append("x")
    #expect(
      received.all == [
        ["keys": "fontSize", "origin": "local"], ["keys": "recentFiles", "origin": "local"],
      ])
  }

  @Test func assigningAnEqualValueAnnouncesNothing() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let received = Received<[String]>()
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.didChangeNotification, object: prefs, queue: nil
    ) { note in
      received.append(note.userInfo?[Preferences.changedKeysKey] as? [String] ?? [])
    }
    defer { NotificationCenter.default.removeObserver(token) }
    prefs.theme = .light
    prefs.userName = ""
    prefs.person = nil
    prefs.recentFiles = ["README.md"]
    prefs.fontSize = 12
    #expect(received.all.isEmpty)
    #expect(prefs.hasUnsavedChanges)  // Still written: the user chose these values.
    prefs.userName = "Ada"
    prefs.userName = "Ada"
    #expect(received.all == [["userName"]])
  }

  @Test func aHandlerMayReadAndAssignTheSamePreferences() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.didChangeNotification, object: prefs, queue: nil
    ) { note in
      let keys = note.userInfo?[Preferences.changedKeysKey] as? [String] ?? []
      if keys == ["fontSize"] { prefs.launchCount = Int(prefs.fontSize) }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    prefs.fontSize = 17
    #expect(prefs.launchCount == 17)
  }

  // MARK: changes()

  @Test func changesReportsEachOriginOnceAndOnlyChangedKeys() async throws {
    let store = InMemoryStore(["fontSize": .double(14)])
    let prefs = AppPreferences(store: store)
    let stream = prefs.changes()
    prefs.launchCount = 1
    prefs.launchCount = 1
    store.apply(["userName": .set(.string("grace")), "fontSize": .set(.double(14))])
    prefs.readPreferences()
    prefs.resetToDefaults()
    let changes = try await firstElements(5, of: stream)
    #expect(
      changes == [
        // The second assignment of 1 changes nothing, so it announces nothing.
        PreferenceChange(key: "launchCount", origin: .local, oldValue: .integer(0), newValue: .integer(1)),
        // readPreferences: userName was set outside, launchCount's unsaved 1 is discarded,
        // fontSize is still 14.
        PreferenceChange(
          key: "userName", origin: .external, oldValue: .string(""), newValue: .string("grace")),
        PreferenceChange(
          key: "launchCount", origin: .external, oldValue: .integer(1), newValue: .integer(0)),
        // resetToDefaults: userName and fontSize change; launchCount is already 0.
        PreferenceChange(
          key: "userName", origin: .reset, oldValue: .string("grace"), newValue: .string("")),
        PreferenceChange(
          key: "fontSize", origin: .reset, oldValue: .double(14), newValue: .double(12)),
      ])
  }

  @Test func aChangeCarriesTheStoredFormsBeforeAndAfterWithNilForNone() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let stream = prefs.changes()
    let noted = Received<PreferenceChange>()
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.didChangeNotification, object: prefs, queue: nil
    ) { note in
      let changes = note.userInfo?[Preferences.changesKey] as? [PreferenceChange] ?? []
      for change in changes { noted.append(change) }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    let date = Date(timeIntervalSince1970: 1_000)
    prefs.lastOpened = date
    prefs.lastOpened = nil
    prefs.theme = .dark
    let expected = [
      PreferenceChange(key: "lastOpened", origin: .local, oldValue: nil, newValue: .date(date)),
      PreferenceChange(key: "lastOpened", origin: .local, oldValue: .date(date), newValue: nil),
      PreferenceChange(
        key: "theme", origin: .local, oldValue: .string("light"), newValue: .string("dark")),
    ]
    #expect(try await firstElements(3, of: stream) == expected)
    #expect(noted.all == expected)
  }

  @Test func resetAnnouncesOnlyKeysWhoseValuesChange() async throws {
    let prefs = AppPreferences(store: InMemoryStore(["fontSize": .double(14)]))
    let stream = prefs.changes()
    prefs.resetToDefaults()
    prefs.hasAppRun = true
    let changes = try await firstElements(2, of: stream)
    #expect(
      changes == [
        PreferenceChange(
          key: "fontSize", origin: .reset, oldValue: .double(14), newValue: .double(12)),
        PreferenceChange(
          key: "hasAppRun", origin: .local, oldValue: .bool(false), newValue: .bool(true)),
      ])
  }

  // MARK: updates(of:)

  @Test func updatesStartWithTheCurrentValueAndFollowOneProperty() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let sizes = prefs.updates(of: \.fontSize)
    prefs.userName = "not followed"
    prefs.fontSize = 13
    prefs.fontSize = 14
    #expect(try await firstElements(3, of: sizes) == [12, 13, 14])
  }

  /// A change that lands while a stream is being made is never lost: the stream subscribes
  /// before it reads the current value, and reads and yields each value in one step. Here the
  /// first read lets another thread's assignment land and then returns the value from before
  /// it, as a read that raced it would; the stream must still end on the new value. (Read
  /// before subscribing, it did not: a model following `updates()` missed another process's
  /// first change.)
  @Test func aChangeWhileAStreamStartsIsNeverLost() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let reads = Mutex(0)
    let sizes: AsyncStream<Double> = prefs.values(initial: true, followingKeys: ["fontSize"]) {
      let before = prefs.fontSize
      guard reads.withLock({ $0 += 1; return $0 }) == 1 else { return before }
      DispatchQueue.global().async { prefs.fontSize = 99 }
      let deadline = Date(timeIntervalSinceNow: 10)
      while prefs.fontSize != 99, Date() < deadline { usleep(1000) }
      return before
    }
    let last = Received<Double>()
    let following = Task { for await size in sizes { last.append(size) } }
    defer { following.cancel() }
    #expect(await eventually(within: 10) { last.all.last == 99 }, "received \(last.all)")
    #expect(last.all.first == 12)
  }

  @Test func updatesWithoutInitialStartAtTheNextChange() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let sizes = prefs.updates(of: \.fontSize, initial: false)
    prefs.fontSize = 15
    #expect(try await firstElements(1, of: sizes) == [15])
  }

  @Test func updatesOfAComputedPropertyFollowWhatItReads() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let frames = prefs.updates(of: \.windowFrame, initial: false)
    prefs.fontSize = 1
    prefs.windowFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
    #expect(try await firstElements(1, of: frames) == [CGRect(x: 1, y: 2, width: 3, height: 4)])
  }

  // MARK: Observation framework

  @Test func overlappingProbesDoNotResetEachOther() {
    let prefs = AppPreferences(store: InMemoryStore())
    // A probe that starts and ends inside another, as one on another thread may.
    let (_, keys) = prefs.probe { () -> Double in
      _ = prefs.probe { prefs.userName }
      return prefs.fontSize
    }
    #expect(keys == ["userName", "fontSize"])
  }

  @Test func updatesOfAPropertyThatReadsNoPreferenceGiveOnlyTheCurrentValue() async throws {
    var stream: AsyncStream<String>?
    do {
      let prefs = LabelledPreferences(store: InMemoryStore())
      stream = prefs.updates(of: \.label)
      prefs.fontSize = 20
      prefs.label = "changed"
    }
    // The instance is gone, so the stream has ended: everything it gave is here.
    var received: [String] = []
    for await label in try #require(stream) { received.append(label) }
    #expect(received == ["plain"])
  }

  @Test func observationTracksEachPropertySeparately() {
    let prefs = AppPreferences(store: InMemoryStore())
    let fired = Received<String>()
    withObservationTracking {
      _ = prefs.fontSize
    } onChange: {
      fired.append("fontSize")
    }
    prefs.userName = "other"
    #expect(fired.all.isEmpty)
    prefs.fontSize = 30
    #expect(fired.all == ["fontSize"])
  }

  @Test func observationHearsOfReloadsAndResets() {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    let fired = Received<String>()
    withObservationTracking {
      _ = prefs.theme
    } onChange: {
      fired.append("reload")
    }
    store.apply(["theme": .set(.string("dark"))])
    prefs.readPreferences()
    #expect(fired.all == ["reload"])
    withObservationTracking {
      _ = prefs.theme
    } onChange: {
      fired.append("reset")
    }
    prefs.resetToDefaults()
    #expect(fired.all == ["reload", "reset"])
  }

  @Test func anUnobservableSubclassStillStreamsButSkipsTheObservationFramework() async throws {
    let prefs = QuietPreferences(store: InMemoryStore())
    let fired = Received<String>()
    withObservationTracking {
      _ = prefs.frameRate
    } onChange: {
      fired.append("frameRate")
    }
    let rates = prefs.updates(of: \.frameRate, initial: false)
    prefs.frameRate = 120
    #expect(try await firstElements(1, of: rates) == [120])
    #expect(fired.all.isEmpty)
  }

  @Test func aSubclassThatOptsOutIsUnobservedAlsoForInheritedProperties() {
    let prefs = QuietSubclass(store: InMemoryStore())
    let fired = Received<String>()
    withObservationTracking { _ = prefs.inherited } onChange: { fired.append("inherited") }
    prefs.inherited = 2
    #expect(fired.all.isEmpty)
  }

  // MARK: Lifetime

  @Test func streamsEndAndNothingLeaksWhenTheInstanceIsReleased() async throws {
    weak var weakPrefs: AppPreferences?
    var stream: AsyncStream<PreferenceChange>?
    do {
      let prefs = AppPreferences(store: InMemoryStore())
      weakPrefs = prefs
      stream = prefs.changes()
      let token = NotificationCenter.default.addObserver(
        forName: Preferences.didChangeNotification, object: prefs, queue: nil
      ) { _ in }
      _ = prefs.updates(of: \.fontSize)
      prefs.startWatchingStore()
      prefs.fontSize = 2
      NotificationCenter.default.removeObserver(token)
    }
    #expect(weakPrefs == nil)
    var received: [PreferenceChange] = []
    for await change in try #require(stream) { received.append(change) }
    #expect(received.map(\.key) == ["fontSize"])
  }

  @Test func cancellingTheConsumerRemovesTheSubscription() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let task = Task { for await _ in prefs.changes() {} }
    #expect(await eventually { prefs.state.withLock { _ in prefs.hasChangeSubscribers } })
    task.cancel()
    await task.value
    #expect(!prefs.state.withLock { _ in prefs.hasChangeSubscribers })
  }

  // MARK: Watching the store

  @Test func watchingPicksUpOutsideChangesButKeepsUnsavedOnes() async throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    prefs.launchCount = 5
    let stream = prefs.changes()
    prefs.startWatchingStore()
    defer { prefs.stopWatchingStore() }
    store.apply(["userName": .set(.string("from outside")), "launchCount": .set(.integer(99))])
    let changes = try await firstElements(1, of: stream)
    #expect(
      changes == [
        PreferenceChange(
          key: "userName", origin: .external, oldValue: .string(""),
          newValue: .string("from outside"))
      ])
    #expect(prefs.userName == "from outside")
    #expect(prefs.launchCount == 5)
  }
}

/// Preferences with a plain stored property beside a preference.
final class LabelledPreferences: Preferences, @unchecked Sendable {
  @Preference var fontSize = 12.0
  // Touched by one test on one thread only.
  nonisolated(unsafe) var label = "plain"
}

/// Preferences that opt out of the Observation framework.
final class QuietPreferences: Preferences, @unchecked Sendable {
  override class var isObservable: Bool { false }
  @Preference var frameRate = 60
}

/// An observable class with a subclass that opts out.
class ObservableBase: Preferences, @unchecked Sendable {
  @Preference var inherited = 1
}

final class QuietSubclass: ObservableBase, @unchecked Sendable {
  override class var isObservable: Bool { false }
}
