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

/// A file store facing files that are not what it expects: FIFOs, a lock held too long, a
/// link to something that is not a file, an oversized file, a file another user owns.
struct HostileFileTests {
  @Test func aFIFOAtTheStorePathIsRefusedWithoutWaiting() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      #expect(mkfifo(url.path, 0o600) == 0)
      defer { releaseFIFO(url.path) }
      let store = FileStore(url: url)
      let outcome = await finishes { Result { try store.allValues() } }
      let error = try #require(outcome?.failure as? PreferenceError, "the read hung")
      #expect(error.kind == .readFailed)
      #expect(error.file == url)
      let write = await finishes { Result { try store.apply(["a": .set(.integer(1))]) } }
      #expect((write?.failure as? PreferenceError)?.kind == .writeFailed, "the write hung")
      #expect(directory.names() == ["preferences.plist"], "no lock or temporary file beside it")
    }
  }

  @Test func aFIFOAsTheLockFileIsRefusedWithoutWaiting() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      #expect(mkfifo(url.path + ".lock", 0o600) == 0)
      defer { releaseFIFO(url.path + ".lock") }
      let store = FileStore(url: url)
      let write = await finishes { Result { try store.apply(["a": .set(.integer(1))]) } }
      let error = try #require(write?.failure as? PreferenceError, "the write hung")
      #expect(error.kind == .writeFailed)
      #expect(error.description.contains("preferences.plist.lock"))
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test func aLockHeldPastTheTimeoutFailsNamingTheHolder() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let holder = open(url.path + ".lock", O_RDONLY | O_CREAT, 0o600)
      #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
      defer { close(holder) }
      let store = FileStore(url: url, lockTimeout: .milliseconds(200))
      let write = await finishes { Result { try store.apply(["a": .set(.integer(1))]) } }
      let error = try #require(write?.failure as? PreferenceError, "the write waited on")
      #expect(error.kind == .lockTimedOut)
      #expect(error.description.contains("preferences.plist.lock"))
      #if os(Linux)
        #expect(error.description.contains("process \(getpid())"))
      #endif
      #expect(!FileManager.default.fileExists(atPath: url.path))
      flock(holder, LOCK_UN)
      try store.apply(["a": .set(.integer(1))])
      #expect(try store.allValues() == ["a": .integer(1)])
    }
  }

  @Test func aLinkToSomethingNotAFileGetsNoFilesBesideItsTarget() async throws {
    try await withTemporaryDirectory { directory in
      let target = directory.file("pipe")
      #expect(mkfifo(target.path, 0o600) == 0)
      defer { releaseFIFO(target.path) }
      let url = directory.file("preferences.plist")
      try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "pipe")
      let store = FileStore(url: url)
      let write = await finishes { Result { try store.apply(["a": .set(.integer(1))]) } }
      let error = try #require(write?.failure as? PreferenceError, "the write hung")
      #expect(error.kind == .writeFailed)
      #expect(directory.names() == ["pipe", "preferences.plist"])
    }
  }

  @Test func anOversizedFileKeepsItsEntriesWithinTheCap() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      // As a 5 MB file against the default 4 MiB, at a smaller scale.
      let big = PropertyListValue.string(String(repeating: "x", count: 80_000))
      let bytes = try PropertyListFormat.propertyList.encode(
        ["n": .integer(42), "k1": .integer(7), "pad": big])
      try Data(bytes).write(to: url)
      let store = FileStore(url: url, maximumFileSize: 64 * 1024)
      let problems = try store.update(StoreUpdate()) {
        $0["k2"] = .integer(1)
      }
      #expect(try store.allValues() == ["n": .integer(42), "k1": .integer(7), "k2": .integer(1)])
      let problem = try #require(problems.first)
      #expect(problem.kind == .fileMovedAside)
      #expect(problem.description.contains("the rest is not read"))
      #expect(directory.names().contains { $0.hasPrefix("preferences.plist.corrupt-") })
    }
  }

  @Test func aWriteKeepsTheFileOwnerAndGroup() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let store = FileStore(url: url)
      try store.apply(["a": .set(.integer(1))])
      // Only root can give a file away; others check that their own file stays theirs.
      let (owner, group): (uid_t, gid_t) = geteuid() == 0 ? (4321, 4322) : (geteuid(), getegid())
      #expect(chown(url.path, owner, group) == 0)
      try store.apply(["a": .set(.integer(2))])
      let status = try Syscalls.status(atPath: url.path)
      #expect(status.owner == owner && status.group == group)
      #expect(try store.allValues() == ["a": .integer(2)])
      if geteuid() == 0 {
        let faults = SystemCallFaults()
        faults.fail(.setOwner, with: .notPermitted)
        let error = try #require(
          throws: PreferenceError.self,
          performing: { try faults.inject { try store.apply(["a": .set(.integer(3))]) } })
        #expect(error.kind == .writeFailed)
        #expect(error.description.contains("user 4321, group 4322"))
        #expect(try store.allValues() == ["a": .integer(2)])
        #expect(directory.names() == ["preferences.plist", "preferences.plist.lock"])
      }
    }
  }
}

/// Runs `body` on a thread of its own and returns its result, or `nil` when it has not
/// finished within ten seconds (the thread is then left blocked until the test releases it).
func finishes<Value: Sendable>(
  _ body: @escaping @Sendable () -> Value
) async -> Value? {
  let result = Locked<Value?>(nil)
  Thread.detachNewThread { result.withLock { [value = body()] in $0 = value } }
  _ = await eventually(within: 10) { result.withLock { $0 != nil } }
  return result.withLock { $0 }
}

/// Opens and closes the FIFO at `path` for writing, so that a reader blocked opening it (on
/// code that fails a test) goes on.
func releaseFIFO(_ path: String) {
  let descriptor = open(path, O_RDWR | O_NONBLOCK)
  if descriptor >= 0 { close(descriptor) }
}

extension Result {
  /// The error, when this is a failure.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
