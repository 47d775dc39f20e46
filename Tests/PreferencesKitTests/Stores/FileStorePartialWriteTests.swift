// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A person's config tool writing the store's file in place, in two parts, as
/// `cat first > file; sleep 0.6; cat rest >> file` does: the first part, then, after a gap of
/// `gap` seconds and once `waitsFor` holds (or 10 seconds pass), the rest.
final class TwoPartEditor: Sendable {
  /// Signalled once the first part is in the file.
  let firstPartWritten = DispatchSemaphore(value: 0)
  /// Whether the second part is in the file.
  let finished = Mutex(false)

  init(
    url: URL, first: Data, rest: Data, gap: Double,
    waitsFor condition: @escaping @Sendable () -> Bool = { true }
  ) {
    Thread.detachNewThread { [self] in
      try? Self.write(first, inPlaceAt: url)
      firstPartWritten.signal()
      Thread.sleep(forTimeInterval: gap)  // The person's pause: the scenario, not a wait.
      let limit = Date().addingTimeInterval(10)
      while !condition() && Date() < limit { Thread.sleep(forTimeInterval: 0.001) }
      guard let handle = try? FileHandle(forWritingTo: url) else { return }
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: rest)
      try? handle.close()
      finished.withLock { $0 = true }
    }
  }

  /// Writes `bytes` as `>` does: into the same file, truncated, not a new one renamed over it.
  static func write(_ bytes: Data, inPlaceAt url: URL) throws {
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: bytes)
    try handle.close()
  }
}

/// Issue 31, item 2: a file half-way through being written by someone else is waited for, and
/// what cannot be salvaged from a damaged file keeps the value last read.
struct FileStorePartialWriteTests {
  /// The file as an XML property list holding `values`.
  static func fileBytes(_ values: [String: PropertyListValue]) throws -> Data {
    Data(try PropertyListFormat.propertyList.encode(values, file: nil))
  }

  /// The person's edit of the file the app wrote (`launchCount` 3, `recentFiles` `a.txt`,
  /// `userName` Ada), cut just after the `launchCount` entry: the first part salvages that entry
  /// alone.
  static func editInTwoParts() throws -> (first: Data, rest: Data) {
    let edit = try fileBytes([
      "launchCount": .integer(4), "recentFiles": .array([.string("a.txt"), .string("b.txt")]),
      "userName": .string("Grace"),
    ])
    let cut = try #require(edit.range(of: Data("<key>recentFiles".utf8))).lowerBound
    return (edit[..<cut], edit[cut...])
  }

  /// Writes the app's file and returns the app, loaded from it.
  static func app(at url: URL, timeout: Duration) throws -> AppPreferences {
    let setup = AppPreferences(store: FileStore(url: url))
    setup.userName = "Ada"
    setup.launchCount = 3
    setup.recentFiles = ["a.txt"]
    try setup.writePreferences()
    return AppPreferences(store: FileStore(url: url, partialWriteTimeout: timeout))
  }

  @Test func aWatchingAppAnnouncesNoDefaultsAndASaveKeepsTheWholeEditWhileAnEditorWrites()
    async throws
  {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      // A generous bound, so that a busy machine cannot end the wait before the editor does:
      // the wait ends when the file reads cleanly, not at the bound.
      let prefs = try Self.app(at: url, timeout: .seconds(30))
      let announced = Mutex<[PreferenceChange]>([])
      let changes = prefs.changes()
      let listener = Task {
        for await change in changes { announced.withLock { $0.append(change) } }
      }
      defer { listener.cancel() }
      prefs.startWatchingStore()
      defer { prefs.stopWatchingStore() }

      let (first, rest) = try Self.editInTwoParts()
      let lock = url.path + ".lock"
      let editor = TwoPartEditor(url: url, first: first, rest: rest, gap: 0.6) {
        !lockIsFree(lock)  // The app's save below is under way.
      }
      #expect(editor.firstPartWritten.wait(timeout: .now() + 10) == .success)
      prefs.fontSize = 20
      try await onAnotherThread { try prefs.writePreferences() }

      #expect(editor.finished.withLock { $0 })
      let stored = try FileStore(url: url).allValues()
      #expect(stored["userName"] == .string("Grace"))
      #expect(stored["launchCount"] == .integer(4))
      #expect(stored["recentFiles"] == .array([.string("a.txt"), .string("b.txt")]))
      #expect(stored["fontSize"] == .double(20))
      #expect(!directory.names().contains { $0.contains(".corrupt-") })

      #expect(await eventually { prefs.userName == "Grace" && prefs.launchCount == 4 })
      let defaults: [String: PropertyListValue] = [
        "userName": .string(""), "launchCount": .integer(0),
        "recentFiles": .array([.string("README.md")]),
      ]
      let reset = announced.withLock { $0 }.filter { defaults[$0.key] == $0.newValue }
      #expect(reset.isEmpty, "announced defaults: \(reset)")
      #expect(prefs.problemErrors(.load, .write).isEmpty)
    }
  }

  @Test func pastTheWaitAnEntryThatCannotBeRecoveredKeepsTheValueLastRead() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let prefs = try Self.app(at: url, timeout: .milliseconds(50))
      // An editor that never finishes.
      try TwoPartEditor.write(try Self.editInTwoParts().first, inPlaceAt: url)

      prefs.readPreferences()
      #expect(prefs.launchCount == 4)
      #expect(prefs.userName == "Ada")
      #expect(prefs.recentFiles == ["a.txt"])
      let kept = prefs.problemErrors(.load).filter { $0.key == "userName" }
      #expect(kept.first?.reason?.contains("string \"Ada\"") == true)

      prefs.fontSize = 20
      try prefs.writePreferences()
      let stored = try FileStore(url: url).allValues()
      #expect(stored["userName"] == .string("Ada"))
      #expect(stored["recentFiles"] == .array([.string("a.txt")]))
      #expect(stored["launchCount"] == .integer(4))
      #expect(stored["fontSize"] == .double(20))
      let copy = try #require(directory.names().first { $0.contains(".corrupt-") })
      let notice = try #require(prefs.problemErrors(.write).first { $0.kind == .fileMovedAside })
      #expect(notice.description.contains(copy))
      #expect(notice.description.contains("\"userName\" (string \"Ada\")"))
      #expect(notice.description.contains("\"recentFiles\" (array of 1 values)"))
    }
  }

  @Test func aFileNeverReadCleanlyIsNotWaitedFor() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      #expect(FileStore(url: url).partialWriteTimeout == .seconds(2))
      try Self.editInTwoParts().first.write(to: url)
      // A wait of an hour would hang this test: a store that never read the file cleanly
      // does not wait, nor fill in anything.
      let store = FileStore(url: url, partialWriteTimeout: .seconds(3600))
      let prefs = AppPreferences(store: store)
      #expect(prefs.launchCount == 4)
      #expect(prefs.userName == "")
      #expect(store.salvageValues().keptKeys.isEmpty)
    }
  }
}

/// Runs `body` on a thread of its own, so that a call that blocks (a write waiting for a file)
/// holds no thread of the concurrency pool.
func onAnotherThread(_ body: @escaping @Sendable () throws -> Void) async throws {
  try await withCheckedThrowingContinuation {
    (continuation: CheckedContinuation<Void, any Error>) in
    Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
  }
}
