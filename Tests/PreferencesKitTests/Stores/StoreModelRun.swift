// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// One seeded sequence of operations against a real `FileStore`, beside a model of what must
/// be on disk. After every step a fresh instance must read exactly the committed values,
/// every file the model keeps (a damaged file, the file a changed type overwrote) must still
/// exist, byte for byte, and a failed write must leave the file byte-identical.
final class StoreModelRun {
  let seed: UInt64
  let format: PropertyListFormat
  private var source: ModelOperationSource
  private let directory: TemporaryDirectory
  private let url: URL
  private var instance: ModelPreferences
  /// What a fresh instance must read.
  private var committed: [String: PropertyListValue]
  /// The instance's assignments not yet saved, as `committed` would hold them.
  private var pending: [String: PropertyListValue] = [:]
  /// The pending keys whose value the format cannot hold, and those assigned since last write.
  private var leftOut: Set<String> = []
  private var newlyLeftOut: Set<String> = []
  /// Keys only another process writes, and their values.
  private var foreign: [String: PropertyListValue] = [:]
  /// Files that must stay on disk: damaged files, and stores a changed type overwrote (the
  /// last three of those).
  private var damagedFiles: [Data] = []
  private var backups: [Data] = []
  private var isDamaged = false
  /// Whether the stored `person` has the first version's shape, which the changed type cannot
  /// load.
  private var storedPersonIsOld = false
  private var log: [String] = []
  private var exchanges: Int64 = 0

  init(seed: UInt64, format: PropertyListFormat, mix: ModelMix) throws {
    self.seed = seed
    self.format = format
    source = ModelOperationSource(random: SeededGenerator(seed: seed), mix: mix)
    directory = try TemporaryDirectory()
    url = directory.file("p." + format.fileExtension)
    // Sequences drop instances with unsaved changes on purpose.
    Preferences.warnsAboutUnsavedChanges = false
    // A damaged file is not waited for: the model damages it on purpose, between steps.
    instance = ModelPreferences(store: FileStore(url: url, partialWriteTimeout: .zero))
    committed = instance.shown
  }

  deinit { directory.remove() }

  /// Runs `steps` operations; returns the first broken promise, with the steps that led to it.
  func run(steps: Int) -> String? {
    for _ in 0..<steps {
      let operation = source.next()
      log.append(operation.description)
      if let failure = perform(operation) ?? check() {
        return "seed \(seed) (\(format)), step \(log.count): \(failure)\n  steps: "
          + log.joined(separator: "; ")
      }
    }
    return nil
  }

  private func perform(_ operation: ModelOperation) -> String? {
    switch operation {
    case .assignName(let name):
      instance.name = name
      assign("name", .string(name), leftOut: ModelLeftOutValues.leavesOut(name: name, format: format))
    case .assignSize(let size):
      instance.size = size
      assign("size", .double(size), leftOut: false)
    case .assignCount(let count):
      instance.count = count
      let leftOut = ModelLeftOutValues.leavesOut(count: count, format: format)
      assign("count", leftOut ? .integer(-1) : .integer(exactly: count), leftOut: leftOut)
    case .assignPerson(let name):
      instance.person = ModelPerson(name: name)
      assign("person", .dictionary(["name": .string(name)]), leftOut: false)
    case .assignTheme(let theme):
      instance.theme = theme
      assign("theme", .string(theme), leftOut: false)
    case .write(let fault): return write(fault: fault)
    case .syncExchange(let theme): return syncExchange(theme)
    case .reload:
      instance.readPreferences()
      (pending, leftOut, newlyLeftOut) = ([:], [], [])
    case .reset:
      instance.resetToDefaults()
      pending = ModelPreferences(store: InMemoryStore()).shown
      (leftOut, newlyLeftOut) = ([], [])
    case .otherInstanceWrites(let size):
      let before = liveBytes()
      let other = ModelPreferences(store: FileStore(url: url))
      other.size = size
      do { try other.writePreferences() } catch { return "another instance's write threw: \(error)" }
      committed["size"] = .double(size)
      return afterWrite(before: before, named: other.problemErrors(.load, .layers, .write), needsBackup: false)
    case .otherProcessWrites(let value):
      guard !isDamaged else { return nil }
      do {
        try FileStore(url: url).apply(["other.key": .set(.string(value))])
      } catch { return "another process's write threw: \(error)" }
      foreign["other.key"] = .string(value)
    case .damage(let damage): self.damage(damage)
    case .changedTypeWrites(let name):
      let before = liveBytes()
      let changed = ChangedTypePreferences(store: FileStore(url: url))
      changed.person = ModelPersonWithAge(name: name, age: 1)
      do { try changed.writePreferences() } catch { return "the changed type's write threw: \(error)" }
      committed["person"] = .dictionary(["name": .string(name)])
      let needsBackup = storedPersonIsOld
      storedPersonIsOld = false
      return afterWrite(before: before, named: changed.problemErrors(.load, .layers, .write), needsBackup: needsBackup)
    }
    return nil
  }

