// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// What a new user of a TOML store reads: the header of a new file with each constraint, and
/// the problems of a damaged file, true for a file that is never rewritten from its salvage
/// and counting the same whether the file is loaded afresh or read again.
struct TOMLTrialTests {
  static let good = "fontSize = 13.0\ntheme = \"dark\"\nfolder = \"/src\"\nbudget = 3\n"
  static let broken = good.replacingOccurrences(of: "theme = ", with: "theme = = ")

  @Test func aFreshLoadAndAReloadCountTheSameSalvagedEntries() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.good.utf8).write(to: url)
      let watching = ToolSettings(store: FileStore(url: url))
      #expect(watching.theme == "dark")
      try Data(Self.broken.utf8).write(to: url)
      watching.readPreferences()
      let fresh = ToolSettings(store: FileStore(url: url))
      for settings in [watching, fresh] {
        let reason = settings.problemErrors(.load).first?.reason ?? ""
        #expect(reason.contains("3 entries were salvaged"), "\(reason)")
      }
      #expect(watching.theme == "dark")
      #expect(fresh.theme == "light")
    }
  }

  @Test func aDamagedEntrySaysWritesWaitForTheFixNotThatTheFileIsKeptAside() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.good.utf8).write(to: url)
      let watching = ToolSettings(store: FileStore(url: url))
      try Data(Self.broken.utf8).write(to: url)
      watching.readPreferences()
      let fresh = ToolSettings(store: FileStore(url: url))
      for settings in [watching, fresh] {
        let problem = settings.problemErrors(.load).first { $0.key == "theme" }
        let reason = problem?.reason ?? ""
        #expect(reason.contains("until the file parses again; writes wait until then"), "\(reason)")
        #expect(!reason.contains("kept beside"), "\(reason)")
        #expect(!reason.contains("next write"), "\(reason)")
      }
    }
  }

  @Test func aNewFilesHeaderShowsEachConstraintAsPrefsEditDoes() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      let prefs = ConstrainedPreferences(store: FileStore(url: url))
      prefs.plain = 2
      try prefs.writePreferences()
      let text = try String(contentsOf: url, encoding: .utf8)
      for line in [
        "# fontSize = 12.0  # Font size in points (8 to 72)",
        "# volume = 0.5  # 0 to 1",
        #"# language = "en"  # one of "en", "fr""#,
        "# recentFiles = []  # at most 3 elements",
        #"# nickname = "ada"  # at most 5 characters"#,
        #"# theme = "light"  # one of "light", "dark""#,
        "# plain = 1\n",
      ] {
        #expect(text.contains(line), "\(line)\n\(text)")
      }
    }
  }
}
