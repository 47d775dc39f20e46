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

/// Several real processes on one file: no lost updates, no partial reads, kept keys, private
/// files, symbolic links, damaged files and changes seen at once.
@Suite(.serialized)
struct FileStoreMultiProcessTests {
  /// Guarantee 2: four processes, 250 keys each, one write per key, ten times over.
  @Test(arguments: ["preferences.plist", "preferences.json", "preferences.toml"])
  func fourWritersLoseNoUpdate(fileName: String) async throws {
    let repetitions = fileName.hasSuffix(".plist") ? 10 : 3
    for repetition in 0..<repetitions {
      try await withTemporaryDirectory { directory in
        let store = directory.file(fileName)
        let writers = try (0..<4).map { writer in
          try TestHelperProcess(["write-keys", store.path, "w\(writer)-", "250"])
        }
        for writer in writers {
          let outcome = try writer.finish(deadline: 120)
          #expect(outcome.status == 0, "\(outcome.output)")
        }
        let values = try FileStore(url: store).allValues()
        #expect(values.count == 1000, "repetition \(repetition)")
        for writer in 0..<4 {
          for index in [0, 123, 249] {
            #expect(values["w\(writer)-\(index)"] == .string("w\(writer)--\(index)"))
          }
        }
      }
    }
  }

