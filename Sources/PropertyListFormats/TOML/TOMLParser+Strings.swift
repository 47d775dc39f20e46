// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Keys and the four kinds of TOML strings.
extension TOMLParser {
  /// Reads a (dotted) key; returns its parts and the offset after its last part.
  mutating func parseKey() throws -> (keys: [String], end: Int) {
    var keys: [String] = []
    while true {
      keys.append(try parseSimpleKey())
      let end = index
      skipSpaces()
      guard byte == UInt8(ascii: ".") else {
        index = end
        return (keys, end)
      }
      index += 1
      skipSpaces()
    }
  }

  static func isBareKey(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  private mutating func parseSimpleKey() throws -> String {
    switch byte {
    case UInt8(ascii: "\""):
      guard !bytes[index...].starts(with: Self.tripleQuote) else {
        throw fail("a key cannot be a multi-line string")
      }
      return try parseBasicString()
    case UInt8(ascii: "'"):
      guard !bytes[index...].starts(with: Self.tripleApostrophe) else {
        throw fail("a key cannot be a multi-line string")
      }
      return try parseLiteralString()
    default:
      let start = index
      while let byte, Self.isBareKey(byte) { index += 1 }
      guard index > start else {
        throw expected("a key (letters, digits, \"_\", \"-\" or a quoted string)")
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
  }

  static let tripleQuote: [UInt8] = Array("\"\"\"".utf8)
  static let tripleApostrophe: [UInt8] = Array("'''".utf8)

  /// Reads `"..."`.
  mutating func parseBasicString() throws -> String {
    let start = index
    index += 1
    var text: [UInt8] = []
    while true {
      guard let byte, byte != 0x0A, byte != 0x0D else {
        throw fail("the string that starts here has no closing quote on its line", at: start)
      }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try parseEscape(into: &text)
      default:
        guard !Self.isControl(byte) else { throw fail("a control character in a string") }
        text.append(byte)
        index += 1
      }
    }
  }

  /// Reads `'...'`.
  mutating func parseLiteralString() throws -> String {
    let start = index
    index += 1
    let contentStart = index
    while true {
      guard let byte, byte != 0x0A, byte != 0x0D else {
        throw fail("the string that starts here has no closing quote on its line", at: start)
      }
      if byte == UInt8(ascii: "'") { break }
      guard !Self.isControl(byte) else { throw fail("a control character in a string") }
      index += 1
    }
    defer { index += 1 }
    return String(decoding: bytes[contentStart..<index], as: UTF8.self)
  }

  /// Reads `"""..."""` (`literal` false) or `'''...'''`.
  mutating func parseMultilineString(literal: Bool) throws -> String {
    let start = index
    let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
    index += 3
    // A line break right after the opening delimiter is not part of the string.
    if byte == 0x0A {
      index += 1
    } else if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
      index += 2
    }
    var text: [UInt8] = []
    while true {
      guard let byte else {
        throw fail("the multi-line string that starts here never ends", at: start)
      }
      switch byte {
      case quote:
        var count = 0
        while index + count < bytes.count, bytes[index + count] == quote { count += 1 }
        guard count >= 3 else {
          text.append(contentsOf: repeatElement(quote, count: count))
          index += count
          continue
        }
        guard count <= 5 else { throw fail("more than five quotes end a multi-line string") }
        text.append(contentsOf: repeatElement(quote, count: count - 3))
        index += count
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\") where !literal:
        if try !skipLineEndingBackslash() { try parseEscape(into: &text) }
      case 0x0A:
        text.append(0x0A)
        index += 1
      case 0x0D:
        guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
          throw fail("a carriage return must be followed by a line feed")
        }
        text.append(0x0A)
        index += 2
      default:
        guard !Self.isControl(byte) else { throw fail("a control character in a string") }
        text.append(byte)
        index += 1
      }
    }
  }

  /// At a `\` followed by spaces and a line break, skips it and every space and line break
  /// after it and returns true; otherwise returns false and stays.
  private mutating func skipLineEndingBackslash() throws -> Bool {
    var probe = index + 1
    while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
    guard probe < bytes.count, bytes[probe] == 0x0A || bytes[probe] == 0x0D else { return false }
    index = probe
    while let byte, [0x20, 0x09, 0x0A, 0x0D].contains(byte) {
      if byte == 0x0D, !(index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
        throw fail("a carriage return must be followed by a line feed")
      }
      index += 1
    }
    return true
  }

  /// Reads one escape sequence at a `\` and appends the bytes it stands for.
  private mutating func parseEscape(into text: inout [UInt8]) throws {
    let start = index
    index += 1
    guard let letter = byte else { throw fail("the file ends in an escape sequence", at: start) }
    index += 1
    switch letter {
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      let count = letter == UInt8(ascii: "u") ? 4 : 8
      guard index + count <= bytes.count,
        let value = UInt32(
          String(decoding: bytes[index..<(index + count)], as: UTF8.self),
          radix: 16),
        bytes[index..<(index + count)].allSatisfy({
          $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-")
        })
      else {
        throw fail(
          "expected \(count) hexadecimal digits after \"\\\(Character(UnicodeScalar(letter)))\"",
          at: start)
      }
      guard let scalar = Unicode.Scalar(value) else {
        throw fail("\\\(Character(UnicodeScalar(letter))) names no Unicode scalar value", at: start)
      }
      text.append(contentsOf: String(Character(scalar)).utf8)
      index += count
    default:
      throw fail(
        "\"\\\(found(at: index - 1).dropFirst().prefix(1))\" is not an escape sequence", at: start)
    }
  }
}
