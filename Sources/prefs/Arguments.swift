// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import PreferencesKit

/// Turns the command line into a ``Command``.
///
/// The grammar is small enough to parse by hand, which keeps the package free of
/// dependencies: `prefs COMMAND STORE [operands and options]`, where `STORE` is one word or
/// `--suite NAME`, options start with `--` and may come anywhere after the command (before
/// `STORE` too), and `--` ends the options. `write` takes the words after `STORE` as they are,
/// so a value may start with `-`: a word is a type flag only if it is one of the known flags.
enum Arguments {
  /// Parses `arguments`, the command line without the program's name.
  ///
  /// - Throws: A usage ``ToolFailure`` naming what is wrong.
  static func parse(_ arguments: [String]) throws(ToolFailure) -> Command {
    guard let first = arguments.first else {
      throw .usage("no command given", command: nil)
    }
    var rest = Array(arguments.dropFirst())
    if first == "--version" {
      guard rest.isEmpty else { throw .usage("--version takes no arguments", command: nil) }
      return .version
    }
    if ["help", "--help", "-h"].contains(first) {
      guard let topic = rest.first else { return .help(nil) }
      guard rest.count == 1, let name = CommandName(rawValue: topic) else {
        throw .usage("no help on \"\(rest.joined(separator: " "))\"", command: nil)
      }
      return .help(name)
    }
    guard let name = CommandName(rawValue: first) else {
      throw .usage("unknown command \"\(first)\"", command: nil)
    }
    let asksForHelp = { (word: String) in word == "--help" || word == "-h" }
    if let word = rest.first, asksForHelp(word) { return .help(name) }
    if name != .write, rest.contains(where: asksForHelp) { return .help(name) }
    if name != .write { rest = optionsAfterStore(rest) }
    // `write --force STORE ...`: only before STORE, since every word after it may be a value.
    let force = name == .write && rest.first == "--force"
    if force { rest.removeFirst() }
    let store = try takeStore(from: &rest, command: name)
    switch name {
    case .keys:
      _ = try scan(rest, command: name, options: [], operands: 0...0)
      return .keys(store)
    case .read:
      let scanned = try scan(
        rest, command: name, options: ["--json", "--explain"], operands: 0...1)
      if scanned.options["--explain"] != nil {
        guard let key = scanned.operands.first, scanned.options["--json"] == nil else {
          throw .usage("--explain takes a KEY, without --json", command: name)
        }
        return .explain(store, key: key)
      }
      return .read(store, key: scanned.operands.first, json: scanned.options["--json"] != nil)
    case .readType:
      let scanned = try scan(rest, command: name, options: [], operands: 1...1)
      return .readType(store, key: scanned.operands[0])
    case .write:
      // `write STORE --force KEY ...`: said plainly, rather than as a value of many words.
      let misplaced = ToolFailure.usage(
        "--force goes before STORE: prefs write --force STORE KEY ...", command: name)
      if rest.first == "--force" { throw misplaced }
      guard rest.count >= 2 else {
        throw .usage("write takes a KEY and a VALUE, or a type flag and its value", command: name)
      }
      do {
        return .write(store, key: rest[0], try ValueText.edit(words: rest[1...]), force: force)
      } catch {
        throw rest.contains("--force") ? misplaced : error
      }
    case .rename:
      let scanned = try scan(rest, command: name, options: [], operands: 2...2)
      return .rename(store, from: scanned.operands[0], to: scanned.operands[1])
    case .delete:
      let scanned = try scan(rest, command: name, options: [], operands: 0...1)
      return .delete(store, key: scanned.operands.first)
    case .export:
      let scanned = try scan(rest, command: name, options: ["--format"], operands: 0...0)
      guard let text = scanned.options["--format"] else { return .export(store, format: nil) }
      guard let format = PropertyListFormat.allCases.first(where: { $0.fileExtension == text })
      else {
        throw .usage("--format takes plist, json or toml, not \"\(text)\"", command: name)
      }
      return .export(store, format: format)
    case .import:
      let scanned = try scan(
        rest, command: name, options: ["--merge", "--replace"], operands: 1...1)
      if scanned.options["--merge"] != nil, scanned.options["--replace"] != nil {
        throw .usage("choose one of --merge and --replace", command: name)
      }
      let mode: Command.ImportMode = scanned.options["--merge"] != nil ? .merge : .replace
      return .import(store, source: scanned.operands[0], mode: mode)
    case .validate:
      let scanned = try scan(rest, command: name, options: ["--schema"], operands: 0...0)
      return .validate(store, schema: scanned.options["--schema"])
    case .edit:
      _ = try scan(rest, command: name, options: [], operands: 0...0)
      return .edit(store)
    }
  }

