// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Devices syncing through a simulated file-sync engine, as Syncthing or Dropbox would carry
/// their files: whole-file atomic copies at random moments, one file at a time, conflict copies
/// when both sides changed, devices going offline, one device's clock minutes behind, edits
/// and resets many within one second, devices restoring their folder from a backup. When edits
/// stop and every device is back (but perhaps one that left for good), every device must hold,
/// for every synced key, the change last in the order of ``SyncTimestamp``s.
///
/// `swift test` runs a few dozen schedules; `SYNC_SIMULATION_SCHEDULES=1000 swift test
/// --filter SyncSimulation` runs more, and `SYNC_SIMULATION_SEED=n` starts at schedule `n`.
struct SyncSimulationTests {
  static let environment = ProcessInfo.processInfo.environment
  static let schedules = Int(environment["SYNC_SIMULATION_SCHEDULES"] ?? "") ?? 24
  static let firstSeed = UInt64(environment["SYNC_SIMULATION_SEED"] ?? "") ?? 1

  @Test(arguments: [PropertyListFormat.propertyList, .json])
  func everyDeviceEndsWithTheLastChangeOfEveryKey(format: PropertyListFormat) throws {
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.schedules)) {
      let failure = try SyncSimulation(seed: seed, format: format).run()
      if let failure {
        let message =
          "schedule \(seed) (\(format)) failed: \(failure); rerun it with "
          + "SYNC_SIMULATION_SEED=\(seed) SYNC_SIMULATION_SCHEDULES=1"
        Issue.record(Comment(rawValue: message))
        return
      }
    }
  }
}

/// A small, seeded random number generator (SplitMix64), so that a schedule replays exactly.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// One schedule of the simulation.
final class SyncSimulation {
  let seed: UInt64
  let format: PropertyListFormat
  private var random: SeededGenerator
  private let root: URL
  private let clock = TestClock()
  private var devices: [SyncedPreferences] = []
  private var folders: [URL] = []
  private var offline: Set<Int> = []
  /// The device that stopped syncing when the edits stopped, if one did.
  private var departed: Int?
  /// The devices whose folder was restored from a backup since they last exchanged.
  private var unseenRestores: Set<Int> = []
  /// A file's contents in one folder and its version vector: how many changes of each
  /// folder it includes.
  struct FileVersion {
    var data: Data
    var clock: [Int: Int]
  }
  /// Each folder's files as the engine last saw them.
  private var versions: [[String: FileVersion]] = []
  /// An earlier copy of each device's own file, as a backup would hold it.
  private var backups: [Int: Data] = [:]
  private var conflicts = 0
  /// The change last in the order for each key, as made by some device.
  private var last: [String: SyncEntry] = [:]
  static let keys = ["theme", "fontSize", "notes"]

