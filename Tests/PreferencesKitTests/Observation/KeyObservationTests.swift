// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// The logic behind following a `UserDefaultsStore` by key-value observing, run against a fake
/// observer of the same shape as the Apple-only adapter: which keys are observed, how a burst
/// of reports becomes one reload, and that stopping stops everything.
struct KeyObservationTests {
  /// Stands in for key-value observing: records which keys are observed and lets a test
  /// report a change to any of them.
  final class FakeObserver: Sendable {
    private let reports = Mutex<[String: @Sendable () -> Void]>([:])
    private let stopped = Mutex<[String]>([])

    var observedKeys: [String] { reports.withLock { $0.keys.sorted() } }
    var stoppedKeys: [String] { stopped.withLock { $0.sorted() } }

    func observe(_ key: String, _ report: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
      reports.withLock { $0[key] = report }
      return { self.stopped.withLock { $0.append(key) } }
    }

    func change(_ key: String) {
      reports.withLock { $0[key] }?()
    }
  }

  final class Counter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
  }

  @Test func eachDeclaredKeyIsObservedOnce() {
    let fake = FakeObserver()
    let observation = KeyObservation(
      keys: ["b", "a", "b"], queue: DispatchQueue(label: "test"), observeKey: fake.observe,
      onChange: {})
    #expect(observation != nil)
    #expect(fake.observedKeys == ["a", "b"])
    observation?.stop()
  }

  @Test func keysThatKeyValueObservingWouldReadAsPathsLeaveTheStoreToPolling() {
    let fake = FakeObserver()
    for keys in [["fontSize", "window.frame"], ["@count"], []] {
      let observation = KeyObservation(
        keys: keys, queue: DispatchQueue(label: "test"), observeKey: fake.observe, onChange: {})
      #expect(observation == nil)
    }
    #expect(fake.observedKeys.isEmpty)
  }

  @Test func keysAreSplitIntoThoseKeyValueObservingFollowsAndTheOthers() {
    #expect(
      KeyObservation.split(["b", "window.frame", "@count", "b", ""])
        == KeyObservation.Split(observable: ["b"], others: ["", "@count", "window.frame"]))
  }

  /// A watched `UserDefaultsStore` always follows `com.apple.configuration.managed`; a key with
  /// a dot once kept every key from being observed, so the store was polled.
  @Test func aKeyWithADotDoesNotKeepTheOthersFromBeingObserved() {
    let fake = FakeObserver()
    let others = Mutex<[String]?>(nil)
    let reportOthers = Mutex<(@Sendable () -> Void)?>(nil)
    let othersStopped = Counter()
    let queue = DispatchQueue(label: "test")
    let reloads = Counter()
    let observation = KeyObservation(
      keys: UserDefaultsStore.observedKeys(["fontSize", "window.frame"]), queue: queue,
      observeKey: fake.observe,
      observeOthers: { keys, report in
        others.withLock { $0 = keys }
        reportOthers.withLock { $0 = report }
        return { othersStopped.increment() }
      },
      onChange: { reloads.increment() })
    #expect(observation != nil)
    #expect(fake.observedKeys == ["fontSize"])
    #expect(others.withLock { $0 } == ["com.apple.configuration.managed", "window.frame"])
    reportOthers.withLock { $0 }?()
    queue.sync {}
    #expect(reloads.count == 1)
    observation?.stop()
    #expect(othersStopped.count == 1)
    #expect(fake.stoppedKeys == ["fontSize"])
  }

  @Test func aBurstOfReportsReloadsOnce() {
    let fake = FakeObserver()
    let queue = DispatchQueue(label: "test")
    let reloads = Counter()
    let observation = KeyObservation(
      keys: ["a", "b", "c"], queue: queue, observeKey: fake.observe,
      onChange: { reloads.increment() })
    #expect(observation != nil)
    queue.suspend()
    fake.change("a")
    fake.change("b")
    fake.change("c")
    queue.resume()
    queue.sync {}
    #expect(reloads.count == 1)
    // A report after the reload started schedules another.
    fake.change("a")
    queue.sync {}
    #expect(reloads.count == 2)
    observation?.stop()
  }

  @Test func stoppingStopsEveryKeyOnceAndLaterReportsDoNothing() {
    let fake = FakeObserver()
    let queue = DispatchQueue(label: "test")
    let reloads = Counter()
    let observation = KeyObservation(
      keys: ["a", "b"], queue: queue, observeKey: fake.observe,
      onChange: { reloads.increment() })
    #expect(observation != nil)
    queue.suspend()
    fake.change("a")
    observation?.stop()
    observation?.stop()
    queue.resume()
    fake.change("b")
    queue.sync {}
    #expect(reloads.count == 0)
    #expect(fake.stoppedKeys == ["a", "b"])
  }
}
