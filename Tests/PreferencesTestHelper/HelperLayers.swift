// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Preferences that read every layer from this process's real arguments and environment.
final class HelperLayeredPreferences: Preferences, @unchecked Sendable {
  override class var layers: [PreferenceLayer] {
    [.arguments, .environment(prefix: "NOTES_"), .system]
  }
  @Preference var fontSize = 12.0
  @Preference var theme = "light"
  @Preference var showsToolbar = true
}

/// `layers <file> [assign] [arguments...]`: opens the layered preferences stored in `file`
/// (a `FileStore`, on every platform, so a test never writes a real defaults domain) and
/// prints one line per key, `key=value source managed`, then one line per load error; with
/// `assign`, first sets fontSize to 30 and theme to "blue" and writes.
func runLayers(file: String, assigning: Bool) throws {
  let prefs = HelperLayeredPreferences(store: FileStore(url: URL(fileURLWithPath: file)))
  if assigning {
    prefs.fontSize = 30
    prefs.theme = "blue"
    try prefs.writePreferences()
  }
  say("fontSize=\(prefs.fontSize) \(prefs.$fontSize.source) \(prefs.$fontSize.isManaged)")
  say("theme=\(prefs.theme) \(prefs.$theme.source) \(prefs.$theme.isManaged)")
  say("showsToolbar=\(prefs.showsToolbar) \(prefs.$showsToolbar.source)")
  for problem in prefs.preferenceProblems { say("error: \(problem.error)") }
}
