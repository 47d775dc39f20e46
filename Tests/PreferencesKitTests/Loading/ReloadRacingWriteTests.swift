// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A reload that keeps unsaved values (a change from outside) reads the store, then installs
/// what it found: a write landing between the two saves values newer than the reload read, and
/// the reload must not put the older ones back in their place.
struct ReloadRacingWriteTests {
  final class Pair: Preferences, @unchecked Sendable {
    override class var isObservable: Bool { false }
    @Preference var count = 0  // A value that fits a word: assigned under the cell's bit alone.
    @Preference var name = ""  // A boxed value: assigned under the instance's lock.
  }

  /// An in-memory store that runs a hook once, just after a read took its values.
  final class StoreWithReadHook: PreferenceStore {
    let inner = InMemoryStore()
    let hook = Locked<(@Sendable () -> Void)?>(nil)

    func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
      let values = inner.values(forKeys: keys)
      hook.exchange(nil)?()
      return values
    }

    func apply(_ changes: [String: StoredChange]) throws { inner.apply(changes) }
  }

  @Test func aWriteBetweenTheReadAndTheInstallKeepsTheValuesItSaved() throws {
    let store = StoreWithReadHook()
    let prefs = Pair(store: store)
    prefs.count = 1
    prefs.name = "one"
    try prefs.writePreferences()
    // Assigned before the reload reads the store (which still holds 1 and "one")...
    prefs.count = 2
    prefs.name = "two"
    _ = store.hook.exchange {
      // ... or after it; either way written before the reload installs what it read.
      prefs.count = 3
      #expect(throws: Never.self) { try prefs.writePreferences() }
    }
    prefs.reload(origin: .external, keepingDirtyValues: true)
    #expect(store.hook.current == nil)  // The hook ran.
    #expect(prefs.count == 3)
    #expect(prefs.name == "two")
    #expect(!prefs.hasUnsavedChanges)
    let reread = Pair(store: store)
    #expect(reread.count == 3 && reread.name == "two")
    // Once nothing races it, a reload installs what the store holds.
    store.inner.apply(["count": .set(.integer(4))])
    prefs.reload(origin: .external, keepingDirtyValues: true)
    #expect(prefs.count == 4 && prefs.name == "two")
  }

  /// The same race, left to the threads: one thread assigns and writes, another reloads all
  /// the while. Only the first assigns, and the store holds what it wrote, so the value it
  /// reads back is always its last.
  @Test func aValueWrittenWhileReloadsRunIsNeverReplacedByAnOlderOne() {
    let prefs = Pair(store: InMemoryStore())
    let isDone = Locked(false)
    let lost = Locked<[String]>([])
    let writer = TestThread {
      for value in 1...3_000 {
        prefs.count = value
        #expect(throws: Never.self) { try prefs.writePreferences() }
        let found = prefs.count
        if found != value { lost.withLock { $0.append("\(found) after \(value)") } }
      }
      isDone.withLock { $0 = true }
    }
    let reloader = TestThread {
      repeat {
        prefs.reload(origin: .external, keepingDirtyValues: true)
      } while !isDone.withLock({ $0 })
    }
    #expect(writer.join(within: .seconds(60)) && reloader.join(within: .seconds(60)))
    #expect(lost.current == [])
    #expect(prefs.count == 3_000)
  }
}
