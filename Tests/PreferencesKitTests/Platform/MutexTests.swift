// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Testing

@testable import PreferencesKit

/// The lock that owns its state: one thread at a time in `withLock`, what the body returns
/// comes back, and what it throws comes back with its type, the lock released.
struct MutexTests {
  /// A counter, and how often two threads were inside at once.
  struct Tally {
    var count = 0
    var inside = 0
    var overlaps = 0

    /// Counts one visit, and whether another thread was inside at the same time.
    mutating func visit() {
      inside += 1
      if inside != 1 { overlaps += 1 }
      count += 1
      inside -= 1
    }
  }

  @Test func oneThreadAtATimeUnderContention() {
    let mutex = Mutex(Tally())
    let threads = 4
    let rounds = 200_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<rounds {
        mutex.withLock { $0.visit() }
      }
    }
    let tally = mutex.withLock { $0 }
    #expect(tally.count == threads * rounds)
    #expect(tally.overlaps == 0)
    #expect(tally.inside == 0)
  }

  @Test func withLockReturnsWhatTheBodyReturns() {
    let mutex = Mutex([3, 1, 2])
    let sorted = mutex.withLock { values -> [Int] in
      values.append(0)
      return values.sorted()
    }
    #expect(sorted == [0, 1, 2, 3])
    #expect(mutex.withLock { $0 } == [3, 1, 2, 0])
  }

  struct Refusal: Error, Equatable {
    let code: Int
  }

  @Test func withLockRethrowsTheBodysErrorWithItsTypeAndReleasesTheLock() {
    let mutex = Mutex(0)
    // `error` is a `Refusal` in the `catch` without a cast: `withLock` keeps the type.
    do throws(Refusal) {
      try mutex.withLock { value throws(Refusal) in
        value = 1
        throw Refusal(code: 7)
      }
      Issue.record("withLock returned instead of throwing")
    } catch {
      #expect(error == Refusal(code: 7))
    }
    // What the body changed before it threw stays, as with the standard library's `Mutex`,
    // and the lock was released: taking it again does not wait.
    #expect(mutex.withLock { value -> Int in
      value += 1
      return value
    } == 2)
  }

  /// State outside the lock's value, as a `Preferences` instance's cells are.
  ///
  /// `@unchecked Sendable`: `tally` is read and written only holding the lock, which is what
  /// the test checks.
  final class Outside: @unchecked Sendable {
    var tally = Tally()

    func visit(_ held: borrowing InstanceLock.Held) { tally.visit() }
  }

  @Test func anInstanceLocksTwoFormsExcludeEachOther() {
    let lock = InstanceLock(InstanceState())
    let outside = Outside()
    let threads = 4
    let rounds = 200_000
    // Half the threads take the lock for the state alone, half for the state and what the
    // proof reaches (as a cell's boxed value): the two exclude each other.
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for _ in 0..<rounds {
        if thread.isMultiple(of: 2) {
          lock.withLock { _ in outside.tally.visit() }
        } else {
          lock.withLock { _, held in outside.visit(held) }
        }
      }
    }
    let tally = lock.withLock { _, _ in outside.tally }
    #expect(tally.count == threads * rounds)
    #expect(tally.overlaps == 0)
  }
}
