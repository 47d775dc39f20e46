// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A TOML 1.0.0 document read without loss: its values, and for each key-value and each table
/// header the bytes that spell it, so that an edit rewrites only the lines of what changed.
///
/// ```swift
/// let document = try TOMLDocument(parsing: Array("port = 80 # default\n".utf8))
/// document.values  // ["port": .integer(80)]
/// let bytes = try document.updated(to: ["port": .integer(8080)])  // "port = 8080 # default\n"
/// ```
///
/// Values map to ``PropertyListValue``: strings, 64-bit integers, floats (`inf` and `nan`
/// included), Booleans, arrays, and tables and arrays of tables as dictionaries and arrays. An
/// offset date-time is a `.date`; a local date, time or date-time, which names no instant, is
/// the `.string` of its RFC 3339 text (`1979-05-27T07:32:00`, `07:32:00`, `1979-05-27`).
package struct TOMLDocument: Sendable {
  /// A key-value of a section (not one inside an inline table): where its parts are.
  struct Entry: Sendable {
    /// Where the value is in the document: its section's path and then the (dotted) key.
    var path: [TOMLPathComponent]
    /// The key as written, dotted keys and quotes included.
    var keyRange: Range<Int>
    /// The value as written, up to its last byte.
    var valueRange: Range<Int>
    /// The comment after the value on its last line, `#` included.
    var commentRange: Range<Int>?
    /// The whole lines of the key-value, from the start of the key's line to after the line
    /// break that ends it (or the end of the file).
    var lineRange: Range<Int>
    /// The section the key-value is in: 0 for the top level, otherwise its header's index + 1.
    var section: Int
  }

  /// The top level (section 0) or a `[table]` or `[[array of tables]]` header and what follows.
  struct Section: Sendable {
    /// Where the section's table is: for an array of tables, with the element's index.
    var path: [TOMLPathComponent]
    /// The header's line, empty at the top level.
    var lineRange: Range<Int>
  }

  /// The document's bytes.
  let bytes: [UInt8]
  /// Every key-value of a section, in document order.
  let entries: [Entry]
  /// The top level, then every header in document order.
  let sections: [Section]
  /// The document's structure.
  let root: TOMLNode
  /// The last key-value of each section that has one.
  let lastEntryOfSection: [Int: Int]
  /// The line ending the document uses: CRLF when its first line ends so, otherwise LF.
  let lineEnding: [UInt8]

  /// The document's top-level values.
  package let values: [String: PropertyListValue]

  /// The document's top-level keys, in document order.
  package var keys: [String] { root.keys }

  /// Reads a TOML 1.0.0 document.
  ///
  /// - Throws: A ``PropertyListFormatError`` of kind `.corruptFile`, whose reason names the
  ///   line and column, what was expected and what was found; `.nestingTooDeep` beyond
  ///   64 levels of tables and arrays (``TOMLParser/maximumDepth``).
  package init(parsing bytes: [UInt8]) throws {
    var parser = TOMLParser(bytes: bytes, salvaging: false)
    try parser.parseDocument()
    self.init(parser)
  }

  init(_ parser: TOMLParser) {
    bytes = parser.bytes
    entries = parser.entries
    sections = parser.sections
    root = parser.root
    if case .dictionary(let values) = parser.root.value {
      self.values = values
    } else {
      values = [:]
    }
    var lastEntries: [Int: Int] = [:]
    for (index, entry) in parser.entries.enumerated() { lastEntries[entry.section] = index }
    lastEntryOfSection = lastEntries
    let bytes = parser.bytes
    let firstBreak = bytes.firstIndex(of: 0x0A) ?? 0
    lineEnding = firstBreak > 0 && bytes[firstBreak - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
  }

  /// Reads a TOML document into its top-level values.
  ///
  /// - Throws: As ``init(parsing:)``.
  package static func decode(_ bytes: [UInt8]) throws -> [String: PropertyListValue] {
    try TOMLDocument(parsing: bytes).values
  }
}

extension TOMLDocument {
  /// Where the value at `keys` is written, for a problem a person can find: the line and
  /// column (counted from 1) of its value; for a table, of its header (or the first header or
  /// key-value under it); `nil` when the document does not hold it.
  ///
  /// ```swift
  /// let document = try TOMLDocument(parsing: Array("[window]\nwidth = 'wide'\n".utf8))
  /// document.place(of: ["window", "width"])  // (line: 2, column: 9)
  /// ```
  package func place(of keys: [String]) -> (line: Int, column: Int)? {
    func names(_ path: [TOMLPathComponent]) -> [String] {
      path.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }
    let entry = entries.first { names($0.path).starts(with: keys) }
    let header =
      sections.dropFirst().first { names($0.path) == keys }
      ?? sections.dropFirst().first { names($0.path).starts(with: keys) }
    let offset: Int
    if let entry, names(entry.path) == keys {
      offset = entry.valueRange.lowerBound
    } else if let header {
      offset = header.lineRange.lowerBound
    } else if let entry {
      offset = entry.keyRange.lowerBound
    } else {
      return nil
    }
    let place = ByteText.Place(of: offset, in: bytes)
    return (place.line, place.column)
  }
}
