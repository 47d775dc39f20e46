// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Measures PreferencesKit against a plain stored property, `UserDefaults`, the
/// `PropertyListEncoder` round trip and raw atomic writes, side by side in one process.
///
/// `swift run -c release PreferencesBenchmarks` prints a table; `--json` prints the same
/// figures as JSON; `--floors` runs only the hot path's rows, `--create` only the rows that
/// create preferences from a store, `--idle` only the idle and write-cost figures, `--large`
/// only the rows of a preference holding a large collection.
@main
enum PreferencesBenchmarks {
  /// Runs every benchmark and prints the report.
  static func main() throws {
    // First of all, before Foundation reads the environment: see `Scratch.init()`. A child
    // process inherits the variable and creates no folder.
    let isChild = CommandLine.arguments.dropFirst().first?.hasPrefix("--child-") ?? false
    let scratch = isChild ? nil : try Scratch()
    defer { scratch?.remove() }
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--child-load" {
      try MemoryBenchmarks.childLoad(Array(arguments.dropFirst()))
      return
    }
    if arguments.first == "--child-count" {
      try CountDriver.run(Array(arguments.dropFirst()))
      return
    }
    if arguments.first == "--child-memory" {
      MemoryBenchmarks.childPerPreference()
      return
    }
    guard let scratch else { return }
    #if os(Linux)
      if !scratch.isUsedByUserDefaults() {
        throw BenchmarkError("UserDefaults ignores XDG_CONFIG_HOME; stopping to spare the user's")
      }
    #endif

    let json = arguments.contains("--json")
    var report = Report()
    let progress = { (message: String) in
      FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    if arguments.contains("--floors") {
      // Only the rows of the hot path against their floors: seconds instead of minutes.
      AnatomyBenchmarks.run(into: &report)
      FloorBenchmarks.run(into: &report)
      print(json ? try report.json() : report.table)
      return
    }

    if arguments.contains("--idle") {
      // Only what an idle process and one write cost (issue 24).
      try IdleBenchmarks.run(scratch: scratch, into: &report)
      print(json ? try report.json() : report.table)
      return
    }

    if arguments.contains("--large") {
      // Only the rows of a preference holding a large collection (issue 31).
      try LargeCollectionBenchmarks.run(scratch: scratch, into: &report)
      print(json ? try report.json() : report.table)
      return
    }

    if arguments.contains("--create") {
      // Only the rows that create 100 preferences, and their baseline: the first UserDefaults
      // read of 100 keys.
      var baselines = StoreBaselines()
      baselines.firstRead = try StoreBenchmarks.runCreation(scratch: scratch, into: &report)
      try FileStoreBenchmarks.runCreation(baselines: baselines, scratch: scratch, into: &report)
      print(json ? try report.json() : report.table)
      return
    }

    progress("filling UserDefaults suites of 10, 100, 1,000 and 10,000 keys")
    let suites = [10, 100, 1_000, 10_000].map { SampleSuite(count: $0) }
    defer { for suite in suites { suite.remove() } }

    progress("reads and assignments")
    ReadWriteBenchmarks.run(suites: suites, into: &report)
    AnatomyBenchmarks.run(into: &report)
    progress("floors")
    FloorBenchmarks.run(into: &report)
    progress("Codable")
    try CodableBenchmarks.run(into: &report)
    progress("stores")
    let baselines = try StoreBenchmarks.run(suites: suites, scratch: scratch, into: &report)
    progress("file store")
    try FileStoreBenchmarks.run(baselines: baselines, scratch: scratch, into: &report)
    progress("a large collection")
    try LargeCollectionBenchmarks.run(scratch: scratch, into: &report)
    progress("idle and write cost")
    try IdleBenchmarks.run(scratch: scratch, into: &report)
    progress("memory")
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = scratch.configuration.path
    try MemoryBenchmarks.run(environment: environment, into: &report)
    try MemoryBenchmarks.runLoad(
      label: "UserDefaultsStore", arguments: ["defaults", suites[3].name],
      environment: environment, into: &report)
    let file = scratch.url.appendingPathComponent("load-10000.plist")
    try FileStore(url: file).apply(SampleData.values(count: 10_000).mapValues(StoredChange.set))
    try MemoryBenchmarks.runLoad(
      label: "FileStore", arguments: ["file", file.path], environment: environment,
      into: &report)

    print(json ? try report.json() : report.table)
    progress("sink \(benchmarkSink)")
  }
}
