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

/// The file store's default location, resolved by a real process from its environment.
struct FileStoreProcessTests {
  @Test func defaultURLUsesXDGConfigHomeThenHomeConfig() throws {
    #if os(Linux)
      let xdg = try TestHelperProcess.run(
        ["default-url", "com.example.app"], environment: ["XDG_CONFIG_HOME": "/srv/config"])
      #expect(xdg.output == "/srv/config/com.example.app/preferences.plist\n")
      let home = try TestHelperProcess.run(
        ["default-url", "com.example.app"],
        environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/ada"])
      #expect(home.output == "/home/ada/.config/com.example.app/preferences.plist\n")
      let relative = try TestHelperProcess.run(
        ["default-url", "a/b"], environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/ada"])
      #expect(relative.output == "/home/ada/.config/a_b/preferences.plist\n")
    #else
      let url = FileStore.defaultURL(for: "com.example.app")
      #expect(url.path.hasSuffix("/Library/Application Support/com.example.app/preferences.plist"))
    #endif
  }
}

#endif
