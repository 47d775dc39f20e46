// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What the layers read from the running process: its arguments and environment variables.
///
/// Captured once, when an instance initializes. Tests give their own through ``override``
/// rather than changing the process's environment, which tests running in parallel share.
struct LayerEnvironment: Sendable {
  /// The argument vector, the program's name first.
  var arguments: [String]
  /// The environment variables.
  var variables: [String: String]
  /// The system's layers, when a test gives its own; otherwise the platform's.
  var systemReader: (any SystemLayerReading)? = nil

  /// What tests set to stand in for the process, for the instances created in a scope.
  @TaskLocal static var override: LayerEnvironment?

  /// The process's own arguments and environment, unless a test overrides them.
  static var current: LayerEnvironment {
    override
      ?? LayerEnvironment(
        arguments: CommandLine.arguments, variables: ProcessInfo.processInfo.environment)
  }

  /// The folders of `XDG_CONFIG_DIRS` that are absolute paths, most important first;
  /// `/etc/xdg` when none is given.
  var systemFolders: [String] {
    let listed = (variables["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init)
    let absolute = listed.filter { $0.hasPrefix("/") }
    return absolute.isEmpty ? ["/etc/xdg"] : absolute
  }

  /// The override for each of `keys` that the arguments and the environment give, for the
  /// layers `layers` asks for, highest precedence first. `booleanKeys` are the keys of `Bool`
  /// properties, which an argument sets to true with no value after it.
  func overrides(
    forKeys keys: [String], booleanKeys: Set<String> = [], layers: [PreferenceLayer]
  ) -> [String: [LayerValue]] {
    var found: [String: [LayerValue]] = [:]
    if layers.contains(.arguments) {
      let given = argumentOverrides(forKeys: Set(keys), booleanKeys: booleanKeys)
      for (key, text, argument) in given {
        found[key] = [
          LayerValue(
            source: .arguments, content: .text(text), sourceDescription: "argument \(argument)")
        ]
      }
    }
    for case .environment(let prefix, let names) in layers.map(\.kind) {
      for key in keys {
        guard let name = names[key] ?? Self.variableName(for: key, prefix: prefix),
          let text = variables[name]
        else { continue }
        found[key, default: []].append(
          LayerValue(
            source: .environment, content: .text(text),
            sourceDescription: "environment variable \(name)"))
      }
    }
    return found
  }

  /// `-key value`, `--key value` and `--key=value` for declared keys; the last one given wins,
  /// as it does for most tools. Arguments after `--` are the app's own. After the key of a
  /// `Bool` property the next word is its value only if it reads as a Boolean (`true`, `no`,
  /// `1`...); otherwise the key alone means true, so `--showRuler file.txt` leaves `file.txt`
  /// to the app.
  private func argumentOverrides(
    forKeys keys: Set<String>, booleanKeys: Set<String>
  ) -> [(key: String, text: String, argument: String)] {
    var found: [String: (text: String, argument: String)] = [:]
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { break }
      guard argument.hasPrefix("-") else { continue }
      let name = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
      if argument.hasPrefix("--"), let equals = name.firstIndex(of: "=") {
        let key = String(name[..<equals])
        if keys.contains(key) {
          found[key] = (String(name[name.index(after: equals)...]), "--\(key)")
        }
      } else if booleanKeys.contains(String(name)) {
        let takesNext = index < arguments.count && Self.readsAsBoolean(arguments[index])
        found[String(name)] = (takesNext ? arguments[index] : "true", argument)
        if takesNext { index += 1 }
      } else if keys.contains(String(name)), index < arguments.count {
        found[String(name)] = (arguments[index], argument)
        index += 1
      }
    }
    return found.map { ($0.key, $0.value.text, $0.value.argument) }
  }

  /// Whether an argument reads as a Boolean, as `defaults` and ``LayerValue`` read them.
  private static func readsAsBoolean(_ word: String) -> Bool {
    ["true", "false", "yes", "no", "1", "0"].contains(word.lowercased())
  }

  /// The variable for `key`: `prefix` and the key in upper snake case (`fontSize` →
  /// `FONT_SIZE`, `httpURL` → `HTTP_URL`), or `nil` when the key holds anything but ASCII
  /// letters, digits and `_`.
  static func variableName(for key: String, prefix: String) -> String? {
    let characters = Array(key)
    guard !characters.isEmpty,
      characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    else { return nil }
    var name = ""
    for (index, character) in characters.enumerated() {
      if index > 0, character.isUppercase, name.last != "_" {
        let previous = characters[index - 1]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        // A word starts at a capital after a lower-case letter or digit, or at the last
        // capital of a run followed by a lower-case letter: `URLString` → `URL_STRING`.
        if !previous.isUppercase || next?.isLowercase == true { name.append("_") }
      }
      name += character.uppercased()
    }
    return prefix + name
  }
}
