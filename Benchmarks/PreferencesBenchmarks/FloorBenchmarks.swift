// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Observation
import PreferencesPrimitives
import PreferencesKit

/// The targets of issue #16, each against its floor in the same run: a plain class's stored
/// property, an `@Observable` class's, and the lock alone.
///
/// Every loop touches 64 distinct instances in turn, so that no load can be hoisted out of it,
/// and reaches each the way app code reaches an instance it keeps in a `let` (a stored
/// property, a global, a parameter): borrowed, with no retain. `Instances` does that with
/// `Unmanaged`, for every row alike. An element taken out of an array is a new reference
/// instead, which the optimizer must retain around any accessor that calls out of line, as
/// Observation's and the library's slow paths do; the last row shows what that costs.
enum FloorBenchmarks {
  /// Runs the rows and appends them to `report`.
  static func run(into report: inout Report) {
    let plainObjects = (0..<64).map { _ in FloorPlain() }
    let observableObjects = (0..<64).map { _ in FloorObservable() }
    let prefsObjects = (0..<64).map { _ in FloorPreferences(store: InMemoryStore()) }
    let observedObjects = (0..<64).map { _ in ReadPreferences(store: InMemoryStore()) }
    let lockObjects = (0..<64).map { _ in AtomicsLock() }
    let plain = Instances(plainObjects)
    let observable = Instances(observableObjects)
    let prefs = Instances(prefsObjects)
    let observed = Instances(observedObjects)
    let locks = Instances(lockObjects)
    defer {
      withExtendedLifetime((plainObjects, observableObjects, prefsObjects, observedObjects)) {}
      withExtendedLifetime(lockObjects) {}
    }

    // Reads of values that fit a word, unobservable: within 10x of the plain class.
    let plainReads = [
      measure("plain class: read Bool") { n in
        for i in 0..<n { plain(i & 63) { benchmarkSink &+= $0.flag ? 1 : 0 } }
      },
      measure("plain class: read Int") { n in
        for i in 0..<n { plain(i & 63) { benchmarkSink &+= $0.count } }
      },
      measure("plain class: read Double") { n in
        for i in 0..<n {
          plain(i & 63) { benchmarkSink &+= Int(truncatingIfNeeded: $0.ratio.bitPattern) }
        }
      },
      measure("plain class: read Float") { n in
        for i in 0..<n { plain(i & 63) { benchmarkSink &+= Int($0.scale.bitPattern) } }
      },
      measure("plain class: read enum") { n in
        for i in 0..<n { plain(i & 63) { benchmarkSink &+= $0.mode == .dark ? 1 : 0 } }
      },
    ]
    let reads = [
      measure("@Preference: read Bool, unobservable") { n in
        for i in 0..<n { prefs(i & 63) { benchmarkSink &+= $0.flag ? 1 : 0 } }
      },
      measure("@Preference: read Int, unobservable") { n in
        for i in 0..<n { prefs(i & 63) { benchmarkSink &+= $0.count } }
      },
      measure("@Preference: read Double, unobservable") { n in
        for i in 0..<n {
          prefs(i & 63) { benchmarkSink &+= Int(truncatingIfNeeded: $0.ratio.bitPattern) }
        }
      },
      measure("@Preference: read Float, unobservable") { n in
        for i in 0..<n { prefs(i & 63) { benchmarkSink &+= Int($0.scale.bitPattern) } }
      },
      measure("@Preference: read enum, unobservable") { n in
        for i in 0..<n { prefs(i & 63) { benchmarkSink &+= $0.mode == .dark ? 1 : 0 } }
      },
    ]
    for (read, floor) in zip(reads, plainReads) {
      report.rows += [Row(floor), Row(read, baseline: floor, target: 0.1)]
    }

    // Other types: no more than a plain read under the lock.
    let lockedString = measure("plain class: read String under the lock") { n in
      for i in 0..<n {
        let name = locks(i & 63) { lock in
          lock.lock()
          defer { lock.unlock() }
          return plain(i & 63) { $0.name }
        }
        benchmarkSink &+= name.utf8.count
      }
    }
    let string = measure("@Preference: read String, unobservable") { n in
      for i in 0..<n { prefs(i & 63) { benchmarkSink &+= $0.name.utf8.count } }
    }
    report.rows += [Row(lockedString), Row(string, baseline: lockedString, target: 1 / 1.1)]

    // Observed: within 1.2x (read) and 1.5x (assign) of the Observation framework's own cost.
    let observableRead = measure("@Observable class: read Int") { n in
      for i in 0..<n { observable(i & 63) { benchmarkSink &+= $0.count } }
    }
    let observedRead = measure("@Preference: read Int") { n in
      for i in 0..<n { observed(i & 63) { benchmarkSink &+= $0.count } }
    }
    let observableWrite = measure("@Observable class: assign Int") { n in
      for i in 0..<n { observable(i & 63) { $0.count = i } }
    }
    let observedWrite = measure("@Preference: assign Int") { n in
      for i in 0..<n { observed(i & 63) { $0.count = i } }
    }
    report.rows += [
      Row(observableRead), Row(observedRead, baseline: observableRead, target: 1 / 1.2),
      Row(observableWrite), Row(observedWrite, baseline: observableWrite, target: 1 / 1.5),
    ]

    // Unobserved assignment: within 10x of a plain store and a dirty mark.
    let plainWrite = measure("plain class: assign Int + dirty mark") { n in
      for i in 0..<n {
        plain(i & 63) { settings in
          settings.count = i
          settings.isDirty = true
        }
      }
    }
    let write = measure("@Preference: assign Int, unobservable") { n in
      for i in 0..<n { prefs(i & 63) { $0.count = i } }
    }
    report.rows += [Row(plainWrite), Row(write, baseline: plainWrite, target: 0.1)]

    // Context, no target: the same read through an array element, retained and released.
    let arrayRead = measure("@Preference: read Int, unobservable, from an array element") { n in
      for i in 0..<n { benchmarkSink &+= prefsObjects[i & 63].count }
    }
    report.rows += [Row(arrayRead, baseline: reads[1])]

    for index in 0..<64 {
      benchmarkSink &+= plainObjects[index].count + observableObjects[index].count
      benchmarkSink &+= prefsObjects[index].count + observedObjects[index].count
    }
    report.notes.append(
      "Targets below 1x are 'within' targets: >= 0.1x means at most 10 times the baseline's "
        + "time, >= 0.83x at most 1.2 times, >= 0.67x at most 1.5 times, >= 0.91x at most 1.1 "
        + "times. 'loss' is how many times short of its target a row falls.")
  }
}