  /// `words` with any options that come before the `STORE` argument moved after it, so that
  /// `export --format json STORE` reads as `export STORE --format json`.
  private static func optionsAfterStore(_ words: [String]) -> [String] {
    var leading: [String] = []
    var index = 0
    while index < words.count, words[index].hasPrefix("--"), words[index] != "--suite",
      words[index] != "--"
    {
      leading.append(words[index])
      // `--format` and `--schema` take the next word as their value.
      if valueNeeded[words[index]] != nil, index + 1 < words.count {
        leading.append(words[index + 1])
        index += 1
      }
      index += 1
    }
    guard !leading.isEmpty, index < words.count else { return words }
    let storeWords = words[index] == "--suite" ? 2 : 1
    let storeEnd = min(words.count, index + storeWords)
    return Array(words[index..<storeEnd]) + leading + Array(words[storeEnd...])
  }

  /// The options that take a value, and what their message calls it when it is missing.
  private static let valueNeeded = ["--format": "plist, json or toml", "--schema": "a FILE"]

  /// Removes the `STORE` argument, one word (`-g` for the global domain) or `--suite NAME`,
  /// from the front of `words`.
  private static func takeStore(
    from words: inout [String], command: CommandName
  ) throws(ToolFailure) -> StoreLocation {
    guard let word = words.first, !word.isEmpty else {
      throw .usage("\(command.rawValue) needs a STORE", command: command)
    }
    if word == "--suite" {
      guard words.count >= 2, !words[1].isEmpty else {
        throw .usage("--suite needs a suite name", command: command)
      }
      defer { words.removeFirst(2) }
      return .suite(words[1])
    }
    // `defaults` names the global domain `-g` or `-globalDomain`.
    if word == "-g" || word == "-globalDomain" {
      words.removeFirst()
      return .suite("NSGlobalDomain")
    }
    guard !word.hasPrefix("-") else {
      throw .usage("expected a STORE, not the option \"\(word)\"", command: command)
    }
    words.removeFirst()
    return StoreLocation(argument: word)
  }

  /// Splits `words` into operands and options. `--format` and `--schema` take a value
  /// (`--format json` or `--format=json`); the other options are flags, whose value is
  /// recorded as empty.
  private static func scan(
    _ words: [String], command: CommandName, options allowed: Set<String>,
    operands count: ClosedRange<Int>
  ) throws(ToolFailure) -> (operands: [String], options: [String: String]) {
    var operands: [String] = []
    var options: [String: String] = [:]
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        operands.append(word)
      } else if word == "--" {
        optionsEnded = true
      } else if let equals = word.firstIndex(of: "="), allowed.contains(String(word[..<equals])) {
        options[String(word[..<equals])] = String(word[word.index(after: equals)...])
      } else if let value = valueNeeded[word], allowed.contains(word) {
        guard index < words.count else {
          throw .usage("\(word) needs \(value)", command: command)
        }
        options[word] = words[index]
        index += 1
      } else if allowed.contains(word) {
        options[word] = ""
      } else {
        throw .usage("unknown option \"\(word)\" for \(command.rawValue)", command: command)
      }
    }
    guard count.contains(operands.count) else {
      let expected =
        switch (count.lowerBound, count.upperBound) {
        case (0, 0): "no arguments"
        case (0, 1): "at most one argument"
        case (1, 1): "one argument"
        default: "two arguments"
        }
      throw .usage(
        "\(command.rawValue) takes \(expected) after STORE, found \(operands.count)",
        command: command)
    }
    return (operands, options)
  }
}
