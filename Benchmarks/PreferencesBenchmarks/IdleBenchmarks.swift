// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

/// What a process pays while nothing happens, and what one write costs against the file's
/// size (issue 24).
enum IdleBenchmarks {
  /// A synced key, so that the preferences sync through a folder.
  final class SyncedPreferences: Preferences, @unchecked Sendable {
    @Preference(synced: true) var fontSize = 12.0
  }

  /// Runs the figures and appends them to `report`.
  ///
  /// - Parameters:
  ///   - seconds: How long the idle period lasts; the figure is scaled to a minute.
  ///   - scratch: A folder for the files.
  ///   - report: Receives the figures.
  static func run(seconds: Double = 10, scratch: Scratch, into report: inout Report) throws {
    try runWriteCost(scratch: scratch, into: &report)

    // Idle: a watched store and a sync folder holding 1,200 other devices' files.
    let folder = scratch.url.appendingPathComponent("sync", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let peers = FileSyncStore(folder: folder)
    for index in 0..<1_200 {
      // As SyncEntry stores an entry.
      let stamp = SyncTimestamp(milliseconds: Int64(index), device: "peer\(index)")
      let entry = PropertyListValue.dictionary([
        "changed": .string(stamp.description), "value": .integer(Int64(index)),
      ])
      try FileStore(url: peers.fileURL(forDevice: "peer\(index)"))
        .apply(["key\(index % 100)": .set(entry)])
    }
    let store = FileStore(url: scratch.url.appendingPathComponent("idle.plist"))
    let preferences = SyncedPreferences(store: store)
    preferences.startWatchingStore()
    try preferences.startSyncing(with: FileSyncStore(folder: folder))
    preferences.fontSize = 13
    try preferences.writePreferences()
    Thread.sleep(forTimeInterval: 3)  // the first exchanges and reloads
    let before = cpuSeconds()
    Thread.sleep(forTimeInterval: seconds)
    let used = cpuSeconds() - before
    preferences.stopSyncing()
    preferences.stopWatchingStore()
    report.memory.append(
      MemoryFigure(
        name: "idle: watched store + sync folder of 1,200 files", value: used * 60 / seconds * 1000,
        unit: "ms CPU per idle minute",
        method: "clock() (user + system CPU time) over \(Int(seconds)) s idle, scaled to a minute"))
  }

  /// One dirty key written into files of 10 to 10,000 keys: the cost per write, and what each
  /// KiB of file adds to it over the smallest file (the rest is the flushes and renames).
  static func runWriteCost(scratch: Scratch, into report: inout Report) throws {
    var smallest: (nanoseconds: Double, kibibytes: Double)?
    for count in [10, 100, 1_000, 10_000] {
      let file = scratch.url.appendingPathComponent("cost-\(count).plist")
      try FileStore(url: file).apply(SampleData.values(count: count).mapValues(StoredChange.set))
      let preferences = CounterPreferences(store: FileStore(url: file))
      let write = try measureEach(
        "write cost", repetitions: 5, iterations: count >= 10_000 ? 3 : 20
      ) {
        preferences.counter &+= 1
        try preferences.writePreferences()
      }
      let kibibytes = Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]
        as? Int) ?? 0) / 1024
      let base = smallest ?? (write.median, kibibytes)
      smallest = base
      let perKiB = (write.median - base.nanoseconds) / max(kibibytes - base.kibibytes, 1)
      report.memory.append(
        MemoryFigure(
          name: "write of 1 dirty key into a file of \(count) keys (\(Int(kibibytes)) KiB)",
          value: write.median / 1000, unit: "µs per write",
          method: count == 10
            ? "median of 5 runs"
            : "median of 5 runs; \(Int(perKiB)) ns more per KiB than the 10-key file"))
    }
  }

  /// User and system CPU time this process has used, in seconds (`clock()`).
  private static func cpuSeconds() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
  }
}
