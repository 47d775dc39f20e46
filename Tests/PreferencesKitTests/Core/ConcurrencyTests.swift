// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// One instance read, assigned and written from many threads at once. Run under
/// `swift test --sanitize=thread` to prove the lock covers every access.
struct ConcurrencyTests {
  @Test func oneInstanceSurvivesReadsWritesAndSavesFromManyThreads() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    let iterations = 2_000
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for index in 0..<iterations {
        switch worker % 4 {
        case 0:
          prefs.launchCount += 1
        case 1:
          prefs.recentFiles.append("\(worker)-\(index)")
          _ = prefs.fontSize
        case 2:
          _ = prefs.person
          _ = prefs.hasUnsavedChanges
          prefs.person = Person(name: "w\(worker)", quest: "q", age: index)
        default:
          if index % 50 == 0 { try? prefs.writePreferences() }
          _ = prefs.recentFiles.count
        }
      }
    }
    try prefs.writePreferences()
    #expect(!prefs.hasUnsavedChanges)
    let reloaded = AppPreferences(store: store)
    #expect(reloaded.launchCount == prefs.launchCount)
    #expect(reloaded.recentFiles == prefs.recentFiles)
    #expect(reloaded.person == prefs.person)
    // `+=` is a read then an assignment, each atomic; the pair is not, so counts may be lost
    // between workers, but never exceed what was added.
    #expect((1...(2 * iterations)).contains(prefs.launchCount))
  }
}

/// Values that fit a word are read without the lock (see `PreferenceCell`): one atomic load
/// must give one whole value, never halves of two.
struct LockFreeReadTests {
  /// One `Double` and one `Int64`, read on the lock-free path (not observable).
  final class WordPreferences: Preferences, @unchecked Sendable {
    override class var isObservable: Bool { false }
    @Preference var ratio = 0.0
    @Preference var total: Int64 = 0
  }

  /// A word whose upper half repeats its lower half: a value torn between two writes of
  /// different words breaks the pattern. `seed` stays below 2^20, so as a `Double` the word
  /// is a small finite number, never a NaN whose bits could change when copied.
  static func patterned(_ seed: UInt64) -> UInt64 { seed << 32 | seed }

  static func isPatterned(_ word: UInt64) -> Bool { word >> 32 == word & 0xFFFF_FFFF }

  @Test func readersNeverSeeATornDoubleOrInt64() {
    let prefs = WordPreferences(store: InMemoryStore())
    let iterations = 20_000
    let tornReads = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      var torn = 0
      for index in 0..<iterations {
        if worker < 2 {
          // Writers: each stores its own sequence of patterned words.
          let word = Self.patterned(UInt64(worker * iterations + index + 1))
          prefs.ratio = Double(bitPattern: word)
          prefs.total = Int64(bitPattern: word)
        } else {
          if !Self.isPatterned(prefs.ratio.bitPattern) { torn += 1 }
          if !Self.isPatterned(UInt64(bitPattern: prefs.total)) { torn += 1 }
        }
      }
      tornReads.withLock { $0 += torn }
    }
    #expect(tornReads.withLock { $0 } == 0)
    #expect(Self.isPatterned(prefs.ratio.bitPattern) && prefs.ratio != 0)
    #expect(Self.isPatterned(UInt64(bitPattern: prefs.total)) && prefs.total != 0)
  }

  @Test func theCheckCatchesATornWord() {
    // The check itself can fail: half of one patterned word and half of another.
    let torn = Self.patterned(1) & 0xFFFF_FFFF_0000_0000 | Self.patterned(2) & 0xFFFF_FFFF
    #expect(!Self.isPatterned(torn))
    #expect(Self.isPatterned(Self.patterned(7)))
  }

  @Test func valuesThatFitAWordAreReadWithoutTheLock() {
    #expect(PreferenceCell<Double>.isLockFree)
    #expect(PreferenceCell<Int64>.isLockFree)
    #expect(PreferenceCell<Bool>.isLockFree)
    #expect(PreferenceCell<Theme>.isLockFree)
    #expect(!PreferenceCell<String>.isLockFree)
    #expect(!PreferenceCell<Int?>.isLockFree)
  }
}

