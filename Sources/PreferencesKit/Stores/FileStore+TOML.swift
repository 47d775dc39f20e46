// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FileStore {
  /// The bytes that replace the file, which holds `previous` now (`nil` when it is damaged):
  /// for a TOML file that parses, its own bytes with only the changed keys' lines edited
  /// (`TOMLDocument.updated(to:)`), so that every comment and every line a person wrote stays;
  /// for a new TOML file, a document whose header names the application and lists, commented
  /// out, every preference `request` declares with its default (``tomlHeader(for:)``); for
  /// the other formats, a whole new document. `edited`, a TOML document a person wrote, takes
  /// the place of the file's own bytes.
  ///
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/unrepresentableValue`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``, naming the key.
  func fileBytes(
    _ values: [String: PropertyListValue], previous: FileSnapshot?, edited: [UInt8]? = nil,
    request: StoreUpdate, replacing target: String
  ) throws(PreferenceError) -> [UInt8] {
    guard format == .toml else { return try format.encode(values, file: url, replacing: target) }
    do {
      if let source = edited ?? previous?.source {
        return try TOMLDocument(parsing: source).updated(to: values)
      }
      let isNew = previous != nil && previous?.identity == nil
      let bytes = try TOMLWriter.encode(values, comment: isNew ? tomlHeader(for: request) : [])
      // A new file names its published schema on its first line, for TOML editors; a file a
      // person already has never gets the line added.
      guard isNew, let directive = tomlSchemaDirective else { return bytes }
      return Array((directive + "\n").utf8) + bytes
    } catch {
      throw PreferenceError(error, kind: .unrepresentableValue, file: url)
    }
  }

  /// The error of an update of a TOML file that does not parse, which is not rewritten from
  /// what could be salvaged, since that would drop every comment and line a person wrote: it
  /// names the damage's line and column, and says the change waits for the file to parse.
  func damagedTOMLNotRewritten(_ damage: PreferenceError) -> PreferenceError {
    PreferenceError(
      .writeFailed, file: url,
      reason: "the file does not parse (\(damage.reason ?? damage.kind.description)), so it "
        + "was not rewritten, to keep every line in it; fix it (or move it aside) and the "
        + "change is written then")
  }

  /// The comment a new TOML file starts with: the application's name (the name of the folder
  /// holding the file, the identifier for a default store), then each preference the class
  /// declares as a line a person can uncomment, with its default and its description:
  /// `fontSize = 12.0  # Font size in points`. Empty when the update comes from no class.
  func tomlHeader(for request: StoreUpdate) -> [String] {
    guard let entries = request.declarations?.entries, !entries.isEmpty else { return [] }
    let application = url.deletingLastPathComponent().lastPathComponent
    var lines = [
      "Preferences of \(application). Each one it reads is listed below with its default,",
      "commented out: to change one, remove the \"# \" and set the value.",
      "",
    ]
    for entry in entries {
      let key = TOMLWriter.quotedKey(entry.key)
      let value = entry.defaultValue.flatMap { try? TOMLWriter.inlineText(of: $0, key: entry.key) }
      let line = value.map { "\(key) = \($0)" } ?? "\(key) (\(entry.typeName), unset by default)"
      let limit = Self.constraintText(of: entry)
      let note = [entry.help, limit.map { entry.help == nil ? $0 : "(\($0))" }].compactMap { $0 }
      lines.append(line + (note.isEmpty ? "" : "  # " + note.joined(separator: " ")))
    }
    return lines
  }

  /// What `entry` accepts besides its type, in the short form `prefs edit` shows: `8 to 72`,
  /// `one of "light", "dark"`, `at most 3 elements`; `nil` when nothing limits it.
  static func constraintText(of entry: PreferenceSchema.Entry) -> String? {
    let constraints = entry.constraints
    func text(_ value: PropertyListValue) -> String {
      if case .double(let number) = value, number.rounded() == number, abs(number) < 1e15 {
        return String(Int64(number))
      }
      return (try? TOMLWriter.inlineText(of: value, key: entry.key)) ?? "\(value)"
    }
    var parts: [String] = []
    switch (constraints.minimum.map(text), constraints.maximum.map(text)) {
    case (let low?, let high?): parts.append("\(low) to \(high)")
    case (let low?, nil): parts.append("at least \(low)")
    case (nil, let high?): parts.append("at most \(high)")
    case (nil, nil): break
    }
    if let allowed = constraints.allowedValues {
      parts.append("one of " + allowed.map(text).joined(separator: ", "))
    }
    if let count = constraints.maximumCount {
      let noun =
        switch entry.defaultValue {
        case .string?: "characters"
        case .dictionary?: "entries"
        case nil where entry.typeName.hasPrefix("String"): "characters"
        default: "elements"
        }
      parts.append("at most \(count) \(noun)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// Writes `edited`, a TOML document a person wrote (`prefs edit`), in place of the file,
  /// with every guarantee of ``update(_:_:)``: under the file's lock, atomically, after
  /// reading the file again; `transform` turns the file's values as they are then into the
  /// values to write, and the lines of `edited` whose values differ from those are edited, so
  /// that every comment the person wrote stays. Nothing is written when the bytes would not
  /// change.
  ///
  /// - Throws: ``PreferenceError/Kind/writeFailed`` for a file that is not TOML, and as
  ///   ``update(_:_:)`` does, or what `transform` throws.
  @discardableResult
  package func write(
    editedTOML edited: [UInt8], _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    guard format == .toml else {
      throw PreferenceError(.writeFailed, file: url, reason: "the file is not a TOML file")
    }
    return try update(StoreUpdate(), editedTOML: edited, transform)
  }
}
