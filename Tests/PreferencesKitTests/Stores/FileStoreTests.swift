// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// The file store's behaviour within one process. Guarantees that need other processes are
/// in `FileStoreMultiProcessTests` and `FileStoreCrashTests`.
struct FileStoreTests {
  @Test func missingFileIsAnEmptyStoreAndNothingIsWrittenUntilAWrite() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.url.appendingPathComponent("app", isDirectory: true)
      let store = FileStore(url: folder.appendingPathComponent("preferences.plist"))
      #expect(try store.allValues() == [:])
      #expect(try store.values(forKeys: ["a", "b"]) == [:])
      #expect(!FileManager.default.fileExists(atPath: folder.path))
      try store.apply(["a": .set(.integer(1))])
      #expect(try store.allValues() == ["a": .integer(1)])
      #expect(Set(directory.names(in: folder)) == ["preferences.plist", "preferences.plist.lock"])
    }
  }

  @Test func applySetsAndRemovesOnlyTheGivenKeys() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let store = FileStore(url: url)
      try store.apply(["a": .set(.integer(1)), "b": .set(.string("two")), "c": .set(.bool(true))])
      try store.apply(["b": .remove, "c": .set(.bool(false)), "d": .set(.double(4.5))])
      let expected: [String: PropertyListValue] = [
        "a": .integer(1), "c": .bool(false), "d": .double(4.5),
      ]
      #expect(try store.allValues() == expected)
      #expect(try FileStore(url: url).allValues() == expected)
      #expect(
        try store.values(forKeys: ["a", "b"]) == expected,
        "the parsed file is handed out whole, whatever keys are asked for")
    }
  }

  @Test func anEmptyChangeSetDoesNotTouchTheDisk() async throws {
    try await withTemporaryDirectory { directory in
      let store = FileStore(url: directory.file("preferences.plist"))
      try store.apply([:])
      #expect(directory.names().isEmpty)
    }
  }

  @Test func twoStoresOnOneFileSeeEachOthersWritesAtOnce() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.json")
      let first = FileStore(url: url)
      let second = FileStore(url: url)
      for round in 0..<50 {
        // Same-sized values, written well within one second of each other.
        try first.apply(["shared": .set(.string("first-\(round % 10)"))])
        #expect(try second.allValues()["shared"] == .string("first-\(round % 10)"))
        try second.apply(["shared": .set(.string("other-\(round % 10)"))])
        #expect(try first.allValues()["shared"] == .string("other-\(round % 10)"))
      }
    }
  }

  @Test func manyThreadsAndTwoStoresInOneProcessLoseNoWrite() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let stores = [FileStore(url: url), FileStore(url: url)]
      await withTaskGroup(of: Void.self) { group in
        for worker in 0..<8 {
          group.addTask {
            let store = stores[worker % 2]
            for index in 0..<40 {
              try? store.apply(["w\(worker)-\(index)": .set(.integer(Int64(index)))])
              _ = try? store.allValues()
            }
          }
        }
      }
      let values = try FileStore(url: url).allValues()
      #expect(values.count == 8 * 40)
      #expect(values["w7-39"] == .integer(39))
    }
  }

  @Test func aFileLargerThanTheCapIsRefusedWithoutBeingRead() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      // A sparse file of 1 GiB: reading it whole would take seconds and a gigabyte of memory.
      _ = FileManager.default.createFile(atPath: url.path, contents: nil)
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: 1 << 30)
      try handle.close()
      let store = FileStore(url: url, maximumFileSize: 4096)
      let error = try #require(throws: PreferenceError.self) { try store.allValues() }
      #expect(error.kind == .fileTooLarge)
      #expect(error.file == url)
      #expect(error.found == "\(1 << 30) bytes")
      // The next write moves the oversized file aside rather than overwriting it.
      try store.apply(["a": .set(.integer(1))])
      #expect(try store.allValues() == ["a": .integer(1)])
      #expect(directory.names().contains { $0.hasPrefix("preferences.plist.corrupt-") })
    }
  }

  @Test func deepNestingIsRefusedInsideATask() async throws {
    try await withTemporaryDirectory { directory in
      let xml = directory.file("deep.plist")
      let json = directory.file("deep.json")
      let depth = 200_000
      try Data(
        ("<plist><dict><key>k</key>" + String(repeating: "<array>", count: depth)).utf8
      ).write(to: xml)
      try Data(("{\"k\": " + String(repeating: "[", count: depth)).utf8).write(to: json)
      // A binary property list whose array holds itself: infinitely deep.
      let binary = directory.file("deep-binary.plist")
      try Data(BinaryFixtures.selfReferencingArray()).write(to: binary)
      for url in [xml, json, binary] {
        let result = await Task.detached { () -> PreferenceError? in
          do {
            _ = try FileStore(url: url).allValues()
            return nil
          } catch {
            return error as? PreferenceError
          }
        }.value
        #expect(result?.kind == .nestingTooDeep)
        #expect(result?.file == url)
      }
    }
  }

  @Test func nestingUpToTheLimitIsWrittenAndReadBackAndDeeperIsRefused() async throws {
    try await withTemporaryDirectory { directory in
      for name in ["deep.plist", "deep.json"] {
        let store = FileStore(url: directory.file(name))
        // The top-level dictionary is level 1, so 511 arrays inside it reach the limit.
        var value = PropertyListValue.array([])
        for _ in 1..<511 { value = .array([value]) }
        try store.apply(["deep": .set(value)])
        #expect(try FileStore(url: directory.file(name)).allValues()["deep"] == value)
        let error = try #require(throws: PreferenceError.self) {
          try store.apply(["deeper": .set(.array([value]))])
        }
        #expect(error.kind == .nestingTooDeep)
        #expect(try store.allValues().count == 1)
      }
    }
  }

  @Test func defaultIdentifierIsTheExecutablesName() {
    let identifier = FileStore.defaultIdentifier
    #expect(!identifier.isEmpty)
    #expect(!identifier.contains("/"))
  }
}
