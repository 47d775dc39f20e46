// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Reading and assigning one value: a plain stored property, `UserDefaults`, `@Preference`.
///
/// Every loop touches 64 distinct instances (or keys) in turn, so that no load can be hoisted
/// out of it, reaches each instance borrowed, as a `let` gives it (``Instances``), and adds
/// what it read to ``benchmarkSink``.
enum ReadWriteBenchmarks {
  /// Runs the rows and appends them to `report`.
  ///
  /// - Parameters:
  ///   - suites: UserDefaults suites of several sizes; each is measured.
  ///   - report: Receives the rows.
  static func run(suites: [SampleSuite], into report: inout Report) {
    let plainObjects = (0..<64).map { _ in PlainSettings() }
    let plain = Instances(plainObjects)

    // Int reads.
    let plainRead = measure("plain final class: read Int") { n in
      for i in 0..<n { plain(i & 63) { benchmarkSink &+= $0.count } }
    }
    let defaultsReads = suites.map { suite in
      let keys = integerKeys(in: suite)
      return measure("UserDefaults.integer(forKey:), \(suite.count) keys") { n in
        for i in 0..<n { benchmarkSink &+= suite.defaults.integer(forKey: keys[i & 63]) }
      }
    }

    // String reads.
    let plainString = measure("plain final class: read String") { n in
      for i in 0..<n { plain(i & 63) { benchmarkSink &+= $0.name.utf8.count } }
    }
    let defaultsStrings = suites.map { suite in
      let keys = integerKeys(in: suite).map { SampleData.key(index(of: $0) + 2) }
      return measure("UserDefaults.string(forKey:), \(suite.count) keys") { n in
        for i in 0..<n {
          benchmarkSink &+= suite.defaults.string(forKey: keys[i & 63])?.utf8.count ?? 0
        }
      }
    }

    // Int assignments.
    let plainWrite = measure("plain final class: assign Int") { n in
      for i in 0..<n { plain(i & 63) { $0.count = i } }
    }
    let defaultsWrites = suites.map { suite in
      let keys = integerKeys(in: suite)
      let result = measure("UserDefaults.set(_:forKey:) Int, \(suite.count) keys") { n in
        for i in 0..<n { suite.defaults.set(i, forKey: keys[i & 63]) }
      }
      suite.defaults.synchronize()
      return result
    }
    let observed = measureReads(
      (0..<64).map { _ in ReadPreferences(store: InMemoryStore()) }, label: "")
    let unobserved = measureReads(
      (0..<64).map { _ in UnobservedReadPreferences(store: InMemoryStore()) },
      label: ", unobservable")
    for object in plainObjects { benchmarkSink &+= object.count }

    let fastestRead = fastest(defaultsReads)
    let fastestString = fastest(defaultsStrings)
    let fastestWrite = fastest(defaultsWrites)
    report.rows += [Row(plainRead)] + defaultsReads.map { Row($0) }
    report.rows += [observed.read, unobserved.read].map {
      Row($0, baseline: fastestRead, target: 100)
    }
    report.rows += [Row(plainString)] + defaultsStrings.map { Row($0) }
    report.rows += [observed.string, unobserved.string].map {
      Row($0, baseline: fastestString, target: 50)
    }
    report.rows += [Row(plainWrite)] + defaultsWrites.map { Row($0) }
    report.rows += [observed.write, unobserved.write].map {
      Row($0, baseline: fastestWrite, target: 100)
    }
    report.notes.append(
      "@Preference against the floor (plain final class): read Int "
        + ratio(observed.read, plainRead) + " (unobservable " + ratio(unobserved.read, plainRead)
        + "), read String " + ratio(observed.string, plainString) + " (unobservable "
        + ratio(unobserved.string, plainString) + "), assign Int "
        + ratio(observed.write, plainWrite) + " (unobservable "
        + ratio(unobserved.write, plainWrite) + ") the plain cost.")
    report.notes.append(
      "Each @Preference target is checked against the fastest UserDefaults suite size. "
        + "'unobservable' rows use a subclass with `override class var isObservable: Bool "
        + "{ false }`; the others use the default, observable with the Observation framework.")
  }

  /// Reads an `Int`, reads a `String` and assigns an `Int` through 64 instances of
  /// ``ReadPreferences``.
  ///
  /// Written out once per class rather than generically: through a protocol the optimizer
  /// calls the setter out of line (about 30 ns more per assignment), while an app's code,
  /// which names its concrete class, gets it inlined.
  static func measureReads(
    _ preferences: [ReadPreferences], label: String
  ) -> (read: Measurement, string: Measurement, write: Measurement) {
    let instances = Instances(preferences)
    let read = measure("@Preference: read Int\(label)") { n in
      for i in 0..<n { instances(i & 63) { benchmarkSink &+= $0.count } }
    }
    let string = measure("@Preference: read String\(label)") { n in
      for i in 0..<n { instances(i & 63) { benchmarkSink &+= $0.name.utf8.count } }
    }
    let write = measure("@Preference: assign Int\(label)") { n in
      for i in 0..<n { instances(i & 63) { $0.count = i } }
    }
    for preference in preferences { benchmarkSink &+= preference.count }
    return (read, string, write)
  }

  /// The same as the other `measureReads(_:label:)`, for ``UnobservedReadPreferences``.
  static func measureReads(
    _ preferences: [UnobservedReadPreferences], label: String
  ) -> (read: Measurement, string: Measurement, write: Measurement) {
    let instances = Instances(preferences)
    let read = measure("@Preference: read Int\(label)") { n in
      for i in 0..<n { instances(i & 63) { benchmarkSink &+= $0.count } }
    }
    let string = measure("@Preference: read String\(label)") { n in
      for i in 0..<n { instances(i & 63) { benchmarkSink &+= $0.name.utf8.count } }
    }
    let write = measure("@Preference: assign Int\(label)") { n in
      for i in 0..<n { instances(i & 63) { $0.count = i } }
    }
    for preference in preferences { benchmarkSink &+= preference.count }
    return (read, string, write)
  }

  /// 64 keys of `suite` that hold integers (fewer, repeated, in a small suite).
  static func integerKeys(in suite: SampleSuite) -> [String] {
    let integers = Swift.max(1, suite.count / 4)
    return (0..<64).map { SampleData.key(4 * ($0 % integers)) }
  }

  /// The index in a `keyNNNNN` key.
  static func index(of key: String) -> Int {
    Int(key.dropFirst(3)) ?? 0
  }

  /// The measurement with the lowest median.
  static func fastest(_ measurements: [Measurement]) -> Measurement {
    measurements.min { $0.median < $1.median }!
  }

  /// `"3.2x"`: how many times `slow` takes as long as `fast`.
  static func ratio(_ slow: Measurement, _ fast: Measurement) -> String {
    String(format: "%.1fx", slow.median / Swift.max(fast.median, 0.001))
  }
}
