// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// One `prefs edit`: the text the editor was shown, the store's values it was made from, and
/// how an edited text compares with them.
struct EditSession {
  /// What an edited text holds, once read.
  enum Check {
    /// It does not read as TOML, or changes the library's own keys: each problem on a line.
    case unreadable([String])
    /// It reads, but breaks the published schema: each violation on a line, and the values.
    case violations([String], [String: PropertyListValue])
    /// It reads and breaks nothing.
    case valid([String: PropertyListValue])
  }

  /// The store.
  let location: StoreLocation
  /// The store's values when the editor opened: what a change is checked against, so that a
  /// key the app changed meanwhile is not overwritten unnoticed.
  let base: [String: PropertyListValue]
  /// The schema published beside the store, if any.
  let schema: PublishedSchema?
  /// The text the editor opened.
  let text: [UInt8]
  /// The values of ``text``: an edited value that is the same as these is no change.
  let shown: [String: PropertyListValue]
  /// For a `.toml` file shown as its own text, what ``text`` adds in front of the file's bytes
  /// (the schema's comments) and the byte-order mark it takes away; `nil` otherwise.
  let ownText: (added: [UInt8], byteOrderMark: [UInt8])?

  /// Makes the text: for a `.toml` file that reads, the file's own text; otherwise the
  /// settings written as TOML (values TOML cannot hold are left out and named). The schema's
  /// declared keys come first, as comments.
  ///
  /// - Throws: ``ToolFailure/inputOutput(_:)`` when the text cannot be made.
  init(
    location: StoreLocation, values: [String: PropertyListValue], schema: PublishedSchema?
  ) throws(ToolFailure) {
    self.location = location
    self.base = values
    self.schema = schema
    let declared = (schema?.commentLines ?? []).map { "# " + $0 + "\n" }.joined()
    var text: [UInt8]
    if let url = location.fileURL, url.pathExtension.lowercased() == "toml",
      var bytes = try? [UInt8](Data(contentsOf: url)), (try? TOMLDocument(parsing: bytes)) != nil
    {
      let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
      let hasMark = bytes.starts(with: mark)
      if hasMark { bytes.removeFirst(3) }
      let added = Array(declared.utf8) + (declared.isEmpty ? [] : Array("\n".utf8))
      ownText = (added, hasMark ? mark : [])
      text = added + bytes
    } else {
      ownText = nil
      let settings = values.filter { !$0.key.hasPrefix(ReservedKey.prefix) }
      let writable = settings.filter { (try? TOMLWriter.encode([$0.key: $0.value])) != nil }
      let left = settings.keys.filter { writable[$0] == nil }.sorted()
      var header = [
        "The settings of \(location.displayName), as TOML. Save and quit to write what you",
        "change: only the keys you change, add or remove are written.",
      ]
      if !left.isEmpty {
        header.append(
          "Not shown, since TOML cannot hold them (use prefs write): "
            + left.joined(separator: ", "))
      }
      header += schema.map { [""] + $0.commentLines } ?? []
      do {
        text = try TOMLWriter.encode(writable, comment: header)
      } catch {
        throw .inputOutput("cannot show \(location.displayName) as TOML: \(error)")
      }
    }
    self.text = text
    do {
      shown = try TOMLDocument(parsing: text).values
    } catch {
      throw .inputOutput("cannot read back \(location.displayName) as TOML: \(error)")
    }
  }

  /// Reads an edited text and checks it: TOML errors with their line and column, a changed
  /// library key, and the changed values the published schema forbids.
  func check(_ bytes: [UInt8]) -> Check {
    let document: TOMLDocument
    do {
      document = try TOMLDocument(parsing: bytes)
    } catch {
      let problems = TOMLDocument.salvage(bytes).problems.map(\.description)
      return .unreadable(problems.isEmpty ? ["\(error)"] : problems)
    }
    let changed = changes(to: document.values)
    func place(_ key: String) -> String {
      document.place(of: [key]).map { "line \($0.line), column \($0.column): " } ?? ""
    }
    let reserved = changed.keys.sorted().filter { $0.hasPrefix(ReservedKey.prefix) }
    guard reserved.isEmpty else {
      return .unreadable(
        reserved.map {
          "\(place($0))\($0) is one of the library's own keys; prefs does not change it"
        })
    }
    let violations = validate(document.values.filter { changed[$0.key] != nil })
    guard violations.isEmpty else {
      return .violations(
        violations.map { "\(place($0.key))\($0.key): \($0.message)" }, document.values)
    }
    return .valid(document.values)
  }

  /// The values the published schema forbids among `values`, none without a schema.
  func validate(_ values: [String: PropertyListValue]) -> [PublishedSchema.Violation] {
    schema?.violations(of: values) ?? []
  }

  /// The keys `edited` adds, changes or removes compared with what the editor was shown, and
  /// each one's new value (`nil` to remove it). Base64 text in place of data is data again.
  func changes(to edited: [String: PropertyListValue]) -> [String: PropertyListValue?] {
    var changes: [String: PropertyListValue?] = [:]
    for key in Set(shown.keys).union(edited.keys)
    where !Self.same(shown[key], edited[key]) {
      var value = edited[key]
      if case .data? = base[key], case .string(let text)? = value,
        let bytes = Data(base64Encoded: text)
      {
        value = .data(bytes)
      }
      changes[key] = .some(value)
    }
    return changes
  }

  /// Whether two values, either of which may be missing, are the same as TOML holds them.
  static func same(_ a: PropertyListValue?, _ b: PropertyListValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): TOMLDocument.holdsSame(a, b)
    default: false
    }
  }

  /// The document to write for an edited text of a TOML file shown as its own text: the
  /// text without the comments ``text`` added in front (when the person left them as they
  /// were), with the file's byte-order mark; `nil` for a store shown otherwise.
  func document(from edited: [UInt8]) -> [UInt8]? {
    guard let ownText else { return nil }
    let added = ownText.added
    let body = edited.starts(with: added) ? Array(edited.dropFirst(added.count)) : edited
    return ownText.byteOrderMark + body
  }

  /// The name of the file the editor opens: the store's, ending in `.toml`.
  var fileName: String {
    let name = location.fileURL?.lastPathComponent ?? "preferences"
    return name.lowercased().hasSuffix(".toml") ? name : name + ".toml"
  }
}