/// Values that fit a word are assigned under their cell's lock bit alone, not the instance's
/// lock (see `PreferenceCell`): no assignment may be lost to a write, a reload or another
/// assignment running at the same time.
struct LockFreeAssignmentTests {
  /// Four counters, assigned on the lock-free path (not observable).
  final class Counters: Preferences, @unchecked Sendable {
    override class var isObservable: Bool { false }
    @Preference var first = 0
    @Preference var second = 0
    @Preference var third = 0
    @Preference var fourth = 0

    func set(_ index: Int, to value: Int) {
      switch index {
      case 0: first = value
      case 1: second = value
      case 2: third = value
      default: fourth = value
      }
    }

    var all: [Int] { [first, second, third, fourth] }
  }

  /// Run five times: a lost assignment needs the threads to interleave just so.
  @Test(arguments: 1...5)
  func noAssignmentIsLostToWritesAndReloadsRunningMeanwhile(round: Int) throws {
    let store = InMemoryStore()
    let prefs = Counters(store: store)
    let isDone = Locked(false)
    let lastValues = Locked([Int](repeating: 0, count: 4))
    let failures = Locked<[String]>([])
    // Real threads, not `concurrentPerform`, which may run the workers one after another on a
    // machine with fewer cores, and the assigners run until the writer is done.
    let threads = (0..<6).map { worker in
      TestThread {
        switch worker {
        case 0..<4:
          // Assigners: 1, 2, 3, … for as long as the writes go on (bounded all the same).
          // At least one assignment each, however the threads are scheduled.
          var value = 0
          repeat {
            value += 1
            prefs.set(worker, to: value)
          } while !isDone.withLock({ $0 }) && value < 10_000_000
          lastValues.withLock { $0[worker] = value }
        case 4:
          // Writes: each may mark clean only what it saved.
          for _ in 0..<1_500 {
            do throws(PreferenceError) {
              try prefs.writePreferences()
            } catch {
              failures.withLock { $0.append("\(error)") }
            }
          }
          isDone.withLock { $0 = true }
        default:
          // Changes arriving from outside, which keep every value assigned and not written.
          for _ in 0..<500 { prefs.reload(origin: .external, keepingDirtyValues: true) }
        }
      }
    }
    for thread in threads { #expect(thread.join(within: .seconds(60))) }
    #expect(failures.withLock { $0 }.isEmpty)
    let expected = lastValues.withLock { $0 }
    #expect(expected.allSatisfy { $0 > 0 })
    #expect(prefs.all == expected)
    // Each counter's last assignment is either written or still dirty, so one more write
    // saves whatever is missing.
    try prefs.writePreferences()
    #expect(Counters(store: store).all == expected)
  }

  @Test func twoThreadsAssigningOneKeyLeaveOneOfTheirValuesWrittenAndInMemory() throws {
    let store = InMemoryStore()
    let prefs = Counters(store: store)
    let iterations = 20_000
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      for index in 1...iterations {
        if worker < 2 {
          prefs.first = worker * iterations + index
        } else if index % 100 == 0 {
          try? prefs.writePreferences()
        }
      }
    }
    try prefs.writePreferences()
    #expect([iterations, 2 * iterations].contains(prefs.first))
    #expect(Counters(store: store).first == prefs.first)
    #expect(!prefs.hasUnsavedChanges)
  }
}

/// A thread running `body` at once, to wait for with a deadline.
final class TestThread: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread { [finished] in
      body()
      finished.signal()
    }
    thread.start()
  }

  /// Whether the thread finished within `timeout`.
  func join(within timeout: Duration) -> Bool {
    let seconds = Double(timeout.components.seconds)
    return finished.wait(timeout: .now() + seconds) == .success
  }
}
