// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// Writers killed with SIGKILL and writes that fail: the file is always whole and never lost.
@Suite(.serialized)
struct FileStoreCrashTests {
  /// Guarantee 1: a writer killed at a random moment leaves the old file or the new one.
  @Test func aWriterKilledAtRandomMomentsNeverLeavesATornFile() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.file("preferences.plist").path
      let keys = "200"
      var kills = 0
      var lastGeneration: Int64 = 0
      var generationsSeen = Set<Int64>()
      while kills < 200 {
        let writer = try TestHelperProcess(["write-generations", store, keys])
        let line = writer.readLine()
        try #require(line == "ready", "the writer did not start: \(line ?? "no output")")
        usleep(UInt32.random(in: 0...15_000))
        writer.kill()
        kills += 1
        let check = try TestHelperProcess.run(["check-generations", store, keys])
        try #require(check.status == 0, "after kill \(kills): \(check.output)")
        let generation =
          Int64(
            check.output.split(separator: " ").last?.trimmingCharacters(
              in: .whitespacesAndNewlines) ?? "") ?? -1
        #expect(generation >= lastGeneration, "the file went back in time")
        lastGeneration = generation
        generationsSeen.insert(generation)
      }
      // The writers made progress between kills, so kills landed during writes.
      #expect(generationsSeen.count > 100)
      // A temporary file left by a killed writer is cleared by the next write.
      try FileStore(url: directory.file("preferences.plist")).apply(["after": .set(.bool(true))])
      #expect(directory.names() == ["preferences.plist", "preferences.plist.lock"])
    }
  }

  /// Guarantee 2, second half: the kernel drops the lock of a killed holder.
  @Test func aLockHeldByAKilledProcessNeverBlocksTheNextWriter() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.file("preferences.plist")
      let holder = try TestHelperProcess(["hold-lock", store.path])
      try #require(holder.readLine() == "locked")
      #expect(lockIsFree(store.path + ".lock") == false)
      holder.kill()
      #expect(lockIsFree(store.path + ".lock") == true)
      let writer = try TestHelperProcess.run(["write-keys", store.path, "k", "3"], deadline: 30)
      #expect(writer.status == 0)
      #expect(try FileStore(url: store).allValues().count == 3)
    }
  }

  /// Guarantee 9: a full disk (here, the file size limit) fails the write cleanly.
  @Test func aWriteBeyondTheFileSizeLimitFailsAndLeavesTheFileIntact() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.file("preferences.plist")
      try FileStore(url: store).apply(["existing": .set(.string("kept"))])
      let before = try Data(contentsOf: store)
      let outcome = try TestHelperProcess.run(
        ["write-limited", store.path, "65536", "big", "200000"])
      #expect(outcome.status == 3, "\(outcome.output)")
      #expect(outcome.output.contains("write failed"))
      #expect(outcome.output.contains(store.path))
      #expect(outcome.output.contains(String(cString: strerror(EFBIG))))
      #expect(try Data(contentsOf: store) == before)
      #expect(directory.names() == ["preferences.plist", "preferences.plist.lock"])
      // The same change succeeds once there is room.
      let retry = try TestHelperProcess.run([
        "write-limited", store.path, "10000000", "big", "200000",
      ])
      #expect(retry.status == 0)
      #expect(try FileStore(url: store).allValues().count == 2)
    }
  }

  /// Guarantee 9: a read-only folder fails the write cleanly. Root ignores folder permissions,
  /// so when the tests run as root the folder is given to `nobody` and the writer runs as
  /// `nobody` too.
  @Test func aWriteIntoAReadOnlyFolderFailsAndLeavesTheFileIntact() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.url.appendingPathComponent("app", isDirectory: true)
      let store = folder.appendingPathComponent("preferences.plist")
      try FileStore(url: store).apply(["existing": .set(.string("kept"))])
      let before = try Data(contentsOf: store)
      var environment: [String: String] = [:]
      if getuid() == 0 {
        let nobody: uid_t = 65_534
        for path in [directory.url.path, folder.path, store.path, store.path + ".lock"] {
          chown(path, nobody, gid_t(nobody))
        }
        environment["PREFERENCES_TEST_HELPER_IDS"] = "\(nobody):\(nobody)"
      }
      chmod(folder.path, 0o500)
      let outcome = try TestHelperProcess.run(
        ["write-value", store.path, "new", "value"], environment: environment)
      chmod(folder.path, 0o700)
      #expect(outcome.status == 3)
      #expect(outcome.output.contains(store.path))
      #expect(outcome.output.contains(String(cString: strerror(EACCES))))
      #expect(try Data(contentsOf: store) == before)
      #expect(directory.names(in: folder) == ["preferences.plist", "preferences.plist.lock"])
    }
  }
}

#endif
