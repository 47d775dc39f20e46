// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The format of a property-list document: an XML property list, JSON or TOML.
///
/// `FileStore` chooses it from the file's extension, `FileSyncStore` writes its files in it
/// (JSON when given TOML, which cannot hold every value exactly),
/// `Preferences.exportValues(format:)` writes a document in it, and `prefs export --format`
/// names it. JSON keeps every value exactly, an XML property list keeps dates to the second,
/// and TOML, the format people edit by hand, keeps what a person wrote around the values. The
/// name is the values', not Apple's file's: every format here, JSON and TOML included, holds
/// ``PropertyListValue``s.
///
/// ```swift
/// let backup = try prefs.exportValues(format: .json)
/// ```
public enum PropertyListFormat: Sendable, Hashable, CaseIterable {
  /// An XML property list, as Apple's tools write it; binary property lists are read too,
  /// and a `FileStore` writes a binary file back as binary. XML keeps dates to the second,
  /// finite ones within about 31 million years of 2001.
  case propertyList
  /// JSON, with dates as `{"$date": "..."}` and data as `{"$data": "<base64>"}`. Every value
  /// reads back exactly.
  case json
  /// TOML 1.0.0, for files people edit by hand: a `FileStore` writing a `.toml` file edits
  /// only the lines of the keys that changed, keeping every comment, blank line and key order.
  /// It cannot hold an integer above `Int64.max` or a date outside the years 1 to 9999 (such a
  /// key is left out with an `unrepresentableValue` error); data is written
  /// as base64 text, which a `Data` property reads back; a local date or time, which names no
  /// instant, reads as its text. Every other value reads back exactly.
  case toml

  /// The extension of files in this format, without the dot: `plist`, `json` or `toml`.
  public var fileExtension: String {
    switch self {
    case .propertyList: "plist"
    case .json: "json"
    case .toml: "toml"
    }
  }

