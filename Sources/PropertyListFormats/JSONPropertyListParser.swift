// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Parses the JSON form of a property list without recursion, so hostile nesting cannot
/// exhaust the stack.
///
/// Reads strict JSON (RFC 8259) and turns the tagged objects that ``JSONPropertyListWriter``
/// writes back into dates, data and non-finite doubles. `null` has no property-list form and
/// is refused. Failures are ``PropertyListFormatError`` values of kind
/// `.corruptFile` that give the line and column.
package struct JSONPropertyListParser {
  enum Expectation {
    case value, valueOrEnd, key, keyOrEnd, commaOrEnd
  }

  let bytes: [UInt8]
  var index = 0
  var builder = PropertyListTreeBuilder()

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses `bytes` into the document's top-level value.
  package static func parse(_ bytes: [UInt8]) throws -> PropertyListValue {
    var parser = JSONPropertyListParser(bytes: bytes)
    return try parser.parseDocument()
  }

  /// Parses the JSON text of one value, such as `[1, 2]` or `{"$date": "2024-01-02T03:04:05Z"}`.
  package static func parseValue(_ text: String) throws -> PropertyListValue {
    try parse(Array(text.utf8))
  }

  private mutating func parseDocument() throws -> PropertyListValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    var expectation = Expectation.value
    while true {
      skipWhitespace()
      if let root = builder.root {
        guard index == bytes.count else { throw fail("unexpected text after the top-level value") }
        return root
      }
      guard index < bytes.count else { throw fail("the file ends in the middle of a value") }
      let start = index
      do {
        expectation = try step(expectation)
      } catch let failure as PropertyListTreeBuilder.Failure {
        throw failure.error(at: start, in: bytes) { fail($0, at: start) }
      }
    }
  }

  /// Consumes one token and returns what may follow it.
  mutating func step(_ expectation: Expectation) throws -> Expectation {
    let byte = bytes[index]
    switch expectation {
    case .value, .valueOrEnd:
      if byte == UInt8(ascii: "]"), expectation == .valueOrEnd {
        index += 1
        try closeContainer()
        return .commaOrEnd
      }
      return try startValue()
    case .key, .keyOrEnd:
      if byte == UInt8(ascii: "}"), expectation == .keyOrEnd {
        index += 1
        try closeContainer()
        return .commaOrEnd
      }
      guard byte == UInt8(ascii: "\"") else {
        throw fail(
          "expected a key in double quotes, found \(ByteText.excerpt(at: index, in: bytes))")
      }
      let key = try readString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected \":\" after the key \"\(key.prefix(40))\"")
      }
      index += 1
      try builder.setKey(key)
      return .value
    case .commaOrEnd:
      index += 1
      if byte == UInt8(ascii: ",") { return builder.isInDictionary ? .key : .value }
      let closer = builder.isInDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]")
      guard byte == closer else {
        index -= 1
        throw fail(
          "expected \",\" or \"\(Character(UnicodeScalar(closer)))\", found "
            + ByteText.excerpt(at: index, in: bytes))
      }
      try closeContainer()
      return .commaOrEnd
    }
  }

  private mutating func startValue() throws -> Expectation {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "{"):
      index += 1
      try builder.beginDictionary()
      return .keyOrEnd
    case UInt8(ascii: "["):
      index += 1
      try builder.beginArray()
      return .valueOrEnd
    case UInt8(ascii: "\""):
      try builder.add(.string(try readString()))
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      try builder.add(try readLiteral())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try builder.add(try readNumber())
    default:
      throw fail("expected a value, found \(ByteText.excerpt(at: index, in: bytes))")
    }
    return .commaOrEnd
  }

  private mutating func closeContainer() throws {
    let start = index - 1
    var value = try builder.end()
    if case .dictionary(let values) = value, values.count == 1, let (key, inner) = values.first,
      key.hasPrefix("$")
    {
      value = try untag(key: key, value: inner, at: start)
    }
    try builder.add(value)
  }

  /// Turns a one-key object whose key starts with `$` back into the value it stands for.
  func untag(key: String, value: PropertyListValue, at start: Int) throws
    -> PropertyListValue
  {
    if key.hasPrefix("$$") { return .dictionary([String(key.dropFirst()): value]) }
    guard key == "$date" || key == "$data" || key == "$double" else {
      return .dictionary([key: value])
    }
    if key == "$date" {
      switch value {
      case .integer(let seconds):
        return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
      case .unsignedInteger(let seconds):
        return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
      case .double(let seconds): return .date(Date(timeIntervalSinceReferenceDate: seconds))
      case .string(let text):
        guard let date = ISO8601Timestamp.exactDate(from: text) else {
          throw fail(
            "\"\(text.prefix(40))\" is not a date like 2024-01-02T03:04:05.5Z", at: start)
        }
        return .date(date)
      default:
        throw fail(
          "the tagged value \"$date\" must be a string or a number, found \(value)", at: start)
      }
    }
    guard case .string(let text) = value else {
      throw fail("the tagged value \"\(key)\" must be a string, found \(value)", at: start)
    }
    switch key {
    case "$data":
      guard let data = Data(base64Encoded: text) else {
        throw fail("the \"$data\" value is not valid base64", at: start)
      }
      return .data(data)
    default:
      switch text {
      case "nan": return .double(.nan)
      case "+infinity": return .double(.infinity)
      case "-infinity": return .double(-.infinity)
      default:
        throw fail("\"$double\" must be \"nan\", \"+infinity\" or \"-infinity\"", at: start)
      }
    }
  }
}
