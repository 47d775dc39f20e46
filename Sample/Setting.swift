// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// One row of the settings table: how to show a setting, and how to set it from text.
///
/// `Sample set KEY VALUE` finds the setting by its key and hands it the text; each setting
/// parses it as its own type. The list is written out by hand in ``all``, which keeps the
/// sample free of reflection: one line per setting.
struct Setting {
  /// The key the setting is stored under.
  let key: String
  /// The Swift type, as the table shows it.
  let typeName: String
  /// What `set` accepts, for the message about a bad value.
  let expected: String
  /// The setting's value as text.
  let show: (SamplePreferences) -> String
  /// Parses `text` and assigns it; `false` when the text is not a value of this type.
  let assign: (SamplePreferences, String) -> Bool

  /// Every setting of ``SamplePreferences``, in declaration order.
  static var all: [Setting] {
    [
      Setting("userName", "String", \.userName, expected: "any text") { $0 },
      Setting("fontSize", "Double", \.fontSize, expected: "a number such as 14.5") {
        Double($0)
      },
      Setting("showsToolbar", "Bool", \.showsToolbar, expected: "true or false") {
        ["true": true, "yes": true, "false": false, "no": false][$0.lowercased()]
      },
      Setting("launchCount", "Int", \.launchCount, expected: "a whole number") { Int($0) },
      Setting("volume", "Float", \.volume, expected: "a number such as 0.8") { Float($0) },
      Setting(
        "lastLaunch", "Date?", \.lastLaunch, show: showDate,
        expected: "an ISO 8601 date such as 2024-05-01T09:30:00Z, or none", parse: parseDate),
      Setting("homepage", "URL", \.homepage, show: \.absoluteString, expected: "a URL") {
        URL(string: $0).flatMap { $0.scheme == nil ? nil : $0 }
      },
      Setting(
        "theme", "Theme", \.theme, show: \.rawValue,
        expected: Theme.allCases.map(\.rawValue).joined(separator: ", ")
      ) { Theme(rawValue: $0) },
      Setting(
        "recentFiles", "[String]", \.recentFiles, show: { $0.joined(separator: ", ") },
        expected: "names separated by commas", parse: parseList),
      Setting(
        "shortcuts", "[String: Int]", \.shortcuts, show: showShortcuts,
        expected: "pairs such as save=83,open=79", parse: parseShortcuts),
      Setting(
        "author", "Author?", \.author, show: showAuthor,
        expected: #"JSON such as {"name": "Ada", "email": "ada@example.com"}, or none"#,
        parse: parseAuthor),
      Setting(
        "windowFrameData", "Data (CGRect)", \.windowFrame, show: showRectangle,
        expected: "four numbers: x y width height", parse: parseRectangle),
    ]
  }

  /// A setting of `Value`, read and assigned through `property`.
  init<Value>(
    _ key: String, _ typeName: String,
    _ property: ReferenceWritableKeyPath<SamplePreferences, Value>,
    show: @escaping (Value) -> String = { "\($0)" }, expected: String,
    parse: @escaping (String) -> Value?
  ) {
    self.key = key
    self.typeName = typeName
    self.expected = expected
    self.show = { prefs in show(prefs[keyPath: property]) }
    self.assign = { prefs, text in
      guard let value = parse(text) else { return false }
      prefs[keyPath: property] = value
      return true
    }
  }

  private static func showDate(_ date: Date?) -> String {
    date?.formatted(.iso8601) ?? "none"
  }

  private static func parseDate(_ text: String) -> Date?? {
    if text == "none" { return .some(nil) }
    return ISO8601DateFormatter().date(from: text).map { .some($0) }
  }

  private static func parseList(_ text: String) -> [String]? {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  private static func showShortcuts(_ shortcuts: [String: Int]) -> String {
    shortcuts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      .joined(separator: ", ")
  }

  private static func parseShortcuts(_ text: String) -> [String: Int]? {
    var shortcuts: [String: Int] = [:]
    for pair in text.split(separator: ",") {
      let parts = pair.split(separator: "=")
      guard parts.count == 2, let code = Int(parts[1].trimmingCharacters(in: .whitespaces))
      else { return nil }
      shortcuts[parts[0].trimmingCharacters(in: .whitespaces)] = code
    }
    return shortcuts
  }

  private static func showAuthor(_ author: Author?) -> String {
    guard let author else { return "none" }
    return "\(author.name) <\(author.email)>"
  }

  private static func parseAuthor(_ text: String) -> Author?? {
    if text == "none" { return .some(nil) }
    guard let author = try? JSONDecoder().decode(Author.self, from: Data(text.utf8)) else {
      return nil
    }
    return .some(author)
  }

  private static func showRectangle(_ frame: CGRect) -> String {
    [frame.origin.x, frame.origin.y, frame.width, frame.height]
      .map { String(format: "%g", Double($0)) }.joined(separator: " ")
  }

  private static func parseRectangle(_ text: String) -> CGRect? {
    let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap {
      Double($0)
    }
    guard numbers.count == 4 else { return nil }
    return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }
}
