// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// One value in TOML's plain inline form: decimal numbers, basic strings, `[...]` and `{...}`.
extension TOMLWriter {
  /// `value` as inline TOML text, for the entry `key`.
  ///
  /// - Throws: As ``encode(_:comment:)``.
  package static func inlineText(of value: PropertyListValue, key: String, path: [String] = [])
    throws -> String
  {
    var writer = TOMLWriter(key: key)
    try writer.writeInline(value, path: path)
    return String(decoding: writer.output, as: UTF8.self)
  }

  /// Appends `value` inline; `path` is where it is below the top-level key, for errors.
  mutating func writeInline(_ value: PropertyListValue, path: [String]) throws {
    // As the reader counts: the top-level key is a level.
    guard path.count + 1 < TOMLParser.maximumDepth else { throw tooDeep(path) }
    switch value {
    case .bool(let flag): append(flag ? "true" : "false")
    case .integer(let number): append(String(number))
    case .unsignedInteger(let number):
      throw unrepresentable(path, "an integer from -2^63 to 2^63 - 1", found: "\(number)")
    case .double(let number):
      if number.isNaN {
        append("nan")
      } else if number.isInfinite {
        append(number < 0 ? "-inf" : "inf")
      } else {
        let text = number.description
        append(text)
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { append(".0") }
      }
    case .string(let text): append(Self.quoted(text))
    case .data(let bytes): append(Self.quoted(bytes.base64EncodedString()))
    case .date(let date):
      let (text, isNumber) = ISO8601Timestamp.exactText(for: date)
      guard !isNumber, Self.writableYears.contains(date.timeIntervalSince1970) else {
        throw unrepresentable(path, "a date from the year 1 to 9999", found: value.description)
      }
      append(text)
    case .array(let elements):
      append("[")
      for (index, element) in elements.enumerated() {
        if index > 0 { append(", ") }
        try writeInline(element, path: path + ["[\(index)]"])
      }
      append("]")
    case .dictionary(let table):
      guard !table.isEmpty else { return append("{}") }
      append("{ ")
      for (index, name) in table.keys.sorted().enumerated() {
        if index > 0 { append(", ") }
        append(Self.quotedKey(name) + " = ")
        try writeInline(table[name]!, path: path + [name])
      }
      append(" }")
    }
  }

  /// The dates TOML's four-digit years hold, from 0001-01-01 to the end of 9999, in seconds
  /// since 1970.
  static let writableYears: Range<Double> = -62_135_596_800.0..<253_402_300_800.0

  /// `.address.city[2]` for the path `["address", "city", "[2]"]`.
  static func pathText(_ path: [String]) -> String {
    path.map { $0.hasPrefix("[") ? $0 : "." + $0 }.joined()
  }

  func unrepresentable(_ path: [String], _ expected: String, found: String)
    -> PropertyListFormatError
  {
    PropertyListFormatError(
      .unrepresentableValue, key: key, path: Self.pathText(path), expected: expected,
      found: found, reason: "TOML has no form for this value")
  }

  func tooDeep(_ path: [String]) -> PropertyListFormatError {
    PropertyListFormatError(
      .nestingTooDeep, key: key, path: Self.pathText(path),
      expected: "at most \(TOMLParser.maximumDepth) levels of nesting in TOML")
  }
}
