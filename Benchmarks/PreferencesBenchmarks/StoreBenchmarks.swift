// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Creating preferences from a store, and saving: `UserDefaults` and raw atomic writes.
enum StoreBenchmarks {
  /// Runs the rows and appends them to `report`.
  ///
  /// - Parameters:
  ///   - suites: UserDefaults suites of several sizes, for `set` + `synchronize()`.
  ///   - scratch: A folder for files; `XDG_CONFIG_HOME` points into it.
  ///   - report: Receives the rows.
  /// - Returns: The measurements other rows compare with: the first UserDefaults read of 100
  ///   keys, and `set` + `synchronize()` and raw atomic writes, by key count.
  static func run(
    suites: [SampleSuite], scratch: Scratch, into report: inout Report
  ) throws -> StoreBaselines {
    var baselines = StoreBaselines()
    baselines.firstRead = try runCreation(scratch: scratch, into: &report)

    // Saving one changed key: UserDefaults, and serializing every key and writing atomically.
    for suite in suites {
      let key = SampleData.key(0)
      let iterations = suite.count >= 10_000 ? 2 : suite.count >= 1_000 ? 10 : 20
      let save = measureEach(
        "UserDefaults: set + synchronize(), \(suite.count) keys", repetitions: 7,
        iterations: iterations
      ) {
        suite.defaults.set(Int.random(in: 0..<1_000_000), forKey: key)
        suite.defaults.synchronize()
      }
      baselines.synchronize[suite.count] = save
      report.rows.append(Row(save))
    }
    for count in [1_000, 10_000] {
      var objects = SampleData.objects(count: count)
      let file = scratch.url.appendingPathComponent("raw-\(count).plist")
      let write = try measureEach(
        "raw: PropertyListSerialization + atomic write, \(count) keys",
        iterations: count >= 10_000 ? 2 : 5
      ) {
        objects[SampleData.key(0)] = Int.random(in: 0..<1_000_000)
        let data = try PropertyListSerialization.data(
          fromPropertyList: objects, format: .binary, options: 0)
        try data.write(to: file, options: .atomic)
      }
      baselines.rawWrite[count] = write
      report.rows.append(Row(write))
    }
    return baselines
  }

  /// Runs the rows that create 100 preferences from a store, against the first UserDefaults
  /// read of 100 keys after launch, and appends them to `report`.
  ///
  /// - Returns: The first UserDefaults read, which the file-store creation rows compare with.
  static func runCreation(scratch: Scratch, into report: inout Report) throws -> Measurement {
    // Creating 100 preferences, against the first UserDefaults read after launch.
    let hundred = SampleSuite(values: SampleData.hundredValues)
    let keys = SampleData.hundredValues.keys.sorted()
    guard let hundredFile = suiteFile(named: hundred.name, in: scratch) else {
      throw BenchmarkError("cannot find the file of UserDefaults suite \(hundred.name)")
    }
    // The copies, removed below: on Apple platforms they sit in ~/Library/Preferences.
    var copies: [URL] = []
    defer { for copy in copies { try? FileManager.default.removeItem(at: copy) } }
    let coldSuite = { () throws -> String in
      // A suite this process has never opened, so UserDefaults reads it from disk.
      let name = "PreferencesBenchmarks.\(UUID().uuidString).cold"
      let copy = hundredFile.deletingLastPathComponent()
        .appendingPathComponent(
          hundredFile.lastPathComponent
            .replacingOccurrences(of: hundred.name, with: name))
      try FileManager.default.copyItem(at: hundredFile, to: copy)
      copies.append(copy)
      return name
    }
    let firstRead = try measureEach(
      "UserDefaults: first read of 100 keys after launch", repetitions: 7,
      iterations: 30, setup: coldSuite,
      operation: { name in
        let defaults = UserDefaults(suiteName: name)!
        for key in keys { blackHole(defaults.object(forKey: key)) }
      })
    let fromMemory = measureEach(
      "create 100 @Preference from InMemoryStore(100 keys)", repetitions: 7, iterations: 30,
      setup: { InMemoryStore(SampleData.hundredValues) },
      operation: { store in benchmarkSink &+= HundredPreferences(store: store).p000 })
    let fromDefaults = try measureEach(
      "create 100 @Preference from a new UserDefaultsStore", repetitions: 7, iterations: 30,
      setup: coldSuite,
      operation: { name in
        benchmarkSink &+= HundredPreferences(store: UserDefaultsStore(suiteName: name)).p000
      })
    hundred.remove()
    report.rows += [
      Row(firstRead),
      Row(fromMemory, baseline: firstRead),
      Row(fromDefaults, baseline: firstRead),
    ]
    return firstRead
  }

  /// The file in which Foundation keeps suite `name`: on Linux found by searching `scratch`;
  /// on Apple platforms `~/Library/Preferences/<name>.plist`, which cfprefsd writes shortly
  /// after `synchronize()`, so it is awaited for up to five seconds.
  static func suiteFile(named name: String, in scratch: Scratch) -> URL? {
    #if canImport(Darwin)
      let file = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent("Library/Preferences/\(name).plist")
      for _ in 0..<250 {
        if FileManager.default.fileExists(atPath: file.path) { return file }
        usleep(20_000)
      }
      return nil
    #else
      let files = FileManager.default.enumerator(at: scratch.url, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        if file.lastPathComponent.hasPrefix(name) { return file }
      }
      return nil
    #endif
  }
}

/// Measurements that the file-store rows compare with.
struct StoreBaselines {
  /// The first UserDefaults read of 100 keys after launch.
  var firstRead: Measurement?
  /// `set` + `synchronize()`, by key count.
  var synchronize: [Int: Measurement] = [:]
  /// Serializing every key and writing atomically, by key count.
  var rawWrite: [Int: Measurement] = [:]
}

/// A failure that stops the benchmark, with a message saying what went wrong.
struct BenchmarkError: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String

  /// An error saying `description`.
  init(_ description: String) {
    self.description = description
  }
}