  /// The format of a file named with `fileExtension`: JSON for `json`, TOML for `toml` (in any
  /// case), a property list for every other extension.
  package init(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "json": self = .json
    case "toml": self = .toml
    default: self = .propertyList
    }
  }

  /// The format a document's content shows, for documents without a file name: after an
  /// optional UTF-8 byte-order mark and white space, `{` or `[` starts JSON (a TOML document
  /// that starts with a `[table]` header is read as TOML when it is not JSON); a letter, a
  /// digit, `_`, `-`, a quote or a `#` comment starts TOML; `bplist`, `<` and anything else are
  /// read as a property list, whose parser explains what is wrong.
  package init(sniffing bytes: [UInt8]) {
    var content = bytes[...]
    if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
    let first = content.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    switch first.map(Unicode.Scalar.init) {
    case "{", "[": self = .json
    case "#", "\"", "'", "_", "-": self = .toml
    case let scalar?
    where scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9") ~= scalar):
      self = content.starts(with: Array("bplist".utf8)) ? .propertyList : .toml
    default: self = .propertyList
    }
  }

  /// Parses a whole document, whose top level must be a dictionary.
  ///
  /// - Throws: A ``PropertyListFormatError`` of kind `.corruptFile` or `.nestingTooDeep`.
  package func decode(_ bytes: [UInt8]) throws -> [String: PropertyListValue] {
    // An empty TOML document is an empty table, as a person's new, empty file is.
    guard !bytes.isEmpty || self == .toml else {
      throw PropertyListFormatError(.corruptFile, reason: "the file is empty (0 bytes)")
    }
    let root: PropertyListValue
    switch self {
    case .json:
      root = try JSONPropertyListParser.parse(bytes)
    case .toml:
      root = .dictionary(try TOMLDocument.decode(bytes))
    case .propertyList:
      if bytes.starts(with: Array("bplist".utf8)) {
        root = try BinaryPropertyListParser.parse(bytes)
      } else {
        root = try XMLPropertyListParser.parse(bytes)
      }
    }
    guard case .dictionary(let values) = root else {
      throw PropertyListFormatError(
        .corruptFile, expected: "a dictionary at the top level", found: root.kindName)
    }
    return values
  }

  /// The bytes of a document holding `values`.
  ///
  /// - Throws: A ``PropertyListFormatError`` of kind `.nestingTooDeep` or
  ///   `.unrepresentableValue`, whose `key` and `path` say which value.
  package func encode(_ values: [String: PropertyListValue]) throws -> [UInt8] {
    try encode(values, binary: false)
  }

  /// The bytes of a document holding `values`: for a property list, a binary one when
  /// `binary` is true (which holds every value, dates exactly), otherwise XML.
  ///
  /// - Throws: As ``encode(_:)``; a binary property list refuses only nesting too deep.
  package func encode(_ values: [String: PropertyListValue], binary: Bool) throws -> [UInt8] {
    switch self {
    case .json: try JSONPropertyListWriter.encode(values)
    // An empty TOML document is no bytes, which reads back as an empty file: a comment makes
    // it a document that an import recognizes as TOML.
    case .toml where values.isEmpty: Array("# No values.\n".utf8)
    case .toml: try TOMLWriter.encode(values)
    case .propertyList where binary: try BinaryPropertyListWriter.encode(values)
    case .propertyList: try XMLPropertyListWriter.encode(values)
    }
  }

  /// `value` as a document in this format holds it: for an XML property list, every date
  /// rounded down to the second, which is all the format keeps; for TOML, which has no data
  /// type, data as its base64 text; JSON keeps every value exactly.
  package func storedForm(of value: PropertyListValue) -> PropertyListValue {
    switch self {
    case .json: value
    case .propertyList: Self.rewriting(value, Self.wholeSeconds) ?? value
    case .toml: Self.rewriting(value, Self.base64Text) ?? value
    }
  }

  /// Whether a document in this format holds `value` exactly: false for an XML property list
  /// and a value holding a date with a fraction of a second, and for TOML and one holding data.
  package func holdsExactly(_ value: PropertyListValue) -> Bool {
    switch self {
    case .json: true
    case .propertyList: Self.rewriting(value, Self.wholeSeconds) == nil
    case .toml: Self.rewriting(value, Self.base64Text) == nil
    }
  }

  /// A date rounded down to the second, or `nil` when it is whole (or not a date).
  private static func wholeSeconds(_ value: PropertyListValue) -> PropertyListValue? {
    guard case .date(let date) = value else { return nil }
    let interval = date.timeIntervalSinceReferenceDate
    let whole = interval.rounded(.down)
    guard interval.isFinite, whole != interval else { return nil }
    return .date(Date(timeIntervalSinceReferenceDate: whole))
  }

  /// Data as its base64 text, or `nil` for any other value.
  private static func base64Text(_ value: PropertyListValue) -> PropertyListValue? {
    guard case .data(let data) = value else { return nil }
    return .string(data.base64EncodedString())
  }

  /// `value` with `leaf` applied to every value inside it, or `nil` when `leaf` changes none:
  /// containers are rebuilt only when a value inside them changes, so a write of a large
  /// array costs no copy.
  private static func rewriting(
    _ value: PropertyListValue, _ leaf: (PropertyListValue) -> PropertyListValue?
  ) -> PropertyListValue? {
    switch value {
    case .array(var elements):
      var changed = false
      for index in elements.indices {
        if let new = rewriting(elements[index], leaf) {
          elements[index] = new
          changed = true
        }
      }
      return changed ? .array(elements) : nil
    case .dictionary(var entries):
      var changed = false
      for (key, entry) in entries {
        if let new = rewriting(entry, leaf) {
          entries[key] = new
          changed = true
        }
      }
      return changed ? .dictionary(entries) : nil
    default:
      return leaf(value)
    }
  }
}

extension PropertyListFormat {
  /// Salvages what it can from a file that ``decode(_:)`` refused: every top-level entry
  /// that parses on its own (all of them, when the file parses whole). Never throws and never
  /// traps, whatever the bytes.
  ///
  /// A damaged entry is skipped and reading resumes at the next top-level key: for TOML, the
  /// next line that parses (``TOMLDocument/salvage(_:)``); for another text format, the next
  /// line indented as the file's first key was (how Apple's tools and ours write files),
  /// otherwise the next key outside any array or dictionary. In a binary file,
  /// each entry whose references all lead to valid objects is kept. An entry whose key was read
  /// but whose value was not is listed in ``SalvagedValues/lostKeys``.
  package func salvage(_ bytes: [UInt8]) -> SalvagedValues {
    // Layout-based resynchronization can misjudge an odd but valid file: it only runs on
    // files that do not parse.
    if let values = try? decode(bytes) { return SalvagedValues(values: values) }
    return switch self {
    case .json: JSONPropertyListParser.salvage(bytes)
    case .toml: TOMLDocument.salvage(bytes).values
    case .propertyList:
      bytes.starts(with: Array("bplist".utf8))
        ? BinaryPropertyListParser.salvage(bytes) : XMLPropertyListParser.salvage(bytes)
    }
  }
}
