// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// `$name.withLock`: a read-modify-write that no other one comes between.
struct WithLockTests {
  @Test func concurrentIncrementsAreNeverLost() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    DispatchQueue.concurrentPerform(iterations: 50) { _ in
      for _ in 0..<200 { prefs.$launchCount.withLock { $0 += 1 } }
    }
    #expect(prefs.launchCount == 10_000)
    #expect(prefs.hasUnsavedChanges)
    // A value behind the instance's lock, too.
    DispatchQueue.concurrentPerform(iterations: 20) { index in
      prefs.$recentFiles.withLock { $0.append("\(index)") }
    }
    #expect(prefs.recentFiles.count == 21)
  }

  @Test func observersHearOnceAndAThrowAssignsNothing() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let changes = prefs.changes()
    let previous = prefs.$launchCount.withLock { count -> Int in
      defer { count += 5 }
      return count
    }
    #expect(previous == 0)
    struct Stop: Error {}
    #expect(throws: Stop.self) { try prefs.$launchCount.withLock { _ throws(Stop) in throw Stop() } }
    #expect(prefs.launchCount == 5)
    let received = try await firstElements(1, of: changes)
    #expect(received.map(\.key) == ["launchCount"])
    #expect(received.first?.oldValue == .integer(0) && received.first?.newValue == .integer(5))
  }

  /// The closure holds only this preference's lock: it may read, assign and save other
  /// preferences of its own instance, none of which is atomic with it.
  @Test func theClosureMayReadAssignAndSaveOtherPreferencesOfItsInstance() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let finished = finishes {
      prefs.$launchCount.withLock { count in
        count += 1
        prefs.userName = "inside"
        prefs.recentFiles.append(prefs.userName)
        prefs.$shortcuts.withLock { $0["n"] = count }
        try? prefs.writePreferences()
      }
    }
    try #require(finished)
    #expect(prefs.launchCount == 1 && prefs.recentFiles == ["README.md", "inside"])
    #expect(prefs.shortcuts == ["n": 1])
    #expect(try prefs.preferenceStore.value(forKey: "userName") == .string("inside"))
  }

  /// Nor does it hold a lock another instance, or another thread reaching this instance's other
  /// preferences meanwhile, needs.
  @Test func theClosureMayReachAnotherInstanceWhileOtherThreadsUseThisOne() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let other = AppPreferences(store: InMemoryStore())
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let closureDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      defer { closureDone.signal() }
      prefs.$recentFiles.withLock { files in
        other.userName = "from prefs"
        other.$recentFiles.withLock { $0 = files }
        try? other.writePreferences()
        entered.signal()
        // Holding this preference's lock until the other thread is done.
        _ = proceed.wait(timeout: .now() + 20)
        files.append("last")
      }
    }
    try #require(entered.wait(timeout: .now() + 20) == .success)
    let others = finishes {
      prefs.userName = "meanwhile"
      _ = prefs.fontSize + Double(prefs.recentFiles.count)
      try? prefs.writePreferences()
      other.userName = "again"
    }
    proceed.signal()
    #expect(others)
    try #require(closureDone.wait(timeout: .now() + 20) == .success)
    #expect(prefs.recentFiles == ["README.md", "last"] && prefs.userName == "meanwhile")
    #expect(other.recentFiles == ["README.md"] && other.userName == "again")
    #expect(try prefs.preferenceStore.value(forKey: "userName") == .string("meanwhile"))
  }

  /// Notification observers hear of the assignment once the preference's lock is released: one
  /// that runs synchronously may use `withLock` of the same preference.
  @Test func aNotificationObserverMayCallWithLockOfTheSamePreference() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.didChangeNotification, object: prefs, queue: nil
    ) { _ in
      // Clamps the count, as an observer enforcing a limit would.
      prefs.$launchCount.withLock { $0 = min($0, 3) }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    try #require(finishes { prefs.$launchCount.withLock { $0 = 10 } })
    #expect(prefs.launchCount == 3)
  }
}
