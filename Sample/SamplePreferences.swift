// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The sample app's settings: one of each kind of value PreferencesKit stores.
///
/// Every `@Preference` property is a setting: its name is its key in the store and its
/// declared value is its default. `fontSize` and `theme` are declared `synced: true`: with
/// `--sync PATH` they travel through a shared folder to every other copy of the sample using it,
/// while the window frame stays on this machine. ``setDefaults()`` sets the defaults that cannot be written
/// in a declaration.
final class SamplePreferences: Preferences, @unchecked Sendable {
  /// The identifier that names the sample's store: on Linux
  /// `$XDG_CONFIG_HOME/com.example.PreferencesSample/preferences.plist` (`~/.config/...`).
  static let identifier = "com.example.PreferencesSample"

  /// With `--autosave`, the sample saves by itself a moment after each change, and at exit;
  /// otherwise only when it calls `writePreferences()`.
  override class var savePolicy: SavePolicy {
    CommandLine.arguments.contains("--autosave") ? .debounced(.milliseconds(300)) : .explicit
  }

  /// The sample reads every layer: `--fontSize 20` (or `-fontSize 20`) overrides a setting
  /// for one run, so does `SAMPLE_FONT_SIZE=20`, and an administrator's
  /// `$XDG_CONFIG_DIRS/com.example.PreferencesSample/preferences.plist` sets system defaults
  /// (`managed.plist` beside it locks settings). None of them is ever written to the store.
  override class var layers: [PreferenceLayer] {
    [.arguments, .environment(prefix: "SAMPLE_"), .system]
  }

  @Preference var userName = ""
  @Preference(synced: true) var fontSize = 12.0
  @Preference var showsToolbar = true
  @Preference var launchCount = 0
  @Preference var volume: Float = 0.5
  @Preference var lastLaunch: Date? = nil
  @Preference var homepage = URL(string: "https://swift.org")!
  @Preference(synced: true) var theme = Theme.system
  @Preference var recentFiles: [String] = []
  @Preference var shortcuts: [String: Int] = [:]
  @Preference var author: Author? = nil
  @Preference var windowFrameData = Data()

  /// The main window's frame, stored as 32 bytes in `windowFrameData`.
  var windowFrame: CGRect {
    get { windowFrameData.rectValue ?? .zero }
    set { windowFrameData = Data(rect: newValue) }
  }

  /// Where each setting's value comes from, by key, for the settings table.
  var sources: [String: PreferenceSource] {
    [
      "userName": $userName.source, "fontSize": $fontSize.source,
      "showsToolbar": $showsToolbar.source, "launchCount": $launchCount.source,
      "volume": $volume.source, "lastLaunch": $lastLaunch.source, "homepage": $homepage.source,
      "theme": $theme.source, "recentFiles": $recentFiles.source,
      "shortcuts": $shortcuts.source, "author": $author.source,
      "windowFrameData": $windowFrameData.source,
    ]
  }

  /// Defaults computed when the app runs; assigning them here keeps them defaults, so they are
  /// never written to the store unless the user changes them.
  override func setDefaults() {
    userName = ProcessInfo.processInfo.environment["USER"] ?? "friend"
    recentFiles = ["README.md"]
    shortcuts = ["open": 79, "save": 83]
    windowFrame = CGRect(x: 100, y: 100, width: 800, height: 600)
  }
}