  /// Another device's later edit of the synced `theme` arrives while this instance syncs for a
  /// moment: it wins unless `theme` holds an unsaved assignment here, or the local file is
  /// damaged (an exchange reads the store and does not salvage: nothing is pulled).
  private func syncExchange(_ theme: String) -> String? {
    exchanges += 1
    let cloud = InMemorySyncStore()
    let later = Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000 * Int64(exchanges)
    let entry = SyncEntry(
      value: .string(theme), timestamp: SyncTimestamp(milliseconds: later, device: "remote"))
    do { try cloud.apply(["theme": entry], from: "remote") } catch { return "\(error)" }
    let before = liveBytes()
    let rewritten = writtenBackByInstance()
    do { try instance.startSyncing(with: cloud) } catch { return "starting to sync threw: \(error)" }
    instance.stopSyncing()
    // Over a damaged file nothing is pulled, unless creating the device identifier rewrote it.
    let pulls = !(isDamaged && liveBytes() == before)
    if isDamaged && pulls { expect(rewritten) }
    if pending["theme"] == nil && pulls { committed["theme"] = .string(theme) }
    return afterWrite(before: before, named: instance.problemErrors(.load, .layers, .write), needsBackup: false)
  }

  private func assign(_ key: String, _ value: PropertyListValue, leftOut isLeftOut: Bool) {
    pending[key] = value
    if isLeftOut {
      leftOut.insert(key)
      newlyLeftOut.insert(key)
    } else {
      leftOut.remove(key)
      newlyLeftOut.remove(key)
    }
  }

  private func write(fault: (Syscalls.Call, SystemError)?) -> String? {
    let before = liveBytes()
    let rewritten = writtenBackByInstance()
    let faults = SystemCallFaults()
    if let fault { faults.fail(fault.0, with: fault.1) }
    var thrown: (any Error)?
    do { try faults.inject { try instance.writePreferences() } } catch { thrown = error }
    // A failing write, flush or rename fails the write; a failing open may hit a read the
    // library can do without (the device identifier's quick look), so it may or may not.
    let fired = fault.map { $0.1 != .interrupted && faults.allHappened } ?? false
    let mustFail = fired && [.write, .synchronize, .rename].contains(fault!.0)
    // An error naming keys left out is thrown after the rest was saved: not a failed write.
    let leftOutOnly = (thrown as? PreferenceError)?.kind == .unrepresentableValue
    if mustFail && (thrown == nil || leftOutOnly) {
      return "a write under \(fault!) did not fail: \(thrown.map { "\($0)" } ?? "no error")"
    }
    if fired && thrown != nil && !leftOutOnly {
      return liveBytes() == before ? nil : "a failed write changed the file"
    }
    let saved = pending.filter { !leftOut.contains($0.key) }
    if newlyLeftOut.isEmpty, let thrown { return "the write threw: \(thrown)" }
    if !newlyLeftOut.isEmpty {
      guard let thrown else { return "a write leaving out \(newlyLeftOut.sorted()) did not throw" }
      let text = String(describing: thrown)
      if let key = newlyLeftOut.first(where: { !text.contains("\"\($0)\"") }) {
        return "the write's error does not name left-out \"\(key)\": \(text)"
      }
    }
    if !saved.isEmpty { expect(rewritten) }
    committed.merge(saved) { $1 }
    if let person = saved["person"] { storedPersonIsOld = person != .string("none") }
    pending = pending.filter { leftOut.contains($0.key) }
    newlyLeftOut = []
    if saved.isEmpty { return liveBytes() == before ? nil : "a write that saved nothing changed the file" }
    return afterWrite(before: before, named: instance.problemErrors(.load, .layers, .write), needsBackup: false)
  }

