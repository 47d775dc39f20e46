// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation

/// A fresh, empty directory for one test, removed (with everything in it) by ``remove()``.
package struct TemporaryDirectory {
  package let url: URL

  package init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("PreferencesKitTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A path inside the directory.
  package func file(_ name: String) -> URL {
    url.appendingPathComponent(name, isDirectory: false)
  }

  /// The names of the files in `folder` (the directory itself unless given), sorted.
  package func names(in folder: URL? = nil) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: (folder ?? url).path)) ?? []).sorted()
  }

  /// Removes the directory, first making every folder in it writable again.
  package func remove() {
    if let walker = FileManager.default.enumerator(atPath: url.path) {
      for case let name as String in walker {
        chmod(url.appendingPathComponent(name).path, 0o700)
      }
    }
    chmod(url.path, 0o700)
    try? FileManager.default.removeItem(at: url)
  }
}

/// Runs `body` with a fresh temporary directory and removes it afterwards.
package func withTemporaryDirectory<Result>(
  _ body: (TemporaryDirectory) async throws -> Result
) async throws -> Result {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  return try await body(directory)
}

/// Runs `body` with a fresh temporary directory and removes it afterwards, for tests that
/// need no `await`.
package func withDirectory(_ body: (TemporaryDirectory) throws -> Void) throws {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  try body(directory)
}
