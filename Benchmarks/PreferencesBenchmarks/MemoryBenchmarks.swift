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

/// Memory: the bytes a declared preference costs, and the peak memory of loading 10,000 keys.
enum MemoryBenchmarks {
  /// Bytes in use: the allocator's count on Apple platforms, resident memory elsewhere.
  ///
  /// Linux's `mallinfo2()` is declared in `malloc.h`, which the `Glibc` module leaves out, so
  /// there the figure is resident memory from `/proc/self/statm`, taken in a fresh child
  /// process where little freed memory waits to be reused.
  static func bytesInUse() -> Int {
    #if canImport(Darwin)
      var statistics = malloc_statistics_t()
      malloc_zone_statistics(nil, &statistics)
      return Int(statistics.size_in_use)
    #else
      let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
      let fields = statm.split(separator: " ")
      let pages = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #endif
  }

  /// The process's peak resident memory so far, in bytes.
  ///
  /// On Linux this is `VmHWM` from `/proc/self/status`, not `getrusage`'s `ru_maxrss`: a
  /// process started by `fork` and `exec` inherits the forking process's `ru_maxrss`, so a
  /// child of this large benchmark would report the parent's peak.
  static func peakResidentBytes() -> Int {
    #if canImport(Darwin)
      var usage = rusage()
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #else
      let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      return kilobytes * 1024
    #endif
  }

  /// How ``peakResidentBytes()`` is measured, for the report.
  static var peakMethod: String {
    #if canImport(Darwin)
      "getrusage ru_maxrss"
    #else
      "/proc/self/status VmHWM"
    #endif
  }

  /// How ``bytesInUse()`` is measured, for the report.
  static var bytesMethod: String {
    #if canImport(Darwin)
      "malloc_zone_statistics size_in_use delta"
    #else
      "/proc/self/statm resident delta"
    #endif
  }

  /// Runs in a child: prints the bytes per declared `@Preference` and per plain property.
  static func childPerPreference() {
    let instances = 1_000
    // Warm up whatever is cached per type (metadata, reflection) before counting.
    blackHole(HundredPreferences(store: InMemoryStore()))
    blackHole(HundredPlainSettings())

    var start = bytesInUse()
    var preferences: [HundredPreferences] = []
    preferences.reserveCapacity(instances)
    for _ in 0..<instances { preferences.append(HundredPreferences(store: InMemoryStore())) }
    let preferenceBytes = Double(bytesInUse() - start) / Double(instances * 100)

    start = bytesInUse()
    var plain: [HundredPlainSettings] = []
    plain.reserveCapacity(instances)
    for _ in 0..<instances { plain.append(HundredPlainSettings()) }
    let plainBytes = Double(bytesInUse() - start) / Double(instances * 100)
    blackHole(preferences)
    blackHole(plain)
    print(preferenceBytes, plainBytes)
  }

  /// Measures the bytes per declared preference in a child process and appends the figures
  /// to `report`.
  ///
  /// - Parameters:
  ///   - environment: The child's environment.
  ///   - report: Receives the figures.
  static func run(environment: [String: String], into report: inout Report) throws {
    let figures = try runChild(["--child-memory"], environment: environment)
    guard figures.count == 2 else { throw BenchmarkError("the memory child failed") }
    let method = "child process, \(bytesMethod), 1,000 instances of a 100-property class"
    report.memory += [
      MemoryFigure(
        name: "per declared @Preference (Int/Double/String/Bool mix)",
        value: figures[0], unit: "bytes", method: method),
      MemoryFigure(
        name: "per plain stored property (same mix)", value: figures[1], unit: "bytes",
        method: method),
    ]
  }

  /// Runs this executable with `arguments` and returns the numbers it prints.
  static func runChild(_ arguments: [String], environment: [String: String]) throws -> [Double] {
    let process = Process()
    process.executableURL = executableURL
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw BenchmarkError("child \(arguments) failed: \(text)")
    }
    return text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
  }

  /// Measures loading 10,000 keys in a child process, so that nothing else this process did
  /// raises the peak, and appends the figures to `report`.
  ///
  /// - Parameters:
  ///   - label: Names the store in the report.
  ///   - arguments: What the child loads: `defaults <suite>` or `file <path>`.
  ///   - environment: The child's environment.
  ///   - report: Receives the figures.
  static func runLoad(
    label: String, arguments: [String], environment: [String: String], into report: inout Report
  ) throws {
    let figures = try runChild(["--child-load"] + arguments, environment: environment)
    guard figures.count == 3 else { throw BenchmarkError("the load child for \(label) failed") }
    let method = "child process: peak \(peakMethod); held \(bytesMethod)"
    report.memory += [
      MemoryFigure(
        name: "peak RSS of a process loading 10,000 keys (\(label))", value: figures[1] / 1_048_576,
        unit: "MiB", method: method),
      MemoryFigure(
        name: "peak RSS growth while loading 10,000 keys (\(label))",
        value: (figures[1] - figures[0]) / 1_048_576, unit: "MiB", method: method),
      MemoryFigure(
        name: "memory held by the 10,000 loaded values (\(label))", value: figures[2] / 10_000,
        unit: "bytes per key", method: method),
    ]
  }

  /// Runs in the child: loads 10,000 keys and prints peak RSS before, after, and heap held.
  ///
  /// - Parameter arguments: `defaults <suite>` or `file <path>`.
  static func childLoad(_ arguments: [String]) throws {
    guard arguments.count == 2 else { throw BenchmarkError("usage: --child-load KIND WHERE") }
    let before = peakResidentBytes()
    let heapBefore = bytesInUse()
    let store: any PreferenceStore = try makeStore(kind: arguments[0], location: arguments[1])
    let values = try store.allValues()
    let heap = bytesInUse() - heapBefore
    let after = peakResidentBytes()
    guard values.count >= 10_000 else {
      throw BenchmarkError("expected 10,000 keys, loaded \(values.count)")
    }
    blackHole(values)
    print(before, after, heap)
  }

  /// The store a child loads from.
  static func makeStore(kind: String, location: String) throws -> any PreferenceStore {
    switch kind {
    case "defaults": return UserDefaultsStore(suiteName: location)
    case "file": return FileStore(url: URL(fileURLWithPath: location))
    default: throw BenchmarkError("unknown store kind \(kind)")
    }
  }

  /// This executable.
  static var executableURL: URL {
    #if os(Linux)
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
  }
}
