// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Watching a file through the nearest folder that exists. Another process creating the
/// folders and writing is in `CrossProcessObservationTests`.
struct PathWatcherTests {
  /// A store's folder renamed away takes the watch with it no further: the watch moves up,
  /// reports the file gone, and sees the folder made again at the store's path and the file
  /// written there.
  @Test func aFolderRenamedAwayIsLeftAndTheNewOneAtThePathIsWatched() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("app/preferences.plist")
      let (values, continuation) = AsyncStream<PropertyListValue?>.makeStream()
      let watcher = try #require(
        PathWatcher(folder: url.deletingLastPathComponent().path, name: url.lastPathComponent) {
          continuation.yield(try? FileStore(url: url).value(forKey: "userName"))
        })
      defer { watcher.stop() }
      try FileStore(url: url).apply(["userName": .set(.string("grace"))])
      try await firstElement(equalTo: .string("grace"), of: values)
      try FileManager.default.moveItem(at: directory.file("app"), to: directory.file("old"))
      try await firstElement(equalTo: nil, of: values)
      try FileStore(url: url).apply(["userName": .set(.string("ada"))])
      try await firstElement(equalTo: .string("ada"), of: values)
    }
  }

  @Test func theWayDownFromAFolderToAnother() {
    #expect(PathWatcher.parent(of: "/a/b") == "/a")
    #expect(PathWatcher.parent(of: "/a") == "/")
    #expect(PathWatcher.parent(of: "/") == "/")
    #expect(PathWatcher.parent(of: "a") == ".")
    #expect(PathWatcher.nextComponent(below: "/", toward: "/a/b/c") == "a")
    #expect(PathWatcher.nextComponent(below: "/a", toward: "/a/b/c") == "b")
    #expect(PathWatcher.nextComponent(below: ".", toward: "a/b") == "a")
  }
}
