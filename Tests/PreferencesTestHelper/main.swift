// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// A small program the file store's tests start as separate processes, so that locking,
// crashes and concurrent writers are tested across real processes.
//
// Usage: PreferencesTestHelper <command> <store> [arguments...]
//
//   write-generations <store> <keys>         Rewrites <keys> keys forever, each holding the
//                                            generation number; prints "ready" after the first.
//   check-generations <store> <keys>         Opens the store; exit 0 and "generation N" when
//                                            every key holds the same generation N.
//   read-while-writing <store> <keys> <n>    Reads until it has seen <n> generations, checking
//                                            each read as above.
//   default-url <identifier>                 Prints FileStore.defaultURL(for:).
//   measure <store> <keys>                   Times reading and writing a store of <keys> keys.
//   write-keys <store> <prefix> <count>      One write per key: <prefix><i> = "<prefix>-<i>".
//   write-value <store> <key> <text> [umask] Writes one string, under the given octal umask.
//   write-limited <store> <bytes> <key> <n>  Writes a string of <n> bytes with the file size
//                                            limit (ulimit -f) set to <bytes>.
//   hold-lock <store>                        Takes the store's file lock, prints "locked" and
//                                            waits to be killed.
//   duplicate-keys <store>                   Creates preferences whose properties share a key,
//                                            which must stop the program.
//   equivalent-keys <store>                  The same, with "café" spelled two ways.
//   rejected-default <store>                 Creates preferences whose default breaks its own
//                                            constraint, which must stop the program.
//   rejected-set-default <store>             The same, with the default from setDefaults().
//   empty-key <store>, reserved-key <store>  Creates preferences with an empty key, or one under
//                                            the reserved prefix, which must stop the program.
//   migrate-slowly <store>                   Opens SlowlyMigratingPreferences, whose migration
//                                            takes 0.3 s and records this process's ID.
//   save-at-exit <store> <size>              Assigns fontSize in preferences that save 60 s after
//                                            an assignment, and returns from main at once.
//   save-soon <store> <size>                 Assigns fontSize in preferences that save 50 ms
//                                            after an assignment, prints "assigned" and waits.
//   save-on-signal <store> <size> <mode>     Assigns fontSize as save-at-exit does and waits
//                                            for a signal (modes: HelperSignals.swift).
//   save-continuously <store>                Assigns a time stamp every 3 ms, never pausing, in
//                                            preferences that save 50 ms after an assignment
//                                            and at most 300 ms after the first unsaved one.
//   default-store <folder> <mode>            Writes preferences made without a store, with
//                                            Preferences.defaultStoreFolder set to <folder> in
//                                            code (property) or by the environment; prints
//                                            the store's file.
//   save-protection <store> <saves|fails>    Prints when the platform activity that protects
//                                            pending saves begins and ends, around saves run by
//                                            their timer, a flush and the system's expiry.
//   exit-unsaved <store>                     Assigns two preferences that save only when asked,
//                                            and exits without saving.
//   exit-after-reset <store>                 Resets, assigns the default theme back and a new
//                                            fontSize, and exits: the warning names fontSize.
//   release-unsaved <store>                  Releases an instance with unsaved changes (warned
//                                            of), then another after turning warnings off.
//   sync-set <store> <folder> <size>         Syncs HelperSyncedPreferences through a
//                                            FileSyncStore in <folder>, sets the synced fontSize
//                                            and the local windowFrameData, and writes.
//   sync-forever <store> <folder>            Syncs as above and sets fontSize to 1, 2, 3...
//                                            forever, writing each; prints "ready" after the
//                                            first write.
//   sync-get <store> <folder>                Syncs as above once and prints "fontSize N".
//   idle <store> <folder> <seconds> [first-launch]
//                                            Watches the store, syncs through <folder> and
//                                            writes once (on a first launch, only watches: the
//                                            store's folder stays missing), lets things
//                                            settle, then prints "wakeups W reads R" counted
//                                            over <seconds> idle.
//   layers <file> [assign] [args...]         Prints the layered preferences stored in <file>
//                                            (HelperLayers.swift), read from the real
//                                            arguments and environment.
//   user-defaults-write -                    Saves values with UserDefaults.standard, as a
//                                            program did before adopting the library
//                                            (HelperUserDefaults.swift).
//
// Exit status: 0 success, 1 a check failed, 2 the store could not be read, 3 a write failed,
// 64 bad usage.

import Foundation
import PreferencesKit
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

// A helper outlives nothing: when the test process that started it is gone (a crash, a killed
// run), the helper exits instead of looping on for ever.
let parent = getppid()
Thread.detachNewThread {
  while getppid() == parent { usleep(200_000) }
  _exit(70)
}

