// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation

extension PreferenceError {
  /// The error a reader or writer of `PropertyListFormats` reports, as a `PreferenceError`
  /// naming `file`: the same kind, value and place, and a reason that keeps the line and column.
  ///
  /// - Parameters:
  ///   - error: The format's error.
  ///   - file: The file being read or written, if there is one.
  package init(_ error: PropertyListFormatError, file: URL?) {
    let kind: Kind =
      switch error.kind {
      case .corruptFile: .corruptFile
      case .nestingTooDeep: .nestingTooDeep
      case .unrepresentableValue: .unrepresentableValue
      }
    self.init(
      kind, key: error.key, file: file, path: error.path, expected: error.expected,
      found: error.found, reason: error.reason)
  }

  /// `error` as a `PreferenceError` naming `file`: a format's error mapped, a
  /// `PreferenceError` with its file set, anything else as an error of `kind`.
  package init(_ error: any Error, kind: Kind, file: URL?) {
    if let error = error as? PropertyListFormatError {
      self.init(error, file: file)
    } else {
      self.init(error, kind: kind)
      self.file = file
    }
  }
}

extension PropertyListFormat {
  /// Parses a whole document, whose top level must be a dictionary.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - file: The file it was read from, which errors name.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/corruptFile`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``.
  package func decode(
    _ bytes: [UInt8], file: URL?
  ) throws(PreferenceError) -> [String: PropertyListValue] {
    do {
      return try decode(bytes)
    } catch {
      throw PreferenceError(error, kind: .corruptFile, file: file)
    }
  }

  /// Parses a document without a file name, in the format its content shows
  /// (`PropertyListFormat(sniffing:)`), as imports read them. An error says which format was tried and
  /// why, so that a JSON document with a stray first character does not read as a property
  /// list's complaint alone.
  ///
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/corruptFile`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``.
  package static func decodeDocument(
    _ bytes: [UInt8]
  ) throws(PreferenceError) -> [String: PropertyListValue] {
    let format = PropertyListFormat(sniffing: bytes)
    do {
      return try format.decode(bytes, file: nil)
    } catch {
      guard !bytes.isEmpty, error.kind == .corruptFile else { throw error }
      // A TOML document may start with a `[table]` header, as a JSON array starts.
      if format == .json, let values = try? PropertyListFormat.toml.decode(bytes) {
        return values
      }
      let tried =
        switch format {
        case .json: "read as JSON, since it starts with { or ["
        case .toml: "read as TOML, since it starts with a key or a comment"
        case .propertyList where bytes.starts(with: Array("bplist".utf8)):
          "read as a binary property list, since it starts with bplist"
        case .propertyList:
          "read as an XML property list, since it does not start with { or [ as JSON does"
        }
      var named = error
      named.reason = [tried, error.reason].compactMap { $0 }.joined(separator: ": ")
      throw named
    }
  }

  /// The bytes of a document holding `values`, to replace the file at `path` when given: a
  /// binary property list when that file is one, as macOS `defaults` keeps its files binary,
  /// so that a value only the binary format holds (an infinite date) never blocks a write.
  ///
  /// - Parameters:
  ///   - values: The document's top-level entries.
  ///   - file: The file they are for, which errors name.
  ///   - path: The file the bytes replace, if any.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/unrepresentableValue`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``, naming the key.
  package func encode(
    _ values: [String: PropertyListValue], file: URL?, replacing path: String? = nil
  ) throws(PreferenceError) -> [UInt8] {
    let binary = self == .propertyList && path.map(Self.isBinaryFile(atPath:)) == true
    do {
      return try encode(values, binary: binary)
    } catch {
      throw PreferenceError(error, kind: .unrepresentableValue, file: file)
    }
  }

  /// Whether the file at `path` starts as a binary property list does; false when it cannot
  /// be read. A FIFO put in its place reads as not binary rather than hanging, and the peek
  /// is its own call to the failure seam (``Syscalls/Call/peek``): a failure a test plans for
  /// the next `open` reaches the write's own.
  static func isBinaryFile(atPath path: String) -> Bool {
    (try? Syscalls.peekBytes(atPath: path, count: 6)) == Array("bplist".utf8)
  }
}
