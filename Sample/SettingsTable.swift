// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// The settings as an aligned table: key, type, value, and whether the value is the default.
///
/// ```
/// KEY              TYPE           VALUE                  DEFAULT
/// fontSize         Double         16.0                   no
/// showsToolbar     Bool           true                   yes
/// ```
struct SettingsTable {
  /// The rows, one per setting.
  private var rows: [[String]] = []
  /// The settings a layer other than the store decides, with that layer.
  private var layered: [(key: String, source: PreferenceSource)] = []

  /// The table of `prefs`, comparing each value with the one in `defaults`.
  ///
  /// - Parameters:
  ///   - prefs: The settings to show.
  ///   - defaults: An instance holding every default, to tell which values differ.
  init(_ prefs: SamplePreferences, defaults: SamplePreferences) {
    let sources = prefs.sources
    for setting in Setting.all {
      let value = setting.show(prefs)
      let source = sources[setting.key] ?? .default
      // `defaults` reads the same arguments and environment, so a value they give is not
      // the default even though both instances hold it.
      let isDefault = value == setting.show(defaults) && source <= .user
      rows.append([setting.key, setting.typeName, value, isDefault ? "yes" : "no"])
      if source != .user && source != .default { layered.append((setting.key, source)) }
    }
  }

  /// The table's lines, with a header, each column as wide as its widest cell.
  var lines: [String] {
    let header = ["KEY", "TYPE", "VALUE", "DEFAULT"]
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      // Every cell but the last is padded to its column's width and two spaces.
      let padded = zip(row.dropLast(), widths).map { cell, width in
        cell.padding(toLength: width + 2, withPad: " ", startingAt: 0)
      }
      return padded.joined() + (row.last ?? "")
    }
      + layered.map { "\($0.key) comes from the \($0.source) layer and is not saved unless set" }
  }
}