  /// Guarantee 3: a reader without any lock never sees a partial or mixed file.
  @Test func readersTakeNoLockAndNeverSeeAPartialFile() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.file("preferences.plist").path
      let writer = try TestHelperProcess(["write-generations", store, "200"])
      defer { writer.kill() }
      try #require(writer.readLine() == "ready")
      let reader = try TestHelperProcess.run(
        ["read-while-writing", store, "200", "30"], deadline: 120)
      #expect(reader.status == 0, "\(reader.output)")
      #expect(reader.output.hasPrefix("generations 30"))
    }
  }

  /// Guarantee 3: readers go on while a writer holds the lock.
  @Test func aReaderDoesNotWaitForAWritersLock() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.file("preferences.plist")
      try FileStore(url: store).apply(["key0": .set(.integer(7))])
      let holder = try TestHelperProcess(["hold-lock", store.path])
      defer { holder.kill() }
      try #require(holder.readLine() == "locked")
      let reader = try TestHelperProcess.run(["check-generations", store.path, "1"], deadline: 30)
      #expect(reader.output == "generation 7\n")
    }
  }

  /// Guarantee 4: keys written by someone else survive every write.
  @Test func keysThisProgramDoesNotKnowAreKept() async throws {
    try await withTemporaryDirectory { directory in
      let store = directory.file("preferences.plist")
      let handEdited = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <!-- written by another app -->
          <key>other.app.window</key>
          <dict><key>frame</key><string>{{0, 0}, {800, 600}}</string></dict>
          <key>other.app.recent</key>
          <array><string>a.txt</string><integer>3</integer></array>
        </dict>
        </plist>
        """
      try Data(handEdited.utf8).write(to: store)
      let unknown = try FileStore(url: store).allValues()
      #expect(unknown.count == 2)
      let outcome = try TestHelperProcess.run(["write-keys", store.path, "mine", "5"])
      #expect(outcome.status == 0)
      let values = try FileStore(url: store).allValues()
      #expect(values.count == 7)
      for (key, value) in unknown { #expect(values[key] == value) }
    }
  }

  /// Guarantee 5: a damaged file is reported, then moved aside, never overwritten.
  @Test(arguments: ["truncated", "random", "zeros", "empty", "array root", "json garbage"])
  func aDamagedFileIsReportedAndMovedAsideBeforeTheNextWrite(damage: String) async throws {
    try await withTemporaryDirectory { directory in
      let isJSON = damage == "json garbage"
      let store = directory.file(isJSON ? "preferences.json" : "preferences.plist")
      try FileStore(url: store).apply(["a": .set(.string("hello")), "b": .set(.integer(2))])
      let good = try Data(contentsOf: store)
      let damaged: Data
      switch damage {
      case "truncated": damaged = good.prefix(good.count / 2)
      case "random": damaged = Data((0..<512).map { _ in UInt8.random(in: 0...255) })
      case "zeros": damaged = Data(count: 4096)
      case "empty": damaged = Data()
      case "array root": damaged = Data("<plist><array><true/></array></plist>".utf8)
      default: damaged = Data("{\"a\": [1, 2,, }".utf8)
      }
      try damaged.write(to: store)
      let error = try #require(throws: PreferenceError.self) {
        try FileStore(url: store).allValues()
      }
      #expect(error.kind == .corruptFile)
      #expect(error.file == store)
      #expect(error.reason != nil || error.expected != nil)

      let outcome = try TestHelperProcess.run(["write-value", store.path, "new", "value"])
      #expect(outcome.status == 0, "\(outcome.output)")
      #expect(try FileStore(url: store).allValues() == ["new": .string("value")])
      let asideName = try #require(
        directory.names().first { $0.hasPrefix(store.lastPathComponent + ".corrupt-") })
      #expect(try Data(contentsOf: directory.file(asideName)) == damaged)
    }
  }

  /// Guarantee 7: 0600 files and 0700 folders whatever the umask; an existing file keeps its
  /// mode.
  @Test(arguments: ["000", "022", "077"])
  func newFilesArePrivateWhateverTheUmask(umask: String) async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.url.appendingPathComponent("config/app", isDirectory: true)
      let store = folder.appendingPathComponent("preferences.plist")
      let outcome = try TestHelperProcess.run(["write-value", store.path, "k", "v", umask])
      #expect(outcome.status == 0, "\(outcome.output)")
      #expect(try Self.mode(store.path) == 0o600)
      #expect(try Self.mode(folder.path) == 0o700)
      #expect(try Self.mode(folder.deletingLastPathComponent().path) == 0o700)

      chmod(store.path, 0o644)
      let again = try TestHelperProcess.run(["write-value", store.path, "k", "w", umask])
      #expect(again.status == 0)
      #expect(try Self.mode(store.path) == 0o644)
      #expect(try FileStore(url: store).allValues() == ["k": .string("w")])
    }
  }

  /// Guarantee 8: a symbolic link is written through and stays a link.
  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() async throws {
    try await withTemporaryDirectory { directory in
      let manager = FileManager.default
      let dotfiles = directory.url.appendingPathComponent("dotfiles/app", isDirectory: true)
      let config = directory.url.appendingPathComponent("config/app", isDirectory: true)
      try manager.createDirectory(at: dotfiles, withIntermediateDirectories: true)
      try manager.createDirectory(at: config, withIntermediateDirectories: true)
      let target = dotfiles.appendingPathComponent("preferences.plist")
      let link = config.appendingPathComponent("preferences.plist")
      try FileStore(url: target).apply(["existing": .set(.bool(true))])
      try manager.createSymbolicLink(
        atPath: link.path, withDestinationPath: "../../dotfiles/app/preferences.plist")

      let outcome = try TestHelperProcess.run(["write-value", link.path, "new", "value"])
      #expect(outcome.status == 0, "\(outcome.output)")
      #expect(
        try manager.destinationOfSymbolicLink(atPath: link.path)
          == "../../dotfiles/app/preferences.plist")
      #expect(
        try FileStore(url: target).allValues()
          == ["existing": .bool(true), "new": .string("value")])
      #expect(directory.names(in: config) == ["preferences.plist"])

      // A link to a file that does not exist yet creates the file at the link's target.
      let dangling = config.appendingPathComponent("other.plist")
      try manager.createSymbolicLink(
        atPath: dangling.path,
        withDestinationPath: dotfiles.appendingPathComponent("other.plist").path)
      #expect(try TestHelperProcess.run(["write-value", dangling.path, "a", "b"]).status == 0)
      #expect(
        try FileStore(url: dotfiles.appendingPathComponent("other.plist")).allValues().count == 1)
      #expect(try manager.destinationOfSymbolicLink(atPath: dangling.path).hasSuffix("other.plist"))
    }
  }

  /// Guarantee 10: another process's writes are seen at once, even within one second.
  @Test func writesFromAnotherProcessAreSeenWithinTheSameSecond() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let store = FileStore(url: url)
      try store.apply(["value": .set(.string("start"))])
      for round in 0..<20 {
        #expect(try store.allValues()["value"] != .string("round\(round % 10)"))
        // Same size every time, so only the inode and timestamp tell the versions apart.
        let outcome = try TestHelperProcess.run([
          "write-value", url.path, "value", "round\(round % 10)",
        ])
        #expect(outcome.status == 0)
        #expect(try store.allValues()["value"] == .string("round\(round % 10)"))
      }
    }
  }

  static func mode(_ path: String) throws -> mode_t {
    var status = stat()
    try #require(stat(path, &status) == 0)
    return status.st_mode & 0o777
  }
}

#endif
