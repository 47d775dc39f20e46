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

/// A sync folder that other machines write: links, FIFOs and thousands of files in it, and
/// many watchers in one process.
struct HostileSyncFolderTests {
  private static func entry(_ value: Int64) -> SyncEntry {
    SyncEntry(value: .integer(value), timestamp: SyncTimestamp(milliseconds: value, device: "d"))
  }

  @Test func ownFileTurnedIntoALinkIsReplacedAndItsTargetUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let shared = directory.file("shared")
      let home = directory.file("home")
      for folder in [shared, home] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      }
      let notes = home.appendingPathComponent("notes.txt")
      try Data("my notes\n".utf8).write(to: notes)
      let store = FileSyncStore(folder: shared)
      try store.apply(["a": Self.entry(1)], from: "device")
      let own = store.fileURL(forDevice: "device")
      try FileManager.default.removeItem(at: own)
      try FileManager.default.createSymbolicLink(
        atPath: own.path, withDestinationPath: notes.path)

      #expect(try store.allEntries().isEmpty)
      #expect(store.readProblems.map(\.file) == [own])
      #expect(store.readProblems.first?.description.contains("symbolic link") == true)
      try store.apply(["b": Self.entry(2)], from: "device")

      #expect(try Data(contentsOf: notes) == Data("my notes\n".utf8))
      #expect(directory.names(in: home) == ["notes.txt"])
      #expect(try Syscalls.status(atPath: own.path, followingLinks: false).kind == .regularFile)
      #expect(try store.allEntries()["b"] == Self.entry(2))
      #expect(store.readProblems.isEmpty)
    }
  }

  /// iCloud Drive evicts a peer's file as a hidden `.<name>.icloud` placeholder, which the
  /// store does not download; it must say so rather than skip it silently.
  @Test func anICloudDrivePlaceholderIsNamedAsNotDownloaded() async throws {
    try await withTemporaryDirectory { directory in
      let shared = directory.file("shared")
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      let store = FileSyncStore(folder: shared)
      try store.apply(["a": Self.entry(1)], from: "device")
      let placeholder = shared.appendingPathComponent(".mac.plist.icloud")
      try Data("bplist00".utf8).write(to: placeholder)
      try Data().write(to: shared.appendingPathComponent(".DS_Store"))

      #expect(try store.allEntries() == ["a": Self.entry(1)])
      #expect(store.readProblems.map(\.file) == [placeholder])
      let description = store.readProblems.first?.description ?? ""
      #expect(description.contains("evicted mac.plist"))
      #expect(description.contains("UbiquitousSyncStore"))
    }
  }

  @Test func peerLinksAndFIFOsAreSkippedAndNamed() async throws {
    try await withTemporaryDirectory { directory in
      let outside = directory.file("secret.plist")
      try PreferenceStoreTestFile.write(["k": Self.entry(5).propertyListValue], to: outside)
      let shared = directory.file("shared")
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      let store = FileSyncStore(folder: shared)
      try store.apply(["a": Self.entry(1)], from: "device")
      let link = store.fileURL(forDevice: "link")
      let fifo = store.fileURL(forDevice: "fifo")
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: outside.path)
      #expect(mkfifo(fifo.path, 0o600) == 0)
      defer { releaseFIFO(fifo.path) }

      let read = await finishes { Result { try store.allEntries() } }
      let entries = try #require(try read?.get(), "reading the folder hung")
      #expect(entries == ["a": Self.entry(1)])
      #expect(Set(store.readProblems.compactMap(\.file)) == [link, fifo])
    }
  }

  @Test func peerFilesHoldNoDescriptorsAndGoneFilesAreForgotten() async throws {
    try await withTemporaryDirectory { directory in
      let store = FileSyncStore(folder: directory.url)
      for index in 0..<40 {
        try PreferenceStoreTestFile.write(
          ["k\(index)": Self.entry(Int64(index)).propertyListValue],
          to: store.fileURL(forDevice: "peer\(index)"))
      }
      let before = openDescriptorCount()
      #expect(try store.allEntries().count == 40)
      #expect(openDescriptorCount() < before + 5)
      for index in 0..<40 {
        try FileManager.default.removeItem(at: store.fileURL(forDevice: "peer\(index)"))
      }
      #expect(try store.allEntries().isEmpty)
      #expect(openDescriptorCount() < before + 5)
    }
  }

  #if os(Linux)
    @Test func watchersShareOneInotifyInstance() async throws {
      try await withTemporaryDirectory { directory in
        let before = inotifyCount()
        let heard = Locked(0)
        var stops: [@Sendable () -> Void] = []
        for index in 0..<20 {
          let folder = directory.file("app\(index)")
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
          let store = FileStore(url: folder.appendingPathComponent("preferences.plist"))
          let observation = store.observeChanges(toKeys: []) { heard.withLock { $0 += 1 } }
          stops.append(try #require(observation).stop)
        }
        defer { for stop in stops { stop() } }
        #expect(inotifyCount() <= max(before, 1))
        let store = FileStore(url: directory.file("app7").appendingPathComponent("preferences.plist"))
        try store.apply(["a": .set(.integer(1))])
        #expect(await eventually { heard.withLock { $0 >= 1 } })
      }
    }
  #endif
}

/// Writes `values` to `url` as a property list, the way another device would.
enum PreferenceStoreTestFile {
  static func write(_ values: [String: PropertyListValue], to url: URL) throws {
    try Data(PropertyListFormat.propertyList.encode(values)).write(to: url)
  }
}

/// The number of descriptors this process has open.
func openDescriptorCount() -> Int {
  #if os(Linux)
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
  #else
    (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count) ?? 0
  #endif
}

#if os(Linux)
  /// The number of inotify instances this process holds.
  func inotifyCount() -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0))
        == "anon_inode:inotify"
    }.count
  }
#endif
