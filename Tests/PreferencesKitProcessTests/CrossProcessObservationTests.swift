// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// The same synced preferences as the test helper's.
final class HelperSyncedPreferences: Preferences, @unchecked Sendable {
  @Preference(synced: true) var fontSize = 12.0
  @Preference(synced: true) var notes = ""
  @Preference var windowFrameData = Data()
}

/// Changes made by another, real process reach this one.
struct CrossProcessObservationTests {
  @Test func aWatchingInstanceSeesAnotherProcessWriteItsFile() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let prefs = AppPreferences(store: FileStore(url: url))
      let changes = prefs.changes()
      prefs.startWatchingStore()
      defer { prefs.stopWatchingStore() }
      let outcome = try TestHelperProcess.run(["write-value", url.path, "userName", "grace"])
      #expect(outcome.status == 0)
      let received = try await firstElements(1, of: changes)
      #expect(
        received == [
          PreferenceChange(
            key: "userName", origin: .external, oldValue: .string(""), newValue: .string("grace"))
        ])
      #expect(prefs.userName == "grace")
    }
  }

  @Test func aFileStoreReportsAnotherProcessReplacingItsFile() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let (events, continuation) = AsyncStream<Void>.makeStream()
      let observation = try #require(
        FileStore(url: url).observeChanges(toKeys: ["userName"]) { continuation.yield() })
      defer { observation.stop() }
      #expect(!observation.reportsEveryChange, "a folder watch may miss changes")
      let outcome = try TestHelperProcess.run(["write-value", url.path, "userName", "grace"])
      #expect(outcome.status == 0)
      #expect(try await firstElements(1, of: events).count == 1)
    }
  }

  /// A first launch: the store's folder, two levels of it, does not exist yet. The watch
  /// waits on the nearest folder that does, follows the folders down as another process
  /// creates them and writes the file, and back up when they are removed; the next write is
  /// reported again. Each report reads the file, so a value seen was reported after its write.
  @Test func aFileStoreWhoseFolderAppearsLaterReportsTheWritesToIt() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("app/config/preferences.plist")
      let (values, continuation) = AsyncStream<PropertyListValue?>.makeStream()
      let observation = try #require(
        FileStore(url: url).observeChanges(toKeys: ["userName"]) {
          continuation.yield(try? FileStore(url: url).value(forKey: "userName"))
        })
      defer { observation.stop() }
      for name in ["grace", "ada"] {
        let outcome = try TestHelperProcess.run(["write-value", url.path, "userName", name])
        #expect(outcome.status == 0)
        try await firstElement(equalTo: .string(name), of: values)
        try FileManager.default.removeItem(at: directory.file("app"))
        try await firstElement(equalTo: nil, of: values)
      }
    }
  }

  @Test func aSyncedChangeFromAnotherProcessArrivesAndALocalOneDoesNot() async throws {
    try await withTemporaryDirectory { directory in
      let syncFolder = directory.file("sync")
      try FileManager.default.createDirectory(at: syncFolder, withIntermediateDirectories: false)
      let prefs = HelperSyncedPreferences(store: FileStore(url: directory.file("here.plist")))
      try prefs.startSyncing(with: FileSyncStore(folder: syncFolder))
      defer { prefs.stopSyncing() }
      let changes = prefs.changes()
      let outcome = try TestHelperProcess.run([
        "sync-set", directory.file("there.plist").path, syncFolder.path, "17",
      ])
      #expect(outcome.status == 0, "\(outcome.output)")
      let received = try await firstElements(1, of: changes)
      #expect(
        received == [
          PreferenceChange(
            key: "fontSize", origin: .external, oldValue: .double(12), newValue: .double(17))
        ])
      #expect(prefs.fontSize == 17)
      #expect(prefs.windowFrameData.isEmpty)
      #expect(
        try FileStore(url: directory.file("here.plist")).value(forKey: "fontSize") == .double(17))
    }
  }
}

#endif