func say(_ text: String) {
  FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func exit(_ code: Int32, _ message: String) -> Never {
  say(message)
  exit(code)
}

/// The generation every one of `keys` keys holds, or a description of what is wrong.
func generation(in values: [String: PropertyListValue], keys: Int) -> Result<Int64, CheckFailure> {
  var seen: Int64?
  for index in 0..<keys {
    guard case .integer(let value)? = values["key\(index)"] else {
      return .failure(CheckFailure("key\(index) is missing or not an integer"))
    }
    if let seen, seen != value {
      return .failure(CheckFailure("key\(index) holds generation \(value), key0 holds \(seen)"))
    }
    seen = value
  }
  return .success(seen ?? 0)
}

struct CheckFailure: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

// Root ignores folder permissions; a test that needs them asks the helper to run as another
// user by naming its user and group ids.
if let ids = ProcessInfo.processInfo.environment["PREFERENCES_TEST_HELPER_IDS"]?
  .split(separator: ":").compactMap({ UInt32($0) }), ids.count == 2, getuid() == 0
{
  guard setgid(ids[1]) == 0, setuid(ids[0]) == 0 else { exit(64, "cannot change user") }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { exit(64, "usage: PreferencesTestHelper <command> <store> ...") }
let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
func number(_ index: Int) -> Int {
  guard arguments.count > index, let value = Int(arguments[index]) else {
    exit(64, "argument \(index) must be a number")
  }
  return value
}

do {
  switch arguments[0] {
  case "write-generations":
    let keys = number(2)
    var current: Int64 = 0
    if case .success(let found) = generation(in: try store.allValues(), keys: keys) {
      current = found
    }
    var announced = false
    while true {
      current += 1
      var changes: [String: StoredChange] = [:]
      for index in 0..<keys { changes["key\(index)"] = .set(.integer(current)) }
      try store.apply(changes)
      if !announced {
        say("ready")
        announced = true
      }
    }
  case "check-generations":
    switch generation(in: try store.allValues(), keys: number(2)) {
    case .success(let found): exit(0, "generation \(found)")
    case .failure(let failure): exit(1, failure.message)
    }
  case "read-while-writing":
    let keys = number(2)
    var seen = Set<Int64>()
    var reads = 0
    while seen.count < number(3) {
      reads += 1
      switch generation(in: try store.allValues(), keys: keys) {
      case .success(let found): seen.insert(found)
      case .failure(let failure): exit(1, "read \(reads): \(failure.message)")
      }
    }
    exit(0, "generations \(seen.count) in \(reads) reads")
  case "write-keys":
    guard arguments.count == 4 else { exit(64, "usage: write-keys <store> <prefix> <count>") }
    let prefix = arguments[2]
    for index in 0..<number(3) {
      try store.apply(["\(prefix)\(index)": .set(.string("\(prefix)-\(index)"))])
    }
    exit(0, "done")
  case "write-value":
    guard arguments.count >= 4 else { exit(64, "usage: write-value <store> <key> <text> [umask]") }
    if arguments.count > 4, let mask = mode_t(arguments[4], radix: 8) { umask(mask) }
    try store.apply([arguments[2]: .set(.string(arguments[3]))])
    exit(0, "done")
  case "write-limited":
    guard arguments.count == 5 else { exit(64, "usage: write-limited <store> <bytes> <key> <n>") }
    signal(SIGXFSZ, SIG_IGN)
    let limit = rlim_t(number(2))
    var limits = rlimit(rlim_cur: limit, rlim_max: limit)
    #if canImport(Glibc)
      guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limits) == 0 else {
        exit(64, "setrlimit failed")
      }
    #else
      guard setrlimit(RLIMIT_FSIZE, &limits) == 0 else { exit(64, "setrlimit failed") }
    #endif
    try store.apply([arguments[3]: .set(.string(String(repeating: "x", count: number(4))))])
    exit(0, "done")
  case "measure":
    let keys = number(2)
    var values: [String: StoredChange] = [:]
    for index in 0..<keys { values["key\(index)"] = .set(.string("value number \(index)")) }
    try store.apply(values)
    func milliseconds(_ runs: Int, _ body: () throws -> Void) rethrows -> String {
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<runs { try body() }
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(runs) / 1e6
      return String(format: "%.3f ms", elapsed)
    }
    let parse = try milliseconds(50) { _ = try FileStore(url: store.url).allValues() }
    let cached = try milliseconds(1000) { _ = try store.allValues() }
    let write = try milliseconds(50) { try store.apply(["key0": .set(.string("changed"))]) }
    exit(
      0, "\(keys) keys: read and parse \(parse), unchanged read \(cached), one-key write \(write)")
  case "duplicate-keys":
    _ = DuplicateKeyPreferences(store: store)
    exit(0, "created")
  case "equivalent-keys":
    _ = EquivalentKeyPreferences(store: store)
    exit(0, "created")
  case "rejected-default":
    _ = RejectedDefaultPreferences(store: store)
    exit(0, "created")
  case "rejected-set-default":
    _ = RejectedSetDefaultPreferences(store: store)
    exit(0, "created")
  case "empty-key":
    _ = EmptyKeyPreferences(store: store)
    exit(0, "created")
  case "reserved-key":
    _ = ReservedKeyPreferences(store: store)
    exit(0, "created")
  case "save-at-exit":
    let prefs = SlowlySavingPreferences(store: store)
    prefs.fontSize = Double(number(2))
  case "save-soon":
    let prefs = QuicklySavingPreferences(store: store)
    prefs.fontSize = Double(number(2))
    say("assigned")
    while true { pause() }
  case "save-on-signal":
    guard arguments.count == 4 else { exit(64, "usage: save-on-signal <store> <size> <mode>") }
    saveOnSignal(store: store, size: Double(number(2)), mode: arguments[3])
  case "save-continuously":
    saveContinuously(store: store)
  case "default-store":
    guard arguments.count == 3 else { exit(64, "usage: default-store <folder> <mode>") }
    try writeDefaultStore(folder: arguments[1], mode: arguments[2])
  case "save-protection":
    guard arguments.count == 3 else { exit(64, "usage: save-protection <store> <mode>") }
    saveProtection(store: store, mode: arguments[2])
  case "exit-unsaved":
    let prefs = ExplicitlySavingPreferences(store: store)
    prefs.fontSize = 20
    prefs.theme = "dark"
    exit(0, "exiting")
  case "exit-after-reset":
    let prefs = ExplicitlySavingPreferences(store: store)
    prefs.resetToDefaults()
    prefs.theme = "light"
    prefs.fontSize = 20
    exit(0, "exiting")
  case "release-unsaved":
    do {
      let prefs = ExplicitlySavingPreferences(store: store)
      prefs.fontSize = 21
      prefs.theme = "light"
    }
    Preferences.warnsAboutUnsavedChanges = false
    do {
      let prefs = ExplicitlySavingPreferences(store: store)
      prefs.theme = "quiet"
    }
    exit(0, "released")
  case "migrate-slowly":
    let prefs = SlowlyMigratingPreferences(store: store)
    guard prefs.preferenceProblems.isEmpty else { exit(2, "\(prefs.preferenceProblems)") }
    exit(0, "migrated")
  case "sync-set":
    guard arguments.count == 4, let size = Double(arguments[3]) else {
      exit(64, "usage: sync-set <store> <folder> <size>")
    }
    let prefs = HelperSyncedPreferences(store: store)
    try prefs.startSyncing(with: FileSyncStore(folder: URL(filePath: arguments[2])))
    prefs.fontSize = size
    prefs.windowFrameData = Data(rect: CGRect(x: size, y: size, width: size, height: size))
    try prefs.writePreferences()
    prefs.stopSyncing()
    guard prefs.preferenceProblems.isEmpty else { exit(3, "\(prefs.preferenceProblems)") }
    exit(0, "done")
  case "sync-forever":
    guard arguments.count == 3 else { exit(64, "usage: sync-forever <store> <folder>") }
    let prefs = HelperSyncedPreferences(store: store)
    try prefs.startSyncing(with: FileSyncStore(folder: URL(filePath: arguments[2])))
    var size = 0.0
    while true {
      size += 1
      prefs.fontSize = size
      try prefs.writePreferences()
      if size == 1 { say("ready") }
    }
  case "sync-get":
    guard arguments.count == 3 else { exit(64, "usage: sync-get <store> <folder>") }
    let prefs = HelperSyncedPreferences(store: store)
    try prefs.startSyncing(with: FileSyncStore(folder: URL(filePath: arguments[2])))
    prefs.stopSyncing()
    exit(0, "fontSize \(prefs.fontSize)")
  case "idle":
    guard (4...5).contains(arguments.count), let seconds = Double(arguments[3]) else {
      exit(64, "usage: idle <store> <folder> <seconds> [first-launch]")
    }
    let prefs = HelperSyncedPreferences(store: store)
    prefs.startWatchingStore()
    if arguments.count == 4 {
      // Syncing stores the device's identifier, creating the store's folder.
      try prefs.startSyncing(with: FileSyncStore(folder: URL(filePath: arguments[2])))
      prefs.fontSize = 13
      try prefs.writePreferences()
    }
    // Long enough for the reloads and exchanges the write set off, and for the sync folder's
    // files to settle (see FileSnapshot).
    Thread.sleep(forTimeInterval: 3)
    let before = ActivityCounters.current
    Thread.sleep(forTimeInterval: seconds)
    let after = ActivityCounters.current
    exit(
      0,
      "wakeups \(after.timerWakeups - before.timerWakeups) reads \(after.fileReads - before.fileReads)"
    )
  case "user-defaults-write":
    writeWithUserDefaults()
  case "layers":
    try runLayers(file: arguments[1], assigning: arguments.dropFirst(2).first == "assign")
  case "default-url":
    exit(0, FileStore.defaultURL(for: arguments[1]).path)
  case "hold-lock":
    let descriptor = open(arguments[1] + ".lock", O_RDONLY | O_CREAT, 0o600)
    guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { exit(3, "cannot lock") }
    say("locked")
    while true { pause() }
  default:
    exit(64, "unknown command \(arguments[0])")
  }
} catch let error as PreferenceError {
  exit(error.kind == .writeFailed ? 3 : 2, "\(error.kind): \(error)")
} catch {
  exit(2, "\(error)")
}