/// The plain floor: stored properties of a final class, no lock, no store.
final class FloorPlain {
  var flag = false
  var count = 0
  var ratio = 0.5
  var scale: Float = 0.5
  var mode = FloorMode.light
  var name = sampleString
  var isDirty = false
}

/// The Observation floor: what the framework costs for a stored property of its own.
@Observable final class FloorObservable {
  var count = 0
}

/// A small `RawRepresentable` enum, stored as its raw value.
enum FloorMode: String, Sendable {
  case light, dark
}

/// One preference of each type the lock-free path serves, and a `String`, which takes the lock.
final class FloorPreferences: Preferences, @unchecked Sendable {
  override class var isObservable: Bool { false }
  @Preference var flag = false
  @Preference var count = 0
  @Preference var ratio = 0.5
  @Preference var scale: Float = 0.5
  @Preference var mode = FloorMode.light
  @Preference var name = sampleString
}

/// The library's lock (`PreferencesPrimitives`), to measure a plain read under it.
final class AtomicsLock {
  let mutex: UnsafeMutablePointer<preferences_mutex_t> = {
    let mutex = UnsafeMutablePointer<preferences_mutex_t>.allocate(capacity: 1)
    preferences_mutex_init(mutex)
    return mutex
  }()

  deinit { mutex.deallocate() }

  @inline(__always) func lock() { preferences_mutex_lock(mutex) }
  @inline(__always) func unlock() { preferences_mutex_unlock(mutex) }
}