  /// After a successful write: a damaged file, or a value a changed type could not load, is
  /// kept in a file the writer's problem list names.
  private func afterWrite(before: Data?, named errors: [PreferenceError], needsBackup: Bool)
    -> String?
  {
    // A write that changed nothing leaves a damaged file where it is, which keeps it.
    if liveBytes() == before { return nil }
    defer { isDamaged = false }
    guard isDamaged || needsBackup, let before else { return nil }
    let text = errors.map(String.init(describing:)).joined(separator: "\n")
    let named = directory.names().filter { name in
      text.contains(name) && (try? Data(contentsOf: directory.file(name))) == before
    }
    if named.isEmpty {
      return "the overwritten \(isDamaged ? "damaged file" : "value") is in no file the writer "
        + "names; its problems: [\(text)], files: \(directory.names())"
    }
    if !isDamaged { backups = Array((backups + [before]).suffix(3)) }
    return nil
  }

  private func damage(_ damage: ModelOperation.Damage) {
    let bytes = liveBytes() ?? Data("<plist><dict><key>size</key><real>3".utf8)
    let damaged: Data
    switch damage {
    case .truncate: damaged = bytes.prefix(bytes.count / 2)
    case .garbage: damaged = bytes.prefix(bytes.count / 3) + Data("\u{1}@@<<{".utf8) + bytes.suffix(bytes.count / 3)
    case .wrongRoot: damaged = Data((format == .json ? "[1, 2]" : "<plist><array/></plist>").utf8)
    }
    try? damaged.write(to: url, options: .atomic)
    // Damage over damage replaces a damaged file no write has kept: only the new one counts.
    if isDamaged { damagedFiles.removeLast() }
    isDamaged = false
    guard (try? FileStore(url: url).allValues()) == nil else { return }
    isDamaged = true
    damagedFiles.append(damaged)
    // What salvage keeps is what a reader now sees; the damaged file keeps the rest.
    committed = ModelPreferences(store: FileStore(url: url)).shown
    foreign = FileStore(url: url).salvageValues().values.filter { foreign[$0.key] != nil }
    if committed["person"] == .string("none") { storedPersonIsOld = false }
  }

  /// What the instance's write over a damaged file writes back besides its own changes: each
  /// entry salvage keeps and, for each it cannot, the value the instance's store last read
  /// cleanly; `nil` when the file is not damaged.
  private func writtenBackByInstance() -> [String: PropertyListValue]? {
    guard isDamaged, let store = instance.preferenceStore as? FileStore else { return nil }
    return store.salvageValues().values
  }

  /// Expects what `rewritten` holds of a damaged file to be what a fresh instance reads.
  private func expect(_ rewritten: [String: PropertyListValue]?) {
    guard let rewritten else { return }
    committed = ModelPreferences(store: InMemoryStore(rewritten)).shown
    foreign = rewritten.filter { $0.key.hasPrefix("other.") }
  }

  private func check() -> String? {
    let fresh = ModelPreferences(store: FileStore(url: url))
    if fresh.shown != committed {
      let keys = committed.keys.filter { fresh.shown[$0] != committed[$0] }.sorted()
      return "a fresh instance reads " + keys.map { "\($0) = \(fresh.shown[$0]!)" }.joined(separator: ", ")
        + " where the model committed " + keys.map { "\(committed[$0]!)" }.joined(separator: ", ")
        + "; its problems: \(fresh.problemErrors(.load, .layers, .write))"
    }
    if !isDamaged, let values = try? FileStore(url: url).allValues(),
      values.filter({ $0.key.hasPrefix("other.") }) != foreign
    {
      return "another process's keys are \(values.filter { $0.key.hasPrefix("other.") }), not \(foreign)"
    }
    let files = Set(directory.names().compactMap { try? Data(contentsOf: directory.file($0)) })
    if let lost = (damagedFiles + backups).first(where: { !files.contains($0) }) {
      return "a kept file is gone: \(String(decoding: lost.prefix(120), as: UTF8.self))"
    }
    return nil
  }

  private func liveBytes() -> Data? { try? Data(contentsOf: url) }
}