  init(seed: UInt64, format: PropertyListFormat) throws {
    self.seed = seed
    self.format = format
    random = SeededGenerator(seed: seed)
    // Memory-backed where there is one: every write is flushed to disk.
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm")
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    root = base.appendingPathComponent("SyncSimulation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    for device in devices { device.stopSyncing() }
    try? FileManager.default.removeItem(at: root)
  }

  /// Runs the schedule and returns what went wrong, or `nil` when every device converged.
  func run() throws -> String? {
    let count = Int.random(in: 3...5, using: &random)
    let skewed = Int.random(in: 0..<count, using: &random)
    for index in 0..<count {
      let folder = root.appendingPathComponent("folder-\(index)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      folders.append(folder)
      versions.append([:])
      let store: any PreferenceStore
      if index == 0 {
        // One device keeps its own preferences in a file of the same format.
        let file = FileStore(url: root.appendingPathComponent("local-0." + format.fileExtension))
        try file.apply([ReservedKey.deviceID: .set(.string("device-0"))])
        store = file
      } else {
        store = InMemoryStore([ReservedKey.deviceID: .string("device-\(index)")])
      }
      let prefs = SyncedPreferences(store: store)
      try prefs.startSyncing(
        with: FileSyncStore(folder: folder, format: format),
        wallClock: clock.wallClock(skew: index == skewed ? -3 * 60_000 : 0),
        pullsAutomatically: false)
      devices.append(prefs)
    }
    for _ in 0..<Int.random(in: 60...150, using: &random) {
      clock.now += Int64.random(in: 0...300, using: &random)
      try step()
    }
    offline = []
    // Half the time one device leaves for good: what it changed lives on only in its files.
    // Not one whose folder was restored from a backup it has not synced since, as that
    // backup then replaces its newer file everywhere, and nothing can bring the change back.
    let candidates = (0..<devices.count).filter { !unseenRestores.contains($0) }
    departed = Bool.random(using: &random) ? candidates.randomElement(using: &random) : nil
    if SyncSimulationTests.environment["SYNC_SIMULATION_DEBUG"] != nil {
      print("schedule \(seed): \(devices.count) devices, \(conflicts) conflict copies")
    }
    return try settle()
  }

  private func step() throws {
    let device = Int.random(in: 0..<devices.count, using: &random)
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<22:
      try edit(device)
    case 22..<27:
      devices[device].resetToDefaults()
      try write(device)
    case 27..<62:
      let other = Int.random(in: 0..<devices.count, using: &random)
      guard other != device, !offline.contains(device), !offline.contains(other) else { return }
      let names = try fileNames(in: [device, other])
      guard let name = names.randomElement(using: &random) else { return }
      try carry(name, between: device, and: other, spurious: true)
    case 62..<82:
      devices[device].exchange()
      unseenRestores.remove(device)
    case 82..<92:
      try backUpOrRestore(device)
    default:
      if offline.contains(device) {
        offline.remove(device)
      } else if offline.count < devices.count - 2 {
        offline.insert(device)
      }
    }
  }

  /// Copies the device's own file aside, or puts an earlier copy back, as restoring the
  /// folder from a backup does.
  private func backUpOrRestore(_ device: Int) throws {
    let name = FileSyncStore(folder: folders[device], format: format)
      .fileURL(forDevice: "device-\(device)").lastPathComponent
    if let backup = backups[device], Bool.random(using: &random) {
      try backup.write(to: folders[device].appendingPathComponent(name))
      unseenRestores.insert(device)
    } else {
      backups[device] = contents(name, in: device)
    }
  }

  private func edit(_ device: Int) throws {
    let prefs = devices[device]
    for key in Self.keys where Bool.random(using: &random) {
      let number = Int.random(in: 1...1_000, using: &random)
      switch key {
      case "theme": prefs.theme = number % 2 == 0 ? .dark : .light
      case "fontSize": prefs.fontSize = Double(number)
      default: prefs.notes = "note \(number) from \(device)"
      }
    }
    try write(device)
  }

  /// Writes the device's changes and notes each change as a candidate for the last.
  private func write(_ device: Int) throws {
    try devices[device].writePreferences()
    for (key, record) in try records(of: device) where record.isNewer(than: last[key]) {
      last[key] = record
    }
  }

  private func records(of device: Int) throws -> [String: SyncEntry] {
    let store = devices[device].preferenceStore
    return Preferences.syncRecords(
      in: try store.values(forKeys: Self.keys.map(ReservedKey.syncRecord)), keys: Self.keys)
  }

  /// The files the engine carries in the devices' folders, sorted.
  private func fileNames(in indices: [Int]) throws -> [String] {
    var names: Set<String> = []
    for index in indices {
      for name in try FileManager.default.contentsOfDirectory(atPath: folders[index].path)
      where !name.hasPrefix(".") && !name.hasSuffix(".lock") && !name.hasSuffix(".tmp") {
        names.insert(name)
      }
    }
    return names.sorted()
  }

  private func contents(_ name: String, in index: Int) -> Data? {
    FileManager.default.contents(atPath: folders[index].appendingPathComponent(name).path)
  }

  /// Records what each folder changed on its own since the engine last looked, as an engine
  /// does when it scans: a new version of the file in that folder.
  private func scan(_ name: String, in index: Int) {
    guard let data = contents(name, in: index) else { return }
    if versions[index][name]?.data != data {
      var clock = versions[index][name]?.clock ?? [:]
      clock[index, default: 0] += 1
      versions[index][name] = FileVersion(data: data, clock: clock)
    }
  }

  /// Brings one file level between two folders as an engine with version vectors does: the
  /// newer version replaces the older, and versions changed on both sides (or, with
  /// `spurious`, at random, as engines that lose track do) end as a conflict: one version wins
  /// at random and the other is kept beside it as a conflict copy.
  private func carry(_ name: String, between first: Int, and second: Int, spurious: Bool) throws {
    scan(name, in: first)
    scan(name, in: second)
    guard let a = versions[first][name] else {
      if let b = versions[second][name] { try place(b, as: name, in: first) }
      return
    }
    guard let b = versions[second][name] else { return try place(a, as: name, in: second) }
    var merged = a.clock.merging(b.clock, uniquingKeysWith: max)
    if a.data == b.data {
      versions[first][name] = FileVersion(data: a.data, clock: merged)
      versions[second][name] = FileVersion(data: a.data, clock: merged)
      return
    }
    let flaky = spurious && Int.random(in: 0..<100, using: &random) < 30
    if merged == a.clock, !flaky { return try place(a, as: name, in: second) }
    if merged == b.clock, !flaky { return try place(b, as: name, in: first) }
    let firstWins = Bool.random(using: &random)
    let (winner, loser, loserFolder) = firstWins ? (a, b, second) : (b, a, first)
    conflicts += 1
    let stem = (name as NSString).deletingPathExtension
    let copy = "\(stem).sync-conflict-\(conflicts)-\(loserFolder).\(format.fileExtension)"
    try place(FileVersion(data: loser.data, clock: [loserFolder: 1]), as: copy, in: loserFolder)
    merged[firstWins ? first : second, default: 0] += 1
    let resolved = FileVersion(data: winner.data, clock: merged)
    try place(resolved, as: name, in: loserFolder)
    versions[firstWins ? first : second][name] = resolved
  }

  /// Replaces a file whole, by a rename, as sync engines do.
  private func place(_ version: FileVersion, as name: String, in index: Int) throws {
    let temporary = folders[index].appendingPathComponent(".engine.tmp")
    try version.data.write(to: temporary)
    versions[index][name] = version
    guard rename(temporary.path, folders[index].appendingPathComponent(name).path) == 0 else {
      throw PreferenceError(.writeFailed, reason: "the engine cannot rename over \(name)")
    }
  }

  /// With every device online and no more edits, lets the engine and the devices run until
  /// nothing changes, then checks every device.
  private func settle() throws -> String? {
    var previous = ""
    for _ in 0..<40 {
      let everyone = Array(0..<devices.count)
      for first in everyone {
        for second in everyone where second > first {
          for name in try fileNames(in: [first, second]) {
            try carry(name, between: first, and: second, spurious: false)
          }
        }
      }
      for (index, device) in devices.enumerated() where index != departed { device.exchange() }
      let state = try everyone.map { index in
        try fileNames(in: [index]).map { "\($0):\(contents($0, in: index)?.hashValue ?? 0)" }
          .joined(separator: ",") + "\(try records(of: index).sorted { $0.key < $1.key })"
      }.joined(separator: "\n")
      if state == previous { return try check() }
      previous = state
    }
    return "the devices did not settle in 40 rounds"
  }

  private func check() throws -> String? {
    for (index, prefs) in devices.enumerated() where index != departed {
      let records = try records(of: index)
      for key in Self.keys {
        let stored = try prefs.preferenceStore.value(forKey: key)
        guard records[key] == last[key], stored == last[key]?.value else {
          return "device \(index) holds \(key) = \(stored?.description ?? "nothing") "
            + "(\(records[key]?.timestamp.description ?? "no record")), the last change was "
            + "\(last[key]?.value?.description ?? "a removal") at "
            + "\(last[key]?.timestamp.description ?? "never")"
        }
      }
      if prefs.hasUnsavedChanges { return "device \(index) still has unsaved changes" }
    }
    return nil
  }
}
