// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

extension Command {
  /// `prefs read STORE KEY --explain`: prints each layer that holds KEY, the one that wins
  /// first, one per line: `SOURCE VALUE WHERE`, the first marked `(wins)`.
  ///
  /// ```
  /// managed  17.0  /etc/xdg/com.example.notes/managed.plist  (wins)
  /// user     14.0  /home/ada/.config/com.example.notes/preferences.plist
  /// system   13.0  /etc/xdg/com.example.notes/preferences.plist
  /// ```
  func explain(_ location: StoreLocation, key: String) throws(ToolFailure) {
    let report: LayerReport
    do {
      report = try LayerReport(
        key: key, store: location.makeStore(), environment: ProcessInfo.processInfo.environment)
    } catch {
      throw .inputOutput("read", location.displayName, error)
    }
    for problem in report.errors {
      Console.error("prefs: warning: \(problem)")
    }
    guard !report.entries.isEmpty else {
      throw .keyNotFound(key, store: location.displayName + " or any layer")
    }
    let width = report.entries.map(\.source.description.count).max() ?? 0
    for (index, entry) in report.entries.enumerated() {
      let value: String
      do {
        value = try ValueText.bare(entry.value)
      } catch {
        throw .inputOutput("cannot print \(key) from \(entry.sourceDescription): \(error)")
      }
      let name = entry.source.description.padding(toLength: width, withPad: " ", startingAt: 0)
      Console.print(
        "\(name)  \(value)  \(entry.sourceDescription)" + (index == 0 ? "  (wins)" : ""))
    }
    Console.print(
      "Arguments and environment variables override these for one run of the app, below "
        + "managed values; prefs cannot see them.")
  }
}
