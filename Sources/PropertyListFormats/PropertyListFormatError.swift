// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Why a document could not be read or written, with where in its bytes the problem is.
///
/// PreferencesKit turns it into a `PreferenceError` naming the file; ``reason`` is written to
/// read well there: `not valid JSON at line 3, column 7 (byte 41): expected a value`.
package struct PropertyListFormatError: Error, Sendable, Hashable {
  /// What kind of failure this is.
  package enum Kind: Sendable, Hashable {
    /// The bytes are not a document of the format.
    case corruptFile
    /// The document nests more deeply than the readers and writers accept.
    case nestingTooDeep
    /// A value has no form in the format, such as an infinite date in XML.
    case unrepresentableValue
  }

  /// What kind of failure this is.
  package var kind: Kind
  /// For a writer, the top-level key of the entry that cannot be written.
  package var key: String?
  /// For a writer, where inside that entry the value is, such as `.address.city` or `[2]`.
  package var path: String?
  /// What was expected.
  package var expected: String?
  /// What was found instead.
  package var found: String?
  /// What is wrong, in words, including the place for a parser's error.
  package var reason: String?
  /// The line of a text document the problem is on, counted from 1.
  package var line: Int?
  /// The column on that line, in bytes, counted from 1.
  package var column: Int?
  /// The offset in the document's bytes, counted from 0.
  package var byteOffset: Int?

  package init(
    _ kind: Kind, key: String? = nil, path: String? = nil, expected: String? = nil,
    found: String? = nil, reason: String? = nil, byteOffset: Int? = nil
  ) {
    self.kind = kind
    self.key = key
    self.path = path
    self.expected = expected
    self.found = found
    self.reason = reason
    self.byteOffset = byteOffset
  }

  /// An error at byte `offset` of a text document, whose reason reads
  /// `<what> at line L, column C (byte B): <message>`.
  ///
  /// - Parameters:
  ///   - kind: What kind of failure this is.
  ///   - what: What the document is not, such as `not valid JSON`; or what happened there.
  ///   - offset: Where the problem is.
  ///   - bytes: The whole document.
  ///   - message: What is wrong at that place; nothing when `what` says it all.
  ///   - expected: What was expected.
  package init(
    _ kind: Kind, _ what: String, at offset: Int, in bytes: [UInt8], message: String? = nil,
    expected: String? = nil
  ) {
    let place = ByteText.Place(of: offset, in: bytes)
    self.init(
      kind, expected: expected,
      reason: "\(what) at \(place)" + (message.map { ": " + $0 } ?? ""), byteOffset: place.offset)
    line = place.line
    column = place.column
  }
}

extension PropertyListFormatError: CustomStringConvertible {
  /// What was expected, what was found and why, such as
  /// `not valid JSON at line 1, column 2 (byte 1): expected a string key`.
  package var description: String {
    var parts: [String] = []
    if let key { parts.append("at \"\(key)\"" + (path ?? "")) }
    if let expected { parts.append("expected \(expected)") }
    if let found { parts.append("found \(found)") }
    if let reason { parts.append(reason) }
    return parts.joined(separator: ", ")
  }
}
