// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// The file store: creating preferences from it, and `writePreferences()` of one dirty key,
/// against the UserDefaults and raw-write baselines measured by ``StoreBenchmarks``.
enum FileStoreBenchmarks {
  /// Runs the rows and appends them to `report`.
  ///
  /// - Parameters:
  ///   - baselines: What the rows compare with.
  ///   - scratch: A folder for the files.
  ///   - report: Receives the rows.
  static func run(baselines: StoreBaselines, scratch: Scratch, into report: inout Report) throws {
    try runCreation(baselines: baselines, scratch: scratch, into: &report)

    // Saving one dirty key into files of 1,000 and 10,000 keys.
    var writes: [Int: Measurement] = [:]
    for count in [1_000, 10_000] {
      let file = scratch.url.appendingPathComponent("store-\(count).plist")
      try FileStore(url: file).apply(SampleData.values(count: count).mapValues(StoredChange.set))
      let preferences = CounterPreferences(store: FileStore(url: file))
      let write = try measureEach(
        "FileStore: writePreferences(), 1 dirty key of \(count)",
        repetitions: 7, iterations: count >= 10_000 ? 3 : 20
      ) {
        preferences.counter &+= 1
        try preferences.writePreferences()
      }
      writes[count] = write
    }
    let small = writes[1_000]!
    let large = writes[10_000]!
    report.rows += [
      Row(small, baseline: baselines.synchronize[1_000], target: 2),
      Row(small, baseline: baselines.rawWrite[1_000]),
    ]
    var linear = small
    linear.name = "10 x the 1,000-key FileStore write (linear growth)"
    linear.samples = small.samples.map { $0 * 10 }
    report.rows += [
      Row(large, baseline: linear, target: 1),
      Row(large, baseline: baselines.synchronize[10_000]),
      Row(large, baseline: baselines.rawWrite[10_000]),
    ]
  }

  /// Runs the rows that create 100 preferences from a new file store, against the first
  /// UserDefaults read, and appends them to `report`.
  static func runCreation(
    baselines: StoreBaselines, scratch: Scratch, into report: inout Report
  ) throws {
    // Creating 100 preferences from a 100-key file, read from disk by a new store each time.
    for format in ["plist", "json"] {
      let file = scratch.url.appendingPathComponent("hundred.\(format)")
      try FileStore(url: file).apply(SampleData.hundredValues.mapValues(StoredChange.set))
      let create = measureEach(
        "create 100 @Preference from a new FileStore (.\(format), 100 keys)", repetitions: 7,
        iterations: 30
      ) {
        benchmarkSink &+= HundredPreferences(store: FileStore(url: file)).p000
      }
      report.rows.append(
        Row(create, baseline: baselines.firstRead, target: format == "plist" ? 2 : nil))
    }
  }
}
