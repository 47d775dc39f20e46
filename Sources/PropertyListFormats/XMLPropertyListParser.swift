// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Parses an XML property list without recursion, so hostile nesting cannot exhaust the stack.
///
/// Accepts what Apple's tools write, in UTF-8 or UTF-16: an optional XML declaration,
/// `DOCTYPE` and comments, a `<plist>` element (optional) around one value, the elements
/// `dict`, `key`, `array`,
/// `string`, `integer`, `real`, `true`, `false`, `date` and `data`, the five named entities,
/// numeric character references and CDATA sections. Anything else fails with a
/// ``PropertyListFormatError`` of kind `.corruptFile` that gives the line and
/// column.
struct XMLPropertyListParser {
  let bytes: [UInt8]
  var index = 0
  var builder = PropertyListTreeBuilder()

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses `bytes` into the property list's top-level value.
  static func parse(_ bytes: [UInt8]) throws -> PropertyListValue {
    var parser = XMLPropertyListParser(bytes: try utf8(bytes))
    return try parser.parseDocument()
  }

  private mutating func parseDocument() throws -> PropertyListValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    try skipMarkup()
    var insidePlist = false
    if looksAt("<plist") {
      let tag = try readTag()
      guard !tag.closing, tag.name == "plist" else { throw fail("expected <plist>") }
      if tag.selfClosing { throw fail("the <plist> element is empty", at: tag.start) }
      insidePlist = true
    }
    while builder.root == nil {
      try parseNextElement()
    }
    try skipMarkup()
    if insidePlist {
      let tag = try readTag()
      guard tag.closing, tag.name == "plist" else {
        throw fail("expected </plist> after the top-level value", at: tag.start)
      }
      try skipMarkup()
    }
    guard index == bytes.count else { throw fail("unexpected text after the property list") }
    return builder.root ?? .dictionary([:])
  }

  mutating func parseNextElement() throws {
    try skipMarkup()
    let tag = try readTag()
    do {
      if tag.closing {
        guard tag.name == "dict" || tag.name == "array" else {
          throw fail("unexpected </\(tag.name)>", at: tag.start)
        }
        let closed = try builder.end()
        guard closed.isArray == (tag.name == "array") else {
          throw fail("</\(tag.name)> closes the wrong element", at: tag.start)
        }
        try builder.add(closed)
        return
      }
      switch tag.name {
      case "dict", "array":
        if tag.selfClosing {
          try builder.add(tag.name == "dict" ? .dictionary([:]) : .array([]))
        } else if tag.name == "dict" {
          try builder.beginDictionary()
        } else {
          try builder.beginArray()
        }
      case "true", "false":
        if !tag.selfClosing { try expectClosing(tag.name) }
        try builder.add(.bool(tag.name == "true"))
      case "key":
        try builder.setKey(tag.selfClosing ? "" : try readText(of: tag))
      case "string":
        try builder.add(.string(tag.selfClosing ? "" : try readText(of: tag)))
      case "integer", "real", "date", "data":
        let text = tag.selfClosing ? "" : try readText(of: tag)
        try builder.add(try scalar(tag.name, text: text, at: tag.start))
      default:
        throw fail("unknown element <\(tag.name)>", at: tag.start)
      }
    } catch let failure as PropertyListTreeBuilder.Failure {
      throw failure.error(at: tag.start, in: bytes) { fail($0, at: tag.start) }
    }
  }

  private func scalar(_ name: String, text: String, at start: Int) throws -> PropertyListValue {
    let trimmed = String(Self.trimmingWhitespace(text))
    switch name {
    case "integer":
      guard let number = ByteText.integer(Substring(trimmed)) else {
        throw fail(
          "\"\(trimmed.prefix(40))\" is not an integer from -2^63 to 2^64-1", at: start)
      }
      return number
    case "real":
      guard let number = Self.real(trimmed) else {
        throw fail(
          "\"\(trimmed.prefix(40))\" is not a decimal number, \"nan\" or \"+infinity\"",
          at: start)
      }
      return .double(number)
    case "date":
      guard let date = ISO8601Timestamp.date(from: trimmed) else {
        throw fail("\"\(trimmed.prefix(40))\" is not a date like 2024-01-02T03:04:05Z", at: start)
      }
      return .date(date)
    default:
      let compact = trimmed.filter { !$0.isWhitespace }
      guard let data = Data(base64Encoded: compact) else {
        throw fail("the <data> element is not valid base64", at: start)
      }
      return .data(data)
    }
  }
}

extension XMLPropertyListParser {
  /// The number a `<real>` holds: a decimal number (``ByteText/isDecimalNumber(_:)``), or one
  /// of the spellings Apple's writer uses for the others (`nan`, `+infinity`, `-infinity`,
  /// and `inf`, `infinity` with an optional sign, in any case). Hexadecimal and digit
  /// separators are refused, as Foundation and Python refuse them.
  static func real(_ text: String) -> Double? {
    if ByteText.isDecimalNumber(Substring(text)) { return Double(text) }
    switch text.lowercased() {
    case "nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: return nil
    }
  }

  /// `text` without the white space around it, as Foundation's `.whitespacesAndNewlines`
  /// trims it, at a tenth of the cost.
  static func trimmingWhitespace(_ text: String) -> Substring {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
      let last = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return Substring(scalars[first...last])
  }

  /// Whether Foundation's `.whitespacesAndNewlines` holds `scalar`: Unicode's White_Space
  /// characters, and the zero-width space, which Unicode counted as a space until version 4.
  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace || scalar == "\u{200B}"
  }
}

extension PropertyListValue {
  fileprivate var isArray: Bool {
    if case .array = self { return true }
    return false
  }
}
