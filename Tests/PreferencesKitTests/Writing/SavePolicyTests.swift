// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Saves as soon as it can.
final class ImmediatelySavingPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .immediate }
  @Preference var fontSize = 12.0
  @Preference var theme = "light"
}

/// Saves a second after the last assignment.
final class DebouncedPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.seconds(1)) }
  @Preference var fontSize = 12.0
}

/// Saves a minute after the last assignment, unless flushed first.
final class LazilySavingPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.seconds(60)) }
  @Preference var fontSize = 12.0
}

/// A store that counts batches and can be told to fail.
final class CountingStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: every `var` is touched only while `lock` is held.
  private let lock = NSLock()
  private let base = InMemoryStore()
  private var batches = 0
  private var attempts = 0
  private var failures = 0

  var batchCount: Int { lock.withLock { batches } }
  /// How many batches the store was given, saved or not.
  var attemptCount: Int { lock.withLock { attempts } }
  func failNext(_ count: Int) { lock.withLock { failures = count } }

  func values(forKeys keys: [String]?) -> [String: PropertyListValue] {
    base.values(forKeys: keys)
  }

  func apply(_ changes: [String: StoredChange]) throws {
    try lock.withLock {
      attempts += 1
      if failures > 0 {
        failures -= 1
        throw PreferenceError(.writeFailed, reason: "the disk is full")
      }
      batches += 1
    }
    base.apply(changes)
  }
}

/// Saves 20 ms after the last assignment, and at most 200 ms after the first unsaved one.
final class BusyPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.milliseconds(20), maxDelay: maxDelay) }
  static let maxDelay = Duration.milliseconds(200)
  @Preference var counter = 0
}

/// A thread that assigns `BusyPreferences.counter` every `pause` until stopped.
final class BusyWriter: @unchecked Sendable {
  // @unchecked: `stopped` is touched only while `lock` is held.
  private let lock = NSLock()
  private var stopped = false
  private let done = DispatchSemaphore(value: 0)

  init(_ prefs: BusyPreferences, pause: TimeInterval) {
    Thread.detachNewThread {
      while !self.lock.withLock({ self.stopped }) {
        prefs.counter += 1
        Thread.sleep(forTimeInterval: pause)
      }
      self.done.signal()
    }
  }

  /// Stops the thread and waits for its last assignment.
  func stop() {
    lock.withLock { stopped = true }
    done.wait()
  }
}

/// Saving without a call, as each `SavePolicy` promises. Serialized, because an app moving to
/// the background flushes the pending saves of every instance in the process.
@Suite(.serialized)
struct SavePolicyTests {
  @Test func immediateSavesEachAssignmentWithoutACall() async throws {
    let store = CountingStore()
    let prefs = ImmediatelySavingPreferences(store: store)
    prefs.fontSize = 14
    #expect(await eventually { (try? store.value(forKey: "fontSize")) == .double(14) })
    #expect(await eventually { !prefs.hasUnsavedChanges })
  }

  /// As a SwiftUI view's code runs: on the main actor, waiting with a main-actor closure.
  /// `eventually` runs on its caller's actor, so the closure is never sent elsewhere (the
  /// review of the SDK text found Xcode's compiler refusing this in `SwiftUIExampleTests`
  /// before; Swift 6.3.1 on Linux accepts both shapes, so this compiles the call here too).
  @Test @MainActor func aMainActorCallerWaitsForAnImmediateSave() async throws {
    let store = InMemoryStore()
    let prefs = ImmediatelySavingPreferences(store: store)
    prefs.fontSize = 15
    #expect(await eventually { (try? store.value(forKey: "fontSize")) == .double(15) })
  }

  @Test func debouncedSavesABurstOnce() async throws {
    let store = CountingStore()
    let prefs = DebouncedPreferences(store: store)
    for size in 1...100 { prefs.fontSize = Double(size) }
    #expect(await eventually { (try? store.value(forKey: "fontSize")) == .double(100) })
    #expect(store.batchCount == 1)
  }

  /// Assignments every 2 ms never leave the 20 ms debounce interval quiet, yet saves keep
  /// landing: each at most the maximum delay after the first change it saves.
  @Test func assignmentsThatNeverPauseAreSavedWithinTheMaximumDelay() async throws {
    let store = CountingStore()
    let prefs = BusyPreferences(store: store)
    let writer = BusyWriter(prefs, pause: 0.002)
    let saved = await eventually { store.batchCount >= 3 }
    let counted = prefs.counter
    writer.stop()
    #expect(saved, "\(store.batchCount) saves while \(counted) assignments never paused")
  }

  /// A store that keeps failing is tried once, then at most once per maximum delay while
  /// assignments continue, even when they pause for longer than the debounce interval.
  @Test func aFailingStoreIsTriedAtMostOncePerMaximumDelay() async throws {
    let store = CountingStore()
    store.failNext(.max)
    let prefs = BusyPreferences(store: store)
    let started = ContinuousClock.now
    let writer = BusyWriter(prefs, pause: 0.04)
    let retried = await eventually { store.attemptCount >= 3 }
    let attempts = store.attemptCount
    let elapsed = ContinuousClock.now - started
    writer.stop()
    #expect(retried)
    // The n-th attempt starts at least (n - 1) maximum delays after the first.
    #expect(Double(attempts - 1) <= elapsed / BusyPreferences.maxDelay, "\(attempts) in \(elapsed)")
    #expect(prefs.hasUnsavedChanges)
  }

