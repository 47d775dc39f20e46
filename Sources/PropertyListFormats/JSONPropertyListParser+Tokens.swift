// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension JSONPropertyListParser {
  func fail(_ message: String, at offset: Int? = nil) -> PropertyListFormatError {
    PropertyListFormatError(
      .corruptFile, "not valid JSON", at: offset ?? index, in: bytes, message: message)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Reads `true` or `false`; `null` and anything else fail.
  mutating func readLiteral() throws -> PropertyListValue {
    for (word, value) in [("true", true), ("false", false)]
    where bytes[index...].starts(with: word.utf8) {
      index += word.utf8.count
      return .bool(value)
    }
    if bytes[index...].starts(with: "null".utf8) {
      throw PropertyListFormatError(
        .corruptFile, "null is not a property-list value", at: index, in: bytes,
        message: "remove the key instead")
    }
    throw fail("expected a value, found \(ByteText.excerpt(at: index, in: bytes))")
  }

  /// Reads a number: an integer when it has neither a fraction nor an exponent.
  mutating func readNumber() throws -> PropertyListValue {
    let start = index
    var isInteger = true
    func digits() -> Int {
      let first = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      return index - first
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0, bytes[integerStart] != 0x30 || integerDigits == 1 else {
      throw fail("a malformed number", at: start)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits() > 0 else { throw fail("a number with no digits after \".\"", at: start) }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw fail("a number with no digits in its exponent", at: start) }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger {
      guard let number = ByteText.integer(Substring(text)) else {
        throw fail(
          "the integer \(text.prefix(40)) is outside -2^63...2^64-1, the integers property "
            + "lists hold", at: start)
      }
      return number
    }
    guard let number = Double(text) else { throw fail("a malformed number", at: start) }
    return .double(number)
  }

  /// Reads a string in double quotes, resolving escapes.
  mutating func readString() throws -> String {
    let start = index
    index += 1
    var text: [UInt8] = []
    while true {
      guard index < bytes.count else { throw fail("a string that never ends", at: start) }
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = ByteText.string(text[...]) else {
          throw fail("a string that is not valid UTF-8", at: start)
        }
        return string
      case UInt8(ascii: "\\"):
        try readEscape(into: &text)
      case 0x00..<0x20:
        throw fail("a control character inside a string; write it as \\u00XX", at: index - 1)
      default:
        text.append(byte)
      }
    }
  }

  private mutating func readEscape(into text: inout [UInt8]) throws {
    guard index < bytes.count else { throw fail("a string that never ends") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      var code = try readHex4()
      if (0xD800..<0xDC00).contains(code) {
        guard bytes[index...].starts(with: "\\u".utf8) else {
          throw fail("an unpaired surrogate \\u\(String(code, radix: 16))")
        }
        index += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw fail("an unpaired surrogate") }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(code) else { throw fail("an unpaired surrogate") }
      text.append(contentsOf: String(Character(scalar)).utf8)
    default:
      throw fail("an unknown escape \\\(Character(UnicodeScalar(byte)))", at: index - 2)
    }
  }

  private mutating func readHex4() throws -> UInt32 {
    guard index + 4 <= bytes.count,
      let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16),
      bytes[index..<(index + 4)].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else { throw fail("a \\u escape without four hexadecimal digits") }
    index += 4
    return code
  }
}
