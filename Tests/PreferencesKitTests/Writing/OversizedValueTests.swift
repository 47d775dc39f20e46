// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Issue 31, item 3: a value too large for the file is left out, and every other key is saved.
struct OversizedValueTests {
  /// `count` shortcuts, each a short name and a number.
  static func shortcuts(_ count: Int) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: (0..<count).map { ("shortcut-\($0)", $0) })
  }

  @Test func theLargestValueIsLeftOutNamedWithItsSizeAndTheRestIsSaved() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let prefs = AppPreferences(store: FileStore(url: url, maximumFileSize: 16 * 1024))
      prefs.shortcuts = Self.shortcuts(1_000)  // About 40 KB: more than the file may hold.
      prefs.recentFiles = (0..<100).map { "file-\($0).txt" }  // About 3 KB: fits.
      prefs.userName = "Ada"
      let error = #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
      #expect(error?.kind == .fileTooLarge)
      #expect(error?.key == "shortcuts")
      #expect(error?.found?.contains("of them the new value of \"shortcuts\"") == true)

      let stored = try FileStore(url: url).allValues()
      #expect(stored["shortcuts"] == nil)
      #expect(stored["userName"] == .string("Ada"))
      #expect(stored["recentFiles"] == .array((0..<100).map { .string("file-\($0).txt") }))
      let problem = prefs.problemErrors(.write).first { $0.key == "shortcuts" }
      #expect(problem?.kind == .fileTooLarge)
      let found = problem?.found ?? ""
      #expect(found.range(of: #"^\d+ bytes, \d{5} of them"#, options: .regularExpression) != nil)
      #expect(prefs.hasUnsavedChanges)

      // Another key saves on its own; the value left out waits until assigned again.
      prefs.launchCount = 7
      try prefs.writePreferences()
      #expect(try FileStore(url: url).allValues()["launchCount"] == .integer(7))
      prefs.shortcuts = Self.shortcuts(10)
      try prefs.writePreferences()
      #expect(AppPreferences(store: FileStore(url: url)).shortcuts == Self.shortcuts(10))
      #expect(prefs.problemErrors(.write).isEmpty)
      #expect(!prefs.hasUnsavedChanges)
    }
  }

  @Test func valuesAreLeftOutLargestFirstOnlyUntilTheFileFits() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let prefs = AppPreferences(store: FileStore(url: url, maximumFileSize: 16 * 1024))
      prefs.shortcuts = Self.shortcuts(300)  // About 12 KB.
      prefs.recentFiles = (0..<300).map { "file-\($0).txt" }  // About 10 KB, smaller.
      let error = #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
      #expect(error?.key == "shortcuts")
      let stored = try FileStore(url: url).allValues()
      #expect(stored["shortcuts"] == nil)
      #expect(stored["recentFiles"] != nil)
    }
  }

  @Test func aStoreWriteThatWouldOutgrowTheFileStillWritesNothing() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let store = FileStore(url: url, maximumFileSize: 1024)
      try store.apply(["small": .set(.integer(1))])
      let before = try Data(contentsOf: url)
      let error = #expect(throws: PreferenceError.self) {
        try store.apply([
          "large": .set(.string(String(repeating: "x", count: 2048))), "b": .set(.integer(2)),
        ])
      }
      #expect(error?.kind == .fileTooLarge)
      #expect(error?.key == "large")
      #expect(try Data(contentsOf: url) == before)
    }
  }
}