  /// `flushScheduledSave()` saves one instance's scheduled save and waits for it, leaving
  /// every other instance's (another test's) scheduled save alone.
  @Test func flushingOneInstanceSavesItsChangesAndNoOthers() throws {
    let (mine, theirs) = (CountingStore(), CountingStore())
    let prefs = LazilySavingPreferences(store: mine)
    let other = LazilySavingPreferences(store: theirs)
    prefs.fontSize = 31
    other.fontSize = 32
    prefs.flushScheduledSave()
    #expect(try mine.value(forKey: "fontSize") == .double(31))
    #expect(!prefs.hasUnsavedChanges)
    #expect(theirs.attemptCount == 0)
    #expect(other.hasUnsavedChanges)
    other.flushScheduledSave()
    #expect(try theirs.value(forKey: "fontSize") == .double(32))
  }

  @Test func aFailedSaveIsReportedKeepsTheKeysDirtyAndIsRetriedByTheNextAssignment() async throws {
    let store = CountingStore()
    store.failNext(1)
    let prefs = ImmediatelySavingPreferences(store: store)
    let failed = Received<String>()
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.saveDidFailNotification, object: prefs, queue: nil
    ) { _ in failed.append("failed") }
    defer { NotificationCenter.default.removeObserver(token) }

    prefs.fontSize = 14
    #expect(await eventually { !prefs.problemErrors(.autosave, .write).isEmpty })
    #expect(prefs.problemErrors(.autosave, .write).first?.reason == "the disk is full")
    #expect(await eventually { failed.all == ["failed"] })
    #expect(prefs.hasUnsavedChanges)

    prefs.theme = "dark"
    // The save marks the keys clean, then clears the errors: wait for both.
    #expect(await eventually { !prefs.hasUnsavedChanges && prefs.problemErrors(.autosave, .write).isEmpty })
    #expect(try store.allValues() == ["fontSize": .double(14), "theme": .string("dark")])
  }
}

/// A store whose writes of `fontSize` 6 wait until the test lets them go.
final class GatedStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: `entered` and `order` are touched only while `lock` is held.
  private let lock = NSLock()
  private let base = InMemoryStore()
  private let gate = DispatchSemaphore(value: 0)
  private var entered = false
  private var order: [PropertyListValue] = []

  var isHeld: Bool { lock.withLock { entered } }
  var savedOrder: [PropertyListValue] { lock.withLock { order } }
  func release() { gate.signal() }

  func values(forKeys keys: [String]?) -> [String: PropertyListValue] {
    base.values(forKeys: keys)
  }

  func apply(_ changes: [String: StoredChange]) throws {
    if changes["fontSize"] == .set(.double(6)) {
      lock.withLock { entered = true }
      gate.wait()
    }
    lock.withLock {
      if case .set(let value)? = changes["fontSize"] { order.append(value) }
    }
    base.apply(changes)
  }
}

struct SaveOrderTests {
  @Test func savesToOneStoreLandInOrderAndASlowStoreHoldsUpNoOther() async throws {
    let store = GatedStore()
    let first = ImmediatelySavingPreferences(store: store)
    let second = ImmediatelySavingPreferences(store: store)
    first.fontSize = 6
    #expect(await eventually { store.isHeld })
    second.fontSize = 7
    // Another store saves while this one is held up.
    let other = InMemoryStore()
    let elsewhere = ImmediatelySavingPreferences(store: other)
    elsewhere.fontSize = 8
    #expect(await eventually { other.allValues()["fontSize"] == .double(8) })
    // Unordered, the second save would land now, before the first.
    _ = await eventually(within: 0.5) { store.savedOrder.count == 1 }
    store.release()
    #expect(await eventually { !first.hasUnsavedChanges && !second.hasUnsavedChanges })
    #expect(store.savedOrder == [.double(6), .double(7)])
    #expect(try store.allValues()["fontSize"] == .double(7))
  }
}

/// What a `SavePolicy` holds, and the durations it turns into nanoseconds.
struct SavePolicyValueTests {
  @Test func theMaximumDelayIsOneSecondOrTheIntervalUnlessGiven() {
    #expect(SavePolicy.debounced(.milliseconds(300)).maxDelay == .seconds(1))
    #expect(SavePolicy.debounced(.seconds(3)).maxDelay == .seconds(3))
    #expect(SavePolicy.debounced(.milliseconds(300), maxDelay: .seconds(5)).maxDelay == .seconds(5))
    #expect(
      SavePolicy.debounced(.milliseconds(300))
        == .debounced(.milliseconds(300), maxDelay: .seconds(1)))
    #expect(SavePolicy.immediate.interval == .zero && SavePolicy.immediate.maxDelay == .zero)
    #expect(SavePolicy.explicit.interval == nil && SavePolicy.explicit.maxDelay == nil)
  }

  /// Computed in 64 bits: `Int(seconds) * 1_000_000_000` overflowed a 32-bit `Int` (watchOS)
  /// from 3 seconds on.
  @Test func durationsBecomeNanosecondsWithoutOverflowing() {
    #expect(Duration.seconds(3).saturatingNanoseconds == 3_000_000_000)
    #expect(Duration.milliseconds(2_500).saturatingNanoseconds == 2_500_000_000)
    #expect(Duration.seconds(Int64.max).saturatingNanoseconds == .max)
    #expect(Duration.milliseconds(-5).saturatingNanoseconds == 0)
    #expect(UInt64.max.addingSaturated(1) == .max)
    #expect(DispatchTime(nanoseconds: .max) == .distantFuture)
  }
}
