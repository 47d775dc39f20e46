// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Values: strings, Booleans, arrays, inline tables, numbers and date-times.
extension TOMLParser {
  /// Reads the value at the current place, `depth` levels of tables and arrays deep.
  mutating func parseValue(depth: Int) throws -> PropertyListValue {
    guard depth < Self.maximumDepth else { throw tooDeep(at: index) }
    switch byte {
    case UInt8(ascii: "\""):
      if bytes[index...].starts(with: Self.tripleQuote) {
        return .string(try parseMultilineString(literal: false))
      }
      return .string(try parseBasicString())
    case UInt8(ascii: "'"):
      if bytes[index...].starts(with: Self.tripleApostrophe) {
        return .string(try parseMultilineString(literal: true))
      }
      return .string(try parseLiteralString())
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      for (word, value) in [("true", true), ("false", false)]
      where bytes[index...].starts(with: word.utf8) {
        index += word.utf8.count
        return .bool(value)
      }
      throw expected("a value")
    case UInt8(ascii: "["):
      return try parseArray(depth: depth + 1)
    case UInt8(ascii: "{"):
      return try parseInlineTable(depth: depth + 1)
    case let byte? where Self.startsNumber(byte):
      if let dateTime = try parseDateTime() { return dateTime }
      return try parseNumber()
    default:
      throw expected("a value")
    }
  }

  private static func startsNumber(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "i") || byte == UInt8(ascii: "n")
  }

  /// Skips spaces, comments and line breaks, as arrays allow between their values.
  private mutating func skipSpacesCommentsAndLines() throws {
    while true {
      skipSpaces()
      switch byte {
      case UInt8(ascii: "#"): try skipComment()
      case 0x0A: index += 1
      case 0x0D:
        guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
          throw fail("a carriage return must be followed by a line feed")
        }
        index += 2
      default: return
      }
    }
  }

  private mutating func parseArray(depth: Int) throws -> PropertyListValue {
    let start = index
    index += 1
    var elements: [PropertyListValue] = []
    while true {
      try skipSpacesCommentsAndLines()
      if byte == UInt8(ascii: "]") { break }
      guard byte != nil else { throw fail("the array that starts here never ends", at: start) }
      elements.append(try parseValue(depth: depth))
      try skipSpacesCommentsAndLines()
      if byte == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "]") else { throw expected("\",\" or \"]\" in the array") }
      break
    }
    index += 1
    return .array(elements)
  }

  private mutating func parseInlineTable(depth: Int) throws -> PropertyListValue {
    index += 1
    var table = TOMLNode(.table(.dotted(section: -1)))
    skipSpaces()
    if byte == UInt8(ascii: "}") {
      index += 1
      return table.value
    }
    while true {
      skipSpaces()
      let keyStart = index
      let (keys, _) = try parseKey()
      guard depth + keys.count - 1 < Self.maximumDepth else { throw tooDeep(at: keyStart) }
      skipSpaces()
      guard byte == UInt8(ascii: "=") else { throw expected("\"=\" after the key") }
      index += 1
      skipSpaces()
      let value = try parseValue(depth: depth + keys.count - 1)
      do {
        try table.define(keys[...], as: value, entry: -1, section: -1)
      } catch {
        throw fail(error.message, at: keyStart)
      }
      skipSpaces()
      if byte == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "}") else {
        throw expected("\",\" or \"}\" in the inline table (which is all on one line)")
      }
      index += 1
      return table.value
    }
  }

  /// Reads an integer or a float: decimal, `0x`, `0o` or `0b` integers, `_` between digits,
  /// no leading zeros, `inf` and `nan`.
  private mutating func parseNumber() throws -> PropertyListValue {
    let start = index
    while let byte, Self.isBareKey(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") {
      index += 1
    }
    let token = bytes[start..<index]
    guard let value = Self.number(token) else {
      throw fail("\(ByteText.excerpt(at: start, in: Array(token))) is not a TOML number", at: start)
    }
    return value
  }

  /// The number `token` spells, or `nil` when it is not a valid TOML integer or float.
  static func number(_ token: ArraySlice<UInt8>) -> PropertyListValue? {
    var body = token
    let sign = body.first == UInt8(ascii: "+") || body.first == UInt8(ascii: "-") ? body.first : nil
    if sign != nil { body = body.dropFirst() }
    switch String(decoding: body, as: UTF8.self) {
    case "inf": return .double(sign == UInt8(ascii: "-") ? -.infinity : .infinity)
    case "nan": return .double(sign == UInt8(ascii: "-") ? -.nan : .nan)
    default: break
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where body.starts(with: prefix.utf8) {
      guard sign == nil, let end = digits(body.dropFirst(2), radix: radix),
        end == body.endIndex
      else { return nil }
      let text = String(
        decoding: body.dropFirst(2).filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
      return Int64(text, radix: radix).map(PropertyListValue.integer)
    }
    // The integer part: 0, or digits without a leading zero.
    guard let integerEnd = digits(body, radix: 10),
      body.first != UInt8(ascii: "0") || integerEnd == body.startIndex + 1
    else { return nil }
    var rest = body[integerEnd...]
    let clean = { (slice: ArraySlice<UInt8>) in
      String(decoding: slice.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    }
    if rest.isEmpty {
      return Int64(clean(token)).map(PropertyListValue.integer)
    }
    if rest.first == UInt8(ascii: ".") {
      guard let fractionEnd = digits(rest.dropFirst(), radix: 10) else { return nil }
      rest = rest[fractionEnd...]
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      var exponent = rest.dropFirst()
      if exponent.first == UInt8(ascii: "+") || exponent.first == UInt8(ascii: "-") {
        exponent = exponent.dropFirst()
      }
      guard let exponentEnd = digits(exponent, radix: 10) else { return nil }
      rest = rest[exponentEnd...]
    }
    guard rest.isEmpty, let value = Double(clean(token)) else { return nil }
    return .double(value)
  }

  /// The end of `digit *(["_"] digit)` at the start of `text`, or `nil` when there is none or
  /// an `_` is not between two digits.
  private static func digits(_ text: ArraySlice<UInt8>, radix: Int) -> Int? {
    func isDigit(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - 0x30) < radix
      case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): radix == 16
      default: false
      }
    }
    var index = text.startIndex
    guard index < text.endIndex, isDigit(text[index]) else { return nil }
    index += 1
    while index < text.endIndex {
      if text[index] == UInt8(ascii: "_") {
        guard index + 1 < text.endIndex, isDigit(text[index + 1]) else { return nil }
        index += 2
      } else if isDigit(text[index]) {
        index += 1
      } else {
        break
      }
    }
    return index
  }
}
