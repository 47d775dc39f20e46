// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Writes a dictionary as an XML property list, the format Apple's tools read and write.
///
/// Keys are sorted so that the file is stable and diffs well. Dates are written to the second
/// (rounded down), as the format holds them. Doubles are written with the shortest text that
/// reads back as exactly the same number; infinities and NaN as `+infinity`, `-infinity`, `nan`.
struct XMLPropertyListWriter {
  private var output: [UInt8] = []

  /// The UTF-8 bytes of the property list.
  ///
  /// - Throws: `.nestingTooDeep` beyond 512 levels,
  ///   `.unrepresentableValue` for a date that is not finite or lies beyond about 31 million
  ///   years from 2001, or a string XML cannot hold; the error's `key` is the top-level key,
  ///   its `path` the place inside that entry.
  static func encode(_ values: [String: PropertyListValue]) throws -> [UInt8] {
    var writer = XMLPropertyListWriter()
    writer.output.reserveCapacity(64 * values.count + 256)
    writer.append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """)
    try writer.write(.dictionary(values))
    writer.append("</plist>\n")
    return writer.output
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func indent(_ level: Int) {
    output.append(contentsOf: repeatElement(0x09, count: level))
  }

  private mutating func write(_ root: PropertyListValue) throws {
    try PropertyListTraversal.walk(root) { traversal, event, level in
      switch event {
      case .begin(let isDictionary, let count):
        indent(level)
        let name = isDictionary ? "dict" : "array"
        append(count == 0 ? "<\(name)/>\n" : "<\(name)>\n")
      case .end(let isDictionary, let count):
        guard count > 0 else { return }
        indent(level)
        append(isDictionary ? "</dict>\n" : "</array>\n")
      case .key(let key, _, _):
        indent(level)
        append("<key>")
        try appendEscaped(key, at: traversal)
        append("</key>\n")
      case .element:
        break
      case .scalar(let value):
        indent(level)
        try write(scalar: value, at: traversal)
      }
    }
  }

  private mutating func write(scalar value: PropertyListValue, at traversal: PropertyListTraversal)
    throws
  {
    switch value {
    case .bool(let flag):
      append(flag ? "<true/>\n" : "<false/>\n")
    case .integer(let number):
      append("<integer>\(number)</integer>\n")
    case .unsignedInteger(let number):
      append("<integer>\(number)</integer>\n")
    case .double(let number):
      append("<real>\(Self.text(for: number))</real>\n")
    case .string(let text):
      append("<string>")
      try appendEscaped(text, at: traversal)
      append("</string>\n")
    case .data(let bytes):
      append("<data>\(bytes.base64EncodedString())</data>\n")
    case .date(let date):
      guard let text = ISO8601Timestamp.string(for: date, withFraction: false) else {
        throw traversal.error(
          .unrepresentableValue, found: "the date \(ISO8601Timestamp.exactText(for: date).text)",
          reason: "an XML property list holds a date to the second, from about 31 million years "
            + "before 2001 to 31 million after, not infinity or NaN; a JSON file (.json) holds "
            + "every date exactly")
      }
      append("<date>\(text)</date>\n")
    case .array, .dictionary:
      break
    }
  }

  /// Escapes markup characters, and writes carriage returns and deletes as numeric references
  /// so that no XML reader normalizes them away.
  ///
  /// - Throws: `.unrepresentableValue` for a character XML 1.0 cannot
  ///   hold at all, even as a reference: a control character other than tab, line feed and
  ///   carriage return, U+FFFE or U+FFFF. A JSON file holds them.
  private mutating func appendEscaped(_ text: String, at traversal: PropertyListTraversal) throws {
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in text.utf8 {
      // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
      let isNoncharacter = previous == (0xEF, 0xBF) && (byte == 0xBE || byte == 0xBF)
      switch byte {
      case UInt8(ascii: "&"): append("&amp;")
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case 0x09, 0x0A: output.append(byte)
      case 0x0D, 0x7F: append("&#\(byte);")
      case 0x00..<0x20: throw Self.unrepresentable(text, at: traversal)
      default:
        guard !isNoncharacter else { throw Self.unrepresentable(text, at: traversal) }
        output.append(byte)
      }
      previous = (previous.1, byte)
    }
  }

  private static func unrepresentable(_ text: String, at traversal: PropertyListTraversal)
    -> PropertyListFormatError
  {
    let shown = text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    return traversal.error(
      .unrepresentableValue, found: "the string \"\(shown.prefix(60))\"",
      reason: "XML 1.0 cannot hold control characters other than tab, line feed and carriage "
        + "return, nor U+FFFE or U+FFFF; a JSON file (.json) can")
  }

  /// The shortest text that reads back as exactly `number`.
  static func text(for number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
    return number.description
  }
}
