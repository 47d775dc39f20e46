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

/// Hostile conditions that need a process of their own: an idle process's own activity,
/// counted without the other tests' noise, and a writer that is not root.
struct HostileProcessTests {
  /// With the store watched and a sync folder followed, an idle process reads no file and
  /// wakes only for the watched store's one-second backstop; the sync folder's own backstop
  /// is thirty seconds away. On a first launch too, with the store watched before anything
  /// created its folder (two levels of it, here; the process neither writes nor syncs, which
  /// would): the nearest folder that exists is watched, and the store is not polled four
  /// times a second.
  @Test(arguments: [false, true])
  func anIdleProcessReadsNothingAndBarelyWakes(firstLaunch: Bool) async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.file("shared")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let store = directory.file(
        firstLaunch ? "app/config/preferences.plist" : "preferences.plist")
      let seconds = 3
      let outcome = try TestHelperProcess.run(
        ["idle", store.path, folder.path, "\(seconds)"] + (firstLaunch ? ["first-launch"] : []))
      #expect(outcome.status == 0, "\(outcome.output)")
      let numbers = outcome.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      let counts = try #require(numbers.count == 2 ? numbers : nil, "\(outcome.output)")
      #expect(counts[0] <= seconds + 1, "timer wakeups over \(seconds) idle seconds")
      #expect(counts[1] == 0, "files read over \(seconds) idle seconds")
      if firstLaunch {
        #expect(!FileManager.default.fileExists(atPath: store.deletingLastPathComponent().path))
      }
    }
  }

  /// Item 8 of issue 24: a stale temporary file that another user owns, in a shared folder
  /// with the sticky bit, cannot be removed; the error says so and whose it is. Giving a file
  /// to another user takes root, as these tests run on Linux; the writer then runs as
  /// `nobody`. Without root (macOS CI), a stale temporary file in a folder the writer may not
  /// change is named instead.
  @Test func aStaleTemporaryFileThatCannotBeRemovedIsNamed() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.file("shared")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let store = folder.appendingPathComponent("preferences.plist")
      try FileStore(url: store).apply(["existing": .set(.string("kept"))])
      let before = try Data(contentsOf: store)
      let temporary = store.path + ".tmp"
      try Data("stale".utf8).write(to: URL(fileURLWithPath: temporary))
      var environment: [String: String] = [:]
      let root = getuid() == 0
      if root {
        let nobody: uid_t = 65_534
        chmod(folder.path, 0o1777)
        for path in [store.path, store.path + ".lock"] { chown(path, nobody, gid_t(nobody)) }
        chown(temporary, 4321, 4321)
        environment["PREFERENCES_TEST_HELPER_IDS"] = "\(nobody):\(nobody)"
      } else {
        chmod(folder.path, 0o500)
      }
      let outcome = try TestHelperProcess.run(
        ["write-value", store.path, "new", "value"], environment: environment)
      chmod(folder.path, 0o700)
      #expect(outcome.status == 3)
      #expect(outcome.output.contains(temporary))
      if root {
        #expect(outcome.output.contains("owned by user 4321"))
      } else {
        #expect(outcome.output.contains("cannot remove the stale temporary file"))
      }
      #expect(try Data(contentsOf: store) == before)
    }
  }
}

#endif
