// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Observers run the app's code, which may write: an import or a sync pull, which install
/// values while holding the instance's write lock, tell their observers only after releasing it.
struct ObserversThatWriteTests {
  @Test func anObserverThatWritesDuringAnImportDoesNotHangIt() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let source = AppPreferences(store: InMemoryStore())
    source.fontSize = 20
    let data = try source.exportValues(format: .propertyList)
    let wrote = Flag()
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.didChangeNotification, object: prefs, queue: nil
    ) { _ in
      prefs.launchCount = 7  // The same value again announces nothing.
      if (try? prefs.writePreferences()) != nil { wrote.set() }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    #expect(finishes(within: 20) { _ = try? prefs.importValues(from: data) })
    #expect(prefs.fontSize == 20)
    #expect(wrote.isSet)
    #expect(try prefs.preferenceStore.value(forKey: "launchCount") == .integer(7))
  }

  @Test func anObserverThatWritesDuringASyncPullDoesNotHangIt() throws {
    let cloud = InMemorySyncStore()
    let stamp = SyncTimestamp.at(5_000)
    try cloud.apply(["notes": SyncEntry(value: .string("hello"), timestamp: stamp)], from: "x")
    let prefs = SyncedPreferences(store: InMemoryStore())
    let wrote = Flag()
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.didChangeNotification, object: prefs, queue: nil
    ) { _ in
      prefs.windowFrameData = Data([1])
      if (try? prefs.writePreferences()) != nil { wrote.set() }
    }
    defer {
      NotificationCenter.default.removeObserver(token)
      prefs.stopSyncing()
    }
    #expect(finishes(within: 20) { try? prefs.startSyncing(with: cloud) })
    #expect(prefs.notes == "hello")
    #expect(wrote.isSet)
    #expect(try prefs.preferenceStore.value(forKey: "windowFrameData") == .data(Data([1])))
  }
}

/// A flag set from any thread.
private final class Flag: Sendable {
  private let value = Mutex(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
