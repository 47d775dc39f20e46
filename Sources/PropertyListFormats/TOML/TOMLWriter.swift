// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Writes values as TOML: a whole new document, a table's sections for an edit, or one value in
/// its plain inline form.
///
/// What TOML cannot say has a rule:
/// - Data is written as its base64 text (a `Data` property reads that text back).
/// - An integer above `Int64.max`, and a date outside the years 1 to 9999 or one no timestamp
///   holds exactly, are refused with `.unrepresentableValue` naming the key and path, so that a
///   store can leave the key out.
/// - A key that is not made of letters, digits, `_` and `-` is quoted.
/// - An empty dictionary is an empty table (`[name]`, or `{}` inside a value); an array may mix
///   types, as TOML 1.0 allows; a NaN or infinite double is `nan`, `inf` or `-inf`.
/// - A date is an offset date-time in UTC with as many fractional digits as it takes to read
///   back as exactly the same `Date`, as the JSON writer writes it.
package struct TOMLWriter {
  /// The top-level key of the value being written, for errors.
  var key: String
  var output: [UInt8] = []

  /// A new document holding `values`: keys sorted, at each level the plain values first, then
  /// tables as `[table]` sections and arrays of tables as `[[array]]` sections.
  ///
  /// ```swift
  /// let window = PropertyListValue.dictionary(["width": .integer(80)])
  /// try TOMLWriter.encode(["name": .string("Ada"), "window": window], comment: ["Example"])
  /// // # Example\n\nname = "Ada"\n\n[window]\nwidth = 80\n
  /// ```
  ///
  /// - Parameters:
  ///   - values: The top-level values.
  ///   - comment: Lines written first, each after `# `, followed by a blank line; none by default.
  /// - Throws: A ``PropertyListFormatError`` of kind `.unrepresentableValue` or
  ///   `.nestingTooDeep`, whose `key` and `path` say which value.
  package static func encode(_ values: [String: PropertyListValue], comment: [String] = [])
    throws -> [UInt8]
  {
    var writer = TOMLWriter(key: "")
    for line in comment {
      writer.append(
        line.isEmpty ? "#\n" : "# " + line.split(separator: "\n").joined(separator: " ") + "\n")
    }
    if !comment.isEmpty, !values.isEmpty { writer.append("\n") }
    try writer.writeTable(values, path: [], inArray: false)
    return writer.output
  }

  /// `key = value` lines for the plain values of `table`, then its tables' and arrays of
  /// tables' sections, named from `path`.
  mutating func writeTable(_ table: [String: PropertyListValue], path: [String], inArray: Bool)
    throws
  {
    guard path.count < TOMLParser.maximumDepth else { throw tooDeep(path) }
    let keys = table.keys.sorted()
    var sections: [String] = []
    for name in keys {
      if path.isEmpty { key = name }
      let value = table[name]!
      if Self.isSection(value) {
        sections.append(name)
        continue
      }
      append(Self.quotedKey(name) + " = ")
      try writeInline(value, path: path.isEmpty ? [] : Array(path.dropFirst()) + [name])
      append("\n")
    }
    for name in sections {
      if path.isEmpty { key = name }
      try writeSection(table[name]!, path: path + [name], blankLine: !output.isEmpty)
    }
  }

  /// The `[path]` section of a table or the `[[path]]` sections of an array of tables.
  mutating func writeSection(_ value: PropertyListValue, path: [String], blankLine: Bool) throws {
    let header = path.map(Self.quotedKey).joined(separator: ".")
    switch value {
    case .dictionary(let table):
      if blankLine { append("\n") }
      append("[" + header + "]\n")
      try writeTable(table, path: path, inArray: false)
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        guard case .dictionary(let table) = element else { continue }
        if blankLine || index > 0 { append("\n") }
        append("[[" + header + "]]\n")
        try writeTable(table, path: path, inArray: true)
      }
    default:
      break
    }
  }

  /// Whether `value` is written as a section: a dictionary, or a non-empty array of
  /// dictionaries.
  static func isSection(_ value: PropertyListValue) -> Bool {
    switch value {
    case .dictionary: true
    case .array(let elements):
      !elements.isEmpty && elements.allSatisfy { if case .dictionary = $0 { true } else { false } }
    default: false
    }
  }

  /// `key` bare when it is made of letters, digits, `_` and `-`, otherwise as a basic string.
  package static func quotedKey(_ key: String) -> String {
    if !key.isEmpty, key.utf8.allSatisfy(TOMLParser.isBareKey) { return key }
    return quoted(key)
  }

  /// `text` as a TOML basic string.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }
}
