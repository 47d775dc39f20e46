// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// What the sample was asked to do, and with which store.
///
/// ```
/// Sample [--store PATH]                  show the settings
/// Sample [--store PATH] set KEY VALUE    change one setting
/// Sample [--store PATH] reset            put every setting back to its default
/// Sample [--store PATH] watch            print changes made by other programs
/// Sample schema                         print the settings' JSON Schema
/// Sample --sync PATH ...                 also sync fontSize and theme through PATH
/// Sample --fontSize 20 ...               override a setting for this run only
/// ```
struct SampleCommand {
  /// The action to take.
  enum Action: Equatable {
    case show
    case set(key: String, value: String)
    case reset
    case watch
    case schema
    case help
  }

  /// The usage text, printed by `--help` and after a usage error.
  static let usage = """
    usage: Sample [--store PATH] [--sync PATH] [--autosave] [--KEY VALUE]
                  [set KEY VALUE | reset | watch | schema | --help]
      (no command)   count this launch and print every setting
      set KEY VALUE  change one setting; VALUE is parsed as the setting's type
      reset          put every setting back to its default
      watch          print each change other programs (such as prefs) make, until Control-C
      schema         print every setting's key, type, default and sync flag as a JSON Schema
      --store PATH   use the file PATH (.plist or .json) instead of the sample's own store
      --sync PATH    sync the synced settings (fontSize, theme) through the shared folder PATH
      --autosave     save by itself after each change and at exit, instead of calling write
      --KEY VALUE    override a setting for this run only, such as --fontSize 20; never saved
    """

  /// The action to take.
  let action: Action
  /// The file the settings live in.
  let storeURL: URL
  /// The shared folder to sync through, if any.
  let syncURL: URL?

  /// Parses the command line, without the program's name.
  ///
  /// - Throws: A ``SampleFailure`` saying what is wrong.
  init(_ arguments: [String]) throws(SampleFailure) {
    var words = Self.withoutOverrides(arguments.filter { $0 != "--autosave" })
    storeURL =
      try Self.path(after: "--store", in: &words)
      ?? FileStore.defaultURL(for: SamplePreferences.identifier)
    syncURL = try Self.path(after: "--sync", in: &words)
    switch words.first {
    case nil:
      action = .show
    case "set":
      guard words.count == 3 else { throw .usage("set takes a KEY and a VALUE") }
      action = .set(key: words[1], value: words[2])
    case "reset" where words.count == 1:
      action = .reset
    case "watch" where words.count == 1:
      action = .watch
    case "schema" where words.count == 1:
      action = .schema
    case "--help", "-h", "help":
      action = .help
    default:
      throw .usage("unknown command \"\(words.joined(separator: " "))\"")
    }
  }

  /// `arguments` without the overrides `SamplePreferences` reads itself: `--KEY VALUE`,
  /// `--KEY=VALUE` and `-KEY VALUE` for a setting's key, such as `--fontSize 20`.
  private static func withoutOverrides(_ arguments: [String]) -> [String] {
    let keys = Set(Setting.all.map(\.key))
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      let name = word.drop { $0 == "-" }
      if word.hasPrefix("--"), let equals = name.firstIndex(of: "="),
        keys.contains(String(name[..<equals]))
      {
        index += 1
      } else if word.hasPrefix("-"), keys.contains(String(name)) {
        index += 2
      } else {
        kept.append(word)
        index += 1
      }
    }
    return kept
  }

  /// Removes `option` and the path after it from `words`, and returns the path.
  private static func path(
    after option: String, in words: inout [String]
  ) throws(SampleFailure) -> URL? {
    guard let index = words.firstIndex(of: option) else { return nil }
    guard index + 1 < words.count, !words[index + 1].isEmpty else {
      throw .usage("\(option) needs a file path")
    }
    defer { words.removeSubrange(index...(index + 1)) }
    return URL(fileURLWithPath: words[index + 1])
  }
}
