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

/// What `prefs write` tells a person who got it nearly right: the hint leads to the write
/// they meant, not to one the app rejects.
@Suite struct PrefsWriteHintTests {
  @Test func aValueOfTheWrongTypeIsRefusedWithItsTypeFlagNotForce() throws {
    try withDirectory { directory in
      let url = directory.file("store.json")
      try PublishedPreferences(store: FileStore(url: url)).publishSchema()
      try Data(#"{"fontSize": 9.0}"#.utf8).write(to: url)
      let prefs = BuiltProgram.prefs(in: directory)
      let refused = try prefs.run(["write", "store.json", "fontSize", "30"])
      #expect(refused.status == 4)
      #expect(refused.error.contains("'prefs write STORE fontSize -float 30'"), "\(refused.error)")
      #expect(!refused.error.contains("--force"))
      #expect(try FileStore(url: url).allValues() == ["fontSize": .double(9)])
      let written = try prefs.run(["write", "store.json", "fontSize", "-float", "30"])
      #expect(written.status == 0, "\(written.error)")
    }
  }

  @Test(arguments: [
    ["write", "store.json", "--force", "fontSize", "-float", "100"],
    ["write", "store.json", "fontSize", "-float", "100", "--force"],
  ])
  func forceAfterTheStoreIsToldToGoBeforeIt(arguments: [String]) throws {
    try withDirectory { directory in
      let url = directory.file("store.json")
      try Data(#"{"fontSize": 9.0}"#.utf8).write(to: url)
      let result = try BuiltProgram.prefs(in: directory).run(arguments)
      #expect(result.status == 2)
      #expect(
        result.error.contains("--force goes before STORE: prefs write --force STORE KEY"),
        "\(result.error)")
      #expect(try FileStore(url: url).allValues() == ["fontSize": .double(9)])
    }
  }
}

#endif
