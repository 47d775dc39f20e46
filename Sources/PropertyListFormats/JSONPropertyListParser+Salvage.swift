// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension JSONPropertyListParser {
  /// Every entry of the top-level object that parses on its own; see
  /// ``PropertyListFormat/salvage(_:)``.
  static func salvage(_ bytes: [UInt8]) -> SalvagedValues {
    var parser = JSONPropertyListParser(bytes: bytes)
    var salvage = SalvagedValues()
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") else {
      return salvage
    }
    parser.index += 1
    var lineStart: [UInt8]?
    while true {
      parser.skipWhitespace()
      guard parser.index < bytes.count, bytes[parser.index] != UInt8(ascii: "}") else { break }
      if bytes[parser.index] == UInt8(ascii: ",") {
        parser.index += 1
        continue
      }
      let entryStart = parser.index
      if lineStart == nil { lineStart = TextSalvage.lineStart(before: entryStart, in: bytes) }
      guard bytes[entryStart] == UInt8(ascii: "\""), let key = try? parser.readString() else {
        guard parser.resynchronize(from: entryStart + 1, lineStart: lineStart) else { break }
        continue
      }
      let valueStart = parser.index
      do {
        try parser.readEntry(key, lineStart: lineStart)
        salvage.keep(key, parser.builder.entryValue)
      } catch {
        salvage.lostKeys.append(key)
        guard parser.resynchronize(from: valueStart, lineStart: lineStart) else { break }
      }
    }
    // As in a whole file, a lone key starting with `$$` had one `$` added by the writer.
    if salvage.values.count == 1, let (key, value) = salvage.values.first, key.hasPrefix("$$") {
      salvage.values = [String(key.dropFirst()): value]
    }
    return salvage
  }

  /// Reads `: value` into an entry builder for `key`.
  private mutating func readEntry(_ key: String, lineStart: [UInt8]?) throws {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("no \":\"") }
    index += 1
    builder = .entry(key)
    var expectation = Expectation.value
    while builder.entryValue == nil {
      skipWhitespace()
      guard index < bytes.count else { throw fail("the file ends in the middle of a value") }
      if builder.depth > 1, bytes[index] == UInt8(ascii: "\""),
        TextSalvage.isTopLevel(index, lineStart: lineStart, in: bytes)
      {
        throw fail("a top-level key inside a value")
      }
      expectation = try step(expectation)
    }
    // Only a following byte shows that a number is whole: `1` cut from `14.5` reads as 1.
    switch builder.entryValue {
    case .integer, .unsignedInteger, .double:
      skipWhitespace()
      guard index < bytes.count,
        bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "}")
      else { throw fail("a number not followed by \",\" or \"}\": it may have been cut short") }
    default:
      break
    }
  }

  /// Moves to the next top-level key at or after `offset`: the next line that starts as the
  /// first key's did, or else the place after the next `,` outside any string or container
  /// opened after `offset`. Returns `false` when there is none.
  private mutating func resynchronize(from offset: Int, lineStart: [UInt8]?) -> Bool {
    if let lineStart, lineStart.count > 1 {
      guard let next = TextSalvage.next(lineStart, "\"", from: offset, in: bytes) else {
        return false
      }
      index = next
      return true
    }
    var depth = 0
    var inString = false
    index = offset
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inString {
        if byte == UInt8(ascii: "\\") { index += 1 }
        if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth < 0 {
          index -= 1
          return true
        }
      case UInt8(ascii: ",") where depth == 0: return true
      default: break
      }
    }
    return false
  }
}
