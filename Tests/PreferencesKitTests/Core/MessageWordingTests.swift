// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Messages a person can act on: each names its file, counts in good English, and says a
/// thing once.
struct MessageWordingTests {
  @Test func aTypeMismatchInAFileNamesTheFile() throws {
    try withDirectory { directory in
      let url = directory.file("prefs.plist")
      try FileStore(url: url).apply(["launchCount": .set(.string("many"))])
      let prefs = AppPreferences(store: FileStore(url: url))
      let error = try #require(prefs.problemErrors(.load).first)
      #expect(error.kind == .typeMismatch)
      #expect(error.file == url)
      #expect(
        error.description
          == "preference \"launchCount\" in \(url.path): expected Int, found string \"many\"")
      prefs.readPreferences()
      #expect(prefs.problemErrors(.load).first?.file == url)
    }
  }

  @Test func aStoreElsewhereThanInAFileIsNamedByItsURL() throws {
    let place = try #require(URL(string: "db://settings.example/app"))
    let error = PreferenceError(.typeMismatch, key: "launchCount", file: place, expected: "Int")
    #expect(
      error.description == "preference \"launchCount\" in db://settings.example/app: expected Int")
  }

  @Test func aDamagedFileCountsWhatWasRecoveredInGoodEnglish() throws {
    try withDirectory { directory in
      let url = directory.file("prefs.plist")
      let damaged = """
        <plist><dict>
        <key>userName</key><string>Ada</string>
        <key>launchCount</key><intger>2</integer>
        </dict></plist>
        """
      try Data(damaged.utf8).write(to: url)
      let prefs = AppPreferences(store: FileStore(url: url))
      #expect(prefs.userName == "Ada")
      let loaded = prefs.problemErrors(.load).map(\.description).joined(separator: "\n")
      #expect(loaded.contains("1 entry was salvaged"), "\(loaded)")

      let problems = try FileStore(url: url).update(StoreUpdate()) {
        $0["fontSize"] = .double(14)
      }
      let problem = try #require(problems.first)
      #expect(problem.kind == .fileMovedAside)
      #expect(!problem.description.contains("found not a valid"), "\(problem)")
      #expect(problem.description.contains("found a damaged file (not a valid XML property list"))
      #expect(problem.description.contains("written back (1 entry)"), "\(problem)")
    }
  }

  @Test func aLoopOfSymbolicLinksIsSaidOnce() throws {
    try withDirectory { directory in
      let manager = FileManager.default
      try manager.createSymbolicLink(atPath: directory.file("a").path, withDestinationPath: "b")
      try manager.createSymbolicLink(atPath: directory.file("b").path, withDestinationPath: "a")
      #expect {
        try FileStore(url: directory.file("a")).apply(["k": .set(.integer(1))])
      } throws: { error in
        let text = String(describing: error)
        return text.contains("more than 40 symbolic links in a row, likely a loop (errno")
          && !text.lowercased().contains("too many levels")
      }
    }
  }

  @Test(arguments: [
    ("<nope", "read as an XML property list, since it does not start with { or [ as JSON does"),
    ("nope", "read as TOML, since it starts with a key or a comment: not valid TOML at line 1"),
    (#"{"a": }"#, "read as JSON, since it starts with { or [: not valid JSON at line 1"),
  ])
  func anImportThatDoesNotParseSaysWhichFormatWasTriedAndWhy(
    _ document: String, _ words: String
  ) throws {
    let prefs = AppPreferences(store: InMemoryStore())
    #expect {
      try prefs.importValues(from: Data(document.utf8))
    } throws: { error in
      String(describing: error).contains(words)
    }
  }
}
