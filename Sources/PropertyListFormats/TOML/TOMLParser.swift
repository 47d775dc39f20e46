// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Reads TOML 1.0.0 into a ``TOMLDocument``'s parts, without losing where anything is.
///
/// A byte-level recursive-descent parser: inline arrays and tables recurse, at most
/// ``maximumDepth`` levels (counting the keys of the table they are in), and every loop
/// advances, so no input makes the work grow faster than its length.
struct TOMLParser {
  let bytes: [UInt8]
  var index = 0
  var root = TOMLNode(.table(.root))
  var entries: [TOMLDocument.Entry] = []
  var sections = [TOMLDocument.Section(path: [], lineRange: 0..<0)]
  /// The section the key-values being read belong to; `nil` after a damaged header, in salvage.
  var current: Int? = 0
  /// When salvaging, a damaged line is skipped and described here instead of ending the read.
  let salvaging: Bool
  var problems: [PropertyListFormatError] = []
  /// The top-level key of the key-value being read, until its value is read.
  var pendingKey: String?
  /// In salvage, the top-level keys whose key was read and value was not.
  var lostKeys: [String] = []

  init(bytes: [UInt8], salvaging: Bool) {
    self.bytes = bytes
    self.salvaging = salvaging
  }

  /// An error at `offset` (the current place by default): `not valid TOML at line L, column C
  /// (byte B): <message>`.
  func fail(_ message: String, at offset: Int? = nil) -> PropertyListFormatError {
    // Salvage past its limit of problems skips finding each one's line, which takes a scan.
    guard !salvaging || problems.count < Self.problemLimit else {
      return PropertyListFormatError(.corruptFile, reason: message, byteOffset: offset ?? index)
    }
    return PropertyListFormatError(
      .corruptFile, "not valid TOML", at: offset ?? index, in: bytes, message: message)
  }

  /// The deepest nesting of tables and arrays TOML documents may have, read or written: lower
  /// than the other formats' 512, since the TOML reader, editor and writer recurse, and 64
  /// levels fit the 512 KiB stack of a secondary thread on Apple platforms even in a debug
  /// build (`DeepNestingTests`). Settings nest a few levels.
  static let maximumDepth = 64

  /// The error for nesting deeper than ``maximumDepth`` at `offset`.
  func tooDeep(at offset: Int) -> PropertyListFormatError {
    PropertyListFormatError(
      .nestingTooDeep, "refused", at: offset, in: bytes,
      message: "TOML documents nest at most \(Self.maximumDepth) levels",
      expected: "at most \(Self.maximumDepth) levels of nesting")
  }

  /// The most problems salvage describes, so that a file of damaged lines costs time in
  /// proportion to its size.
  static let problemLimit = 100

  /// An error saying what was expected here and what is here instead.
  func expected(_ what: String, at offset: Int? = nil) -> PropertyListFormatError {
    let place = offset ?? index
    return fail("expected \(what), found \(found(at: place))", at: place)
  }

  /// What is at `offset`, for messages: `the end of the file`, `a line break` or an excerpt.
  func found(at offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the file" }
    if bytes[offset] == 0x0A || bytes[offset] == 0x0D { return "a line break" }
    return ByteText.excerpt(at: offset, in: bytes)
  }

  var byte: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func parseDocument() throws {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    if let invalid = Self.firstInvalidUTF8(in: bytes, from: index) {
      let error = fail("the bytes are not valid UTF-8", at: invalid)
      guard salvaging else { throw error }
      problems.append(error)
    }
    while index < bytes.count {
      let lineStart = index
      do {
        try parseLine()
      } catch let error as PropertyListFormatError {
        guard salvaging else { throw error }
        if problems.count < Self.problemLimit { problems.append(error) }
        if let pendingKey { lostKeys.append(pendingKey) }
        index = max(index, lineStart)
        skipLine()
      }
    }
  }

  /// Reads one line: blank, a comment, a header or a key-value (which may span lines).
  private mutating func parseLine() throws {
    let lineStart = index
    pendingKey = nil
    skipSpaces()
    switch byte {
    case nil, UInt8(ascii: "#"), 0x0A, 0x0D:
      _ = try endOfLine()
    case UInt8(ascii: "["):
      try parseHeader(lineStart: lineStart)
    default:
      try parseEntry(lineStart: lineStart)
    }
  }

