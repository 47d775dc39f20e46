// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// The program `Scripts/instruction-counts.sh` runs under valgrind: `--child-count <operation>
/// <n>` runs one operation once to warm up (caches, the class's layout), then `n` more times.
///
/// The script runs each operation with `n` and with 0 and divides the difference by `n`, so
/// start-up, the warm-up and the exit cancel out and the count is the operation's alone.
enum CountDriver {
  /// The operations, by the names the script and its baseline use.
  static let operations = [
    "read", "read-string", "assign", "read-observed", "assign-observed", "write", "create", "create-file",
  ]

  /// Runs `arguments`: an operation name and a count.
  static func run(_ arguments: [String]) throws {
    guard arguments.count == 2, let n = Int(arguments[1]) else {
      throw BenchmarkError("usage: --child-count <\(operations.joined(separator: "|"))> <n>")
    }
    switch arguments[0] {
    case "read":
      // An `Int` read, unobservable: the lock-free path.
      let prefs = FloorPreferences(store: InMemoryStore())
      repeatCounting(n) { benchmarkSink &+= prefs.count }
    case "read-string":
      // A `String` read, unobservable: under the instance's lock, the value kept boxed.
      let prefs = FloorPreferences(store: InMemoryStore())
      repeatCounting(n) { benchmarkSink &+= prefs.name.utf8.count }
    case "assign":
      let prefs = FloorPreferences(store: InMemoryStore())
      repeatCounting(n) { prefs.count = benchmarkSink }
    case "read-observed":
      // An `Int` read in an observable class: the Observation framework hears of it.
      let prefs = ReadPreferences(store: InMemoryStore())
      repeatCounting(n) { benchmarkSink &+= prefs.count }
    case "assign-observed":
      let prefs = ReadPreferences(store: InMemoryStore())
      repeatCounting(n) { prefs.count = benchmarkSink }
    case "write":
      // One dirty key written into a 1,000-key file.
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("preferences-counts-\(getpid())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("store.plist")
      try FileStore(url: file).apply(SampleData.values(count: 1_000).mapValues(StoredChange.set))
      let prefs = CounterPreferences(store: FileStore(url: file))
      try repeatCounting(n) {
        prefs.counter &+= 1
        try prefs.writePreferences()
      }
    case "create":
      // 100 preferences from a 100-key in-memory store.
      let store = InMemoryStore(SampleData.hundredValues)
      repeatCounting(n) { benchmarkSink &+= HundredPreferences(store: store).p000 }
    case "create-file":
      // 100 preferences from a new file store reading a 100-key XML property list.
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("preferences-counts-\(getpid())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("hundred.plist")
      try FileStore(url: file).apply(SampleData.hundredValues.mapValues(StoredChange.set))
      repeatCounting(n) { benchmarkSink &+= HundredPreferences(store: FileStore(url: file)).p000 }
    default:
      throw BenchmarkError("unknown operation \(arguments[0])")
    }
    print(benchmarkSink)
  }

  /// Runs `body` once, then `n` times, in a function the optimizer keeps apart.
  @inline(never)
  static func repeatCounting(_ n: Int, _ body: () throws -> Void) rethrows {
    try body()
    for _ in 0..<n { try body() }
  }
}
