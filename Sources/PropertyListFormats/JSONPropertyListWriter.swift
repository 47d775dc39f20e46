// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Writes a dictionary as JSON, with a tagged form for the values JSON has no type for.
///
/// - A date is `{"$date": "2024-01-02T03:04:05.123456Z"}`, UTC, with as many fractional
///   digits as it takes to read back exactly the same `Date` (a year before 0 has a `-`, a year
///   after 9999 more digits). A date no timestamp holds exactly is `{"$date": "+infinity"}`,
///   `"-infinity"`, `"nan"`, or its seconds since 2001-01-01 as a number
///   (`{"$date": -1e-300}`): every `Date` reads back exactly.
/// - Data is `{"$data": "<base64>"}`.
/// - An infinite or NaN double is `{"$double": "+infinity"}`, `"-infinity"` or `"nan"`.
/// - A double is always written with a `.` or an exponent (`5.0`, `1e-05`), so it reads back as
///   a double and not an integer; its text is the shortest that reads back as the same number.
/// - A dictionary that has exactly one key, starting with `$`, is written with one more `$` in
///   front of that key (`{"$date": 1}` becomes `{"$$date": 1}`), so it is never taken for a tag;
///   the reader removes the extra `$`.
///
/// Keys are sorted and each is on its own line, so the file is stable and diffs well.
package struct JSONPropertyListWriter {
  private var output: [UInt8] = []

  /// The UTF-8 bytes of the JSON document.
  ///
  /// - Throws: `.nestingTooDeep` beyond 512 levels; the error's `key` is the top-level key,
  ///   its `path` the place inside that entry.
  package static func encode(_ values: [String: PropertyListValue]) throws -> [UInt8] {
    var writer = JSONPropertyListWriter()
    writer.output.reserveCapacity(48 * values.count + 16)
    try writer.write(.dictionary(values))
    writer.output.append(0x0A)
    return writer.output
  }

  /// One value as JSON text, exactly as it appears in a document but with its nested lines
  /// indented from the left margin, and no final newline.
  ///
  /// ```swift
  /// try JSONPropertyListWriter.text(of: .array([.integer(1)]))  // "[\n  1\n]"
  /// ```
  ///
  /// - Throws: As ``encode(_:)``.
  package static func text(of value: PropertyListValue) throws -> String {
    var writer = JSONPropertyListWriter()
    try writer.write(value)
    return String(decoding: writer.output, as: UTF8.self)
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func newline(_ level: Int) {
    output.append(0x0A)
    output.append(contentsOf: repeatElement(0x20, count: 2 * level))
  }

  private mutating func write(_ root: PropertyListValue) throws {
    try PropertyListTraversal.walk(root) { traversal, event, level in
      switch event {
      case .begin(let isDictionary, _):
        append(isDictionary ? "{" : "[")
      case .end(let isDictionary, let count):
        if count > 0 { newline(level) }
        append(isDictionary ? "}" : "]")
      case .key(let key, let index, let count):
        if index > 0 { append(",") }
        newline(level)
        // A lone key starting with `$` gets one more, so it is never taken for a tag.
        appendQuoted(count == 1 && key.hasPrefix("$") ? "$" + key : key)
        append(": ")
      case .element(let index):
        if index > 0 { append(",") }
        newline(level)
      case .scalar(let value):
        try write(scalar: value, at: traversal)
      }
    }
  }

  private mutating func write(scalar value: PropertyListValue, at traversal: PropertyListTraversal)
    throws
  {
    switch value {
    case .bool(let flag):
      append(flag ? "true" : "false")
    case .integer(let number):
      append(String(number))
    case .unsignedInteger(let number):
      append(String(number))
    case .double(let number):
      if number.isFinite {
        let text = number.description
        append(text)
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { append(".0") }
      } else {
        append("{\"$double\": \"\(XMLPropertyListWriter.text(for: number))\"}")
      }
    case .string(let text):
      appendQuoted(text)
    case .data(let bytes):
      append("{\"$data\": \"\(bytes.base64EncodedString())\"}")
    case .date(let date):
      let (text, isNumber) = ISO8601Timestamp.exactText(for: date)
      append(isNumber ? "{\"$date\": \(text)}" : "{\"$date\": \"\(text)\"}")
    case .array, .dictionary:
      break
    }
  }

  private mutating func appendQuoted(_ text: String) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0x00..<0x20:
        let hex = String(byte, radix: 16)
        append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
