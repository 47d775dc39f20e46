// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// The file store under failing system calls, made to fail in this process through the
/// platform layer's failure seam: a full disk, a failed flush, interrupted calls, a read-only
/// folder. Each failed write leaves the file as it was, no temporary file, and an error that
/// names the file.
struct SystemCallFaultTests {
  static let failures: [(Syscalls.Call, SystemError)] = [
    (.write, .noSpace), (.synchronize, .inputOutput), (.open, .readOnlyFileSystem),
    (.rename, .permissionDenied), (.setPermissions, .permissionDenied),
  ]

  @Test(arguments: failures)
  func aFailedWriteLeavesTheFileAsItWas(call: Syscalls.Call, error: SystemError) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("prefs.plist")
    try FileStore(url: url).apply(["kept": .set(.integer(1))])
    let before = try Data(contentsOf: url)

    let store = FileStore(url: url)
    let faults = SystemCallFaults()
    faults.fail(call, with: error)
    let thrown = #expect(throws: PreferenceError.self) {
      try faults.inject { try store.apply(["kept": .set(.integer(2)), "new": .set(.string("x"))]) }
    }
    #expect(faults.allHappened)
    #expect(thrown?.kind == .writeFailed)
    #expect(thrown?.file == url)
    #expect(thrown?.reason?.contains(error.message) == true)
    #expect(try Data(contentsOf: url) == before)
    #expect(try FileStore(url: url).allValues() == ["kept": .integer(1)])
    #expect(!FileManager.default.fileExists(atPath: url.path + ".tmp"))
    // The next write, with the fault gone, goes through.
    try store.apply(["kept": .set(.integer(3))])
    #expect(try FileStore(url: url).allValues() == ["kept": .integer(3)])
  }

  @Test func interruptedWritesAndReadsAreRetried() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("prefs.plist")
    let faults = SystemCallFaults()
    faults.fail(.write, with: .interrupted, times: 3)
    faults.fail(.lock, with: .interrupted)
    try faults.inject { try FileStore(url: url).apply(["a": .set(.string("written"))]) }
    #expect(faults.allHappened)

    faults.fail(.read, with: .interrupted, times: 2)
    let values = try faults.inject { try FileStore(url: url).allValues() }
    #expect(faults.allHappened)
    #expect(values == ["a": .string("written")])
  }

  @Test func aFailedReadNamesTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("prefs.plist")
    try FileStore(url: url).apply(["a": .set(.integer(1))])
    let faults = SystemCallFaults()
    faults.fail(.read, with: .inputOutput)
    let thrown = #expect(throws: PreferenceError.self) {
      try faults.inject { try FileStore(url: url).allValues() }
    }
    #expect(thrown?.kind == .readFailed)
    #expect(thrown?.file == url)
  }

  @Test func faultsStayInTheTaskThatPlannedThem() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let faults = SystemCallFaults()
    faults.fail(.write, with: .noSpace)
    // Outside `inject`, the planned failure does not happen.
    try FileStore(url: directory.file("a.plist")).apply(["a": .set(.integer(1))])
    #expect(!faults.allHappened)
  }

  /// The look at whether a `.plist` file is binary has a fault point of its own: a failure
  /// planned for the next `open` or `read` is left for the write's own calls.
  @Test func thePeekAtABinaryFileSpendsNoFaultPlannedForOpenOrRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("prefs.plist")
    let binary = try PropertyListFormat.propertyList.encode(["a": .integer(1)], binary: true)
    try Data(binary).write(to: url)
    let faults = SystemCallFaults()
    faults.fail(.open, with: .permissionDenied)
    faults.fail(.read, with: .inputOutput)
    #expect(faults.inject { PropertyListFormat.isBinaryFile(atPath: url.path) })
    faults.inject {
      #expect(FileStore(url: url).storedForm(of: .date(Date(timeIntervalSinceReferenceDate: 0.5)))
        == .date(Date(timeIntervalSinceReferenceDate: 0.5)))
    }
    #expect(!faults.allHappened)

    // A failed peek reads as a file that is not binary: the date is kept to the second.
    faults.fail(.peek, with: .inputOutput)
    let form = faults.inject {
      FileStore(url: url).storedForm(of: .date(Date(timeIntervalSinceReferenceDate: 0.5)))
    }
    #expect(form == .date(Date(timeIntervalSinceReferenceDate: 0)))
    #expect(try Syscalls.peekBytes(atPath: url.path, count: 6) == Array("bplist".utf8))
    #expect(try Syscalls.peekBytes(atPath: url.path, count: 1 << 20) == binary)
  }

  /// A damaged file is kept under a second name before it is replaced: a hard link, or where
  /// links fail, a copy made through the fault seam. With both failing, nothing is replaced.
  @Test func aKeptCopyFallsBackFromALinkToACopy() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("prefs.plist")
    let damaged = Data("<plist><dict><key>a</key>".utf8)
    try damaged.write(to: url)
    try Syscalls.setPermissions(0o640, atPath: url.path)
    let faults = SystemCallFaults()
    faults.fail(.link, with: .notPermitted)
    try faults.inject { try FileStore(url: url).apply(["b": .set(.integer(1))]) }
    #expect(faults.allHappened)
    let kept = directory.names().filter { $0.hasPrefix("prefs.plist.corrupt-") }
    #expect(kept.count == 1)
    let copy = directory.file(kept.first ?? "").path
    #expect(FileManager.default.contents(atPath: copy) == damaged)
    #expect(try Syscalls.status(atPath: copy).permissions == 0o640)
    #expect(try Syscalls.status(atPath: copy, followingLinks: false).kind == .regularFile)

    try damaged.write(to: url)
    faults.fail(.link, with: .notPermitted)
    faults.fail(.copy, with: .noSpace)
    let thrown = #expect(throws: PreferenceError.self) {
      try faults.inject { try FileStore(url: url).apply(["b": .set(.integer(2))]) }
    }
    #expect(faults.allHappened)
    #expect(thrown?.kind == .writeFailed)
    let reason = "copying it failed too: \(SystemError.noSpace.message)"
    #expect(thrown?.reason?.contains(reason) == true)
    #expect(FileManager.default.contents(atPath: url.path) == damaged)
  }
}