  private mutating func parseHeader(lineStart: Int) throws {
    let isArray = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "[")
    current = nil
    index += isArray ? 2 : 1
    skipSpaces()
    let keyStart = index
    let (keys, _) = try parseKey()
    guard keys.count < Self.maximumDepth else { throw tooDeep(at: keyStart) }
    skipSpaces()
    for closer in isArray ? "]]" : "]" {
      guard byte == closer.asciiValue else { throw expected("\"\(isArray ? "]]" : "]")\"") }
      index += 1
    }
    let lineEnd = try endOfLine().lineEnd
    var path: [TOMLPathComponent] = []
    do {
      try root.openHeader(keys[...], isArray: isArray, section: sections.count, path: &path)
    } catch {
      throw fail(error.message, at: keyStart)
    }
    current = sections.count
    sections.append(TOMLDocument.Section(path: path, lineRange: lineStart..<lineEnd))
  }

  private mutating func parseEntry(lineStart: Int) throws {
    let keyStart = index
    let (keys, keyEnd) = try parseKey()
    skipSpaces()
    guard byte == UInt8(ascii: "=") else { throw expected("\"=\" after the key") }
    index += 1
    skipSpaces()
    let valueStart = index
    guard let section = current else {
      throw fail("the key-value belongs to the damaged header above it", at: keyStart)
    }
    let sectionPath = sections[section].path
    if case .key(let key) = sectionPath.first ?? .key(keys[0]) { pendingKey = key }
    let depth = sectionPath.count + keys.count
    guard depth < Self.maximumDepth else { throw tooDeep(at: keyStart) }
    let value = try parseValue(depth: depth)
    let valueEnd = index
    let (comment, lineEnd) = try endOfLine()
    pendingKey = nil
    do {
      let entry = entries.count
      try root.withNode(at: sectionPath[...]) { table in
        try table.define(keys[...], as: value, entry: entry, section: section)
      }
    } catch let violation as TOMLNode.Violation {
      throw fail(violation.message, at: keyStart)
    }
    let path = sectionPath + keys.map { TOMLPathComponent.key($0) }
    entries.append(
      TOMLDocument.Entry(
        path: path, keyRange: keyStart..<keyEnd, valueRange: valueStart..<valueEnd,
        commentRange: comment, lineRange: lineStart..<lineEnd, section: section))
  }

  /// Reads spaces, an optional comment and the line break (or the end of the file) that must
  /// end a line. Returns the comment's range and the offset after the line break.
  mutating func endOfLine() throws -> (comment: Range<Int>?, lineEnd: Int) {
    skipSpaces()
    var comment: Range<Int>?
    if byte == UInt8(ascii: "#") {
      let start = index
      try skipComment()
      comment = start..<index
    }
    switch byte {
    case nil: return (comment, index)
    case 0x0A:
      index += 1
    case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
      index += 2
    case 0x0D:
      throw fail("a carriage return must be followed by a line feed")
    default:
      throw expected("a line break or a comment after the \(comment == nil ? "value" : "comment")")
    }
    return (comment, index)
  }

  /// Skips a `#` comment up to its line break, refusing control characters in it.
  mutating func skipComment() throws {
    index += 1
    while let byte, byte != 0x0A {
      if byte == 0x0D {
        guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
          throw fail("a carriage return must be followed by a line feed")
        }
        return
      }
      guard !Self.isControl(byte) else { throw fail("a control character in a comment") }
      index += 1
    }
  }

  mutating func skipSpaces() {
    while let byte, byte == 0x20 || byte == 0x09 { index += 1 }
  }

  /// Moves past the next line feed at or after the current place.
  mutating func skipLine() {
    while let byte, byte != 0x0A { index += 1 }
    if index < bytes.count { index += 1 }
  }

  /// A control character TOML forbids in comments and strings: all but tab.
  static func isControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09) || byte == 0x7F
  }

  /// The offset of the first byte that is not valid UTF-8, or `nil`.
  static func firstInvalidUTF8(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let (count, minimum): (Int, UInt32) =
        switch lead {
        case 0xC2...0xDF: (2, 0x80)
        case 0xE0...0xEF: (3, 0x800)
        case 0xF0...0xF4: (4, 0x10000)
        default: (0, 0)
        }
      guard count > 0, index + count <= bytes.count else { return index }
      var scalar = UInt32(lead) & (0xFF >> (count + 1))
      for offset in 1..<count {
        let next = bytes[index + offset]
        guard next & 0xC0 == 0x80 else { return index }
        scalar = scalar << 6 | UInt32(next & 0x3F)
      }
      guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
        return index
      }
      index += count
    }
    return nil
  }
}
