// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// The small `Codable` struct of the README, encoded and decoded by the Codable rows.
struct Person: Codable, Equatable, Sendable {
  var name: String
  var quest: String
  var age: Int
}

/// The person every Codable row encodes.
let samplePerson = Person(name: "Sir Lancelot", quest: "To seek the Holy Grail", age: 35)

/// A string long enough to live on the heap, so reading it costs what reading a real one does.
let sampleString = "The quick brown fox jumps over the lazy dog"

/// The floor: stored properties of a plain final class, with no lock and no store.
final class PlainSettings {
  /// An integer setting.
  var count = 0
  /// A string setting.
  var name = sampleString
}

/// The preferences the read and write rows use: one `Int` and one `String`, observable with
/// the Observation framework, as every subclass is by default.
final class ReadPreferences: Preferences, @unchecked Sendable {
  @Preference var count = 0
  @Preference var name = sampleString
}

/// The same, opted out of Observation, which skips the registrar on every read and write.
final class UnobservedReadPreferences: Preferences, @unchecked Sendable {
  override class var isObservable: Bool { false }
  @Preference var count = 0
  @Preference var name = sampleString
}

/// One `Codable` preference, so that a write encodes a `Person` and a read decodes it.
final class PersonPreferences: Preferences, @unchecked Sendable {
  @Preference var person: Person? = nil
}

/// One `Int` preference, to measure what a write costs apart from encoding a value.
final class CounterPreferences: Preferences, @unchecked Sendable {
  @Preference(key: "key00000") var counter = 0
}

/// Key sets shared by the UserDefaults suites, the raw writes and the stores.
enum SampleData {
  /// The key of entry `index` of a large key set: `key00000`, `key00001`, ...
  static func key(_ index: Int) -> String {
    let digits = String(index)
    return "key" + String(repeating: "0", count: Swift.max(0, 5 - digits.count)) + digits
  }

  /// The value of entry `index`: integers, doubles, strings and Booleans in turn.
  static func value(_ index: Int) -> PropertyListValue {
    switch index % 4 {
    case 0: .integer(Int64(index))
    case 1: .double(Double(index) + 0.5)
    case 2: .string("value number \(index)")
    default: .bool(index.isMultiple(of: 3))
    }
  }

  /// `count` entries, as the library's values.
  static func values(count: Int) -> [String: PropertyListValue] {
    Dictionary(uniqueKeysWithValues: (0..<count).map { (key($0), value($0)) })
  }

  /// `count` entries, as Foundation's property-list objects.
  static func objects(count: Int) -> [String: Any] {
    values(count: count).mapValues(object(for:))
  }

  /// The Foundation object for a scalar value, as `UserDefaults` and
  /// `PropertyListSerialization` take it.
  static func object(for value: PropertyListValue) -> Any {
    switch value {
    case .bool(let value): value
    case .integer(let value): Int(value)
    case .unsignedInteger(let value): value
    case .double(let value): value
    case .string(let value): value
    case .data(let value): value
    case .date(let value): value
    case .array(let values): values.map(object(for:))
    case .dictionary(let values): values.mapValues(object(for:))
    }
  }

  /// The 100 entries that ``HundredPreferences`` declares, with values other than the defaults.
  static var hundredValues: [String: PropertyListValue] {
    Dictionary(
      uniqueKeysWithValues: (0..<100).map { index in
        let key = "p" + String(repeating: "0", count: index < 10 ? 2 : 1) + String(index)
        let value: PropertyListValue =
          switch index % 4 {
          case 0: .integer(Int64(index + 1))
          case 1: .double(Double(index) + 0.5)
          case 2: .string("stored \(index)")
          default: .bool(true)
          }
        return (key, value)
      })
  }
}

/// A temporary folder, holding the UserDefaults suites (through `XDG_CONFIG_HOME`) and files.
struct Scratch {
  /// The folder.
  let url: URL

  /// The environment variable that names the folder once the process has restarted.
  static let variable = "PREFERENCES_BENCHMARKS_SCRATCH"

  /// The folder this process was started with, or, the first time, a fresh folder made with
  /// `mkdtemp` and a restart of this executable with `XDG_CONFIG_HOME` pointing into it.
  ///
  /// Foundation on Linux keeps UserDefaults suites under `XDG_CONFIG_HOME`, but
  /// CoreFoundation copies the environment when it loads, before `main` runs: a `setenv` in
  /// `main` comes too late. So the first process sets the variables and replaces itself with
  /// `execv`; the second finds them. Nothing of Foundation runs before the restart. On Apple
  /// platforms there is no restart.
  init() throws {
    if let path = getenv(Self.variable).map({ String(cString: $0) }) {
      url = URL(fileURLWithPath: path, isDirectory: true)
      try FileManager.default.createDirectory(
        at: configuration, withIntermediateDirectories: true)
      return
    }
    var template = Array("/tmp/PreferencesBenchmarks-XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
    guard created else { throw BenchmarkError("mkdtemp failed") }
    let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    setenv(Self.variable, path, 1)
    #if os(Linux)
      setenv("XDG_CONFIG_HOME", path + "/config", 1)
      let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
      execv("/proc/self/exe", arguments)
      throw BenchmarkError("could not restart with XDG_CONFIG_HOME set")
    #else
      // Apple's UserDefaults keeps every suite in ~/Library/Preferences through cfprefsd,
      // whatever the environment, so there is nothing to restart for: the benchmark's suites
      // have names of their own and are removed at the end.
      url = URL(fileURLWithPath: path, isDirectory: true)
      try FileManager.default.createDirectory(
        at: configuration, withIntermediateDirectories: true)
    #endif
  }

  /// Where `XDG_CONFIG_HOME` points.
  var configuration: URL { url.appendingPathComponent("config", isDirectory: true) }

  /// Whether a UserDefaults suite saves its file in this folder, as it must before the
  /// benchmark writes any.
  func isUsedByUserDefaults() -> Bool {
    let probe = SampleSuite(count: 1)
    defer { probe.remove() }
    return StoreBenchmarks.suiteFile(named: probe.name, in: self) != nil
  }

  /// Removes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A UserDefaults suite of its own, filled with `count` keys and saved.
struct SampleSuite {
  /// The suite's unique name.
  let name: String
  /// The suite.
  let defaults: UserDefaults
  /// How many keys it holds.
  let count: Int

  /// Creates a suite, fills it with ``SampleData/values(count:)`` and saves it.
  init(count: Int) {
    self.init(values: SampleData.values(count: count))
  }

  /// Creates a suite, fills it with `values` and saves it.
  init(values: [String: PropertyListValue]) {
    count = values.count
    name = "PreferencesBenchmarks.\(UUID().uuidString).k\(count)"
    guard let defaults = UserDefaults(suiteName: name) else {
      fatalError("UserDefaults refused the suite name \(name)")
    }
    self.defaults = defaults
    for (key, value) in values {
      defaults.set(SampleData.object(for: value), forKey: key)
    }
    defaults.synchronize()
  }

  /// Deletes the suite's domain.
  func remove() {
    defaults.removePersistentDomain(forName: name)
  }
}
