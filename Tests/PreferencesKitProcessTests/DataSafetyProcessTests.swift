// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// Data-safety guarantees that need a real second process: the `prefs` tool, programs that
/// stop, and processes that start at once.
struct DataSafetyProcessTests {
  @Test func prefsWarnsWhenAWriteMovesADamagedFileAside() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      try Data("<plist><dict><key>a</key><integer>3</integr></dict></plist>".utf8).write(to: url)
      let outcome = try BuiltProgram.prefs(in: directory).run(
        ["write", url.path, "fontSize", "-int", "14"])
      #expect(outcome.status == 0)
      #expect(outcome.error.contains("warning"))
      #expect(outcome.error.contains("kept at \(url.path).corrupt-"))
    }
  }

  @Test(arguments: [
    ("empty-key", "property 'fontSize' declares an empty preference key"),
    ("reserved-key", "property 'theme' uses the preference key \"PreferencesKit.theme\""),
  ])
  func badKeysStopTheProgramNamingTheProperty(command: String, message: String) throws {
    let (text, failed) = try TestHelperProcess.standardError(of: command)
    #expect(failed)
    #expect(text.contains(message))
  }

  @Test func twoProcessesStartingAtOnceMigrateTheStoreOnce() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      try FileStore(url: url).apply(["theme": .set(.string("dark"))])
      let first = try TestHelperProcess(["migrate-slowly", url.path])
      let second = try TestHelperProcess(["migrate-slowly", url.path])
      #expect(try first.finish().status == 0)
      #expect(try second.finish().status == 0)
      let values = try FileStore(url: url).allValues()
      guard case .array(let runs)? = values["migrations"] else {
        Issue.record("no migration recorded: \(values)")
        return
      }
      #expect(runs.count == 1)
      #expect(values["PreferencesKit.version"] == .integer(2))
    }
  }
}

#endif
