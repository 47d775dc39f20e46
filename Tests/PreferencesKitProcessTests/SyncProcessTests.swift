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

/// Syncing between real processes, one of them killed mid-write.
struct SyncProcessTests {
  @Test func processesSyncingThroughOneFolderConvergeAfterOneIsKilledMidWrite() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.file("sync")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let shared = FileSyncStore(folder: folder)
      func sharedSize() -> Double {
        if case .double(let size)? = try? shared.allEntries()["fontSize"]?.value { size } else { 0 }
      }
      let writer = try TestHelperProcess([
        "sync-forever", directory.file("killed.plist").path, folder.path,
      ])
      #expect(writer.readLine() == "ready")
      // Killed once it has written for a while, in all likelihood in the middle of a write.
      #expect(await eventually { sharedSize() >= 50 })
      writer.kill()
      let last = sharedSize()

      let here = HelperSyncedPreferences(store: FileStore(url: directory.file("here.plist")))
      try here.startSyncing(with: shared)
      defer { here.stopSyncing() }
      #expect(here.fontSize == last)
      let set = try TestHelperProcess.run([
        "sync-set", directory.file("there.plist").path, folder.path, "1000",
      ])
      #expect(set.status == 0, "\(set.output)")
      #expect(await eventually { here.fontSize == 1000 })
      let get = try TestHelperProcess.run([
        "sync-get", directory.file("there.plist").path, folder.path,
      ])
      #expect(get.output == "fontSize 1000.0\n")
      for name in directory.names(in: folder) where name.hasSuffix(".plist") {
        #expect(throws: Never.self) {
          try FileStore(url: folder.appendingPathComponent(name)).allValues()
        }
      }
      #expect(here.problemErrors(.sync).isEmpty)
    }
  }
}

#endif
