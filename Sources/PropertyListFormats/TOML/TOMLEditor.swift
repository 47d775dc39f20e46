// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Rewrites a ``TOMLDocument`` for new values, changing only the lines of what changed.
///
/// A changed value is rewritten in place in its plain form, keeping its key, its comment and
/// every other byte of its lines; a removed key loses its own lines (key-values and headers);
/// a new key goes after the last key-value of its table (see ``TOMLDocument/updated(to:)``).
/// Tables and arrays of tables are compared field by field, so a change deep inside one changes
/// one line. Inserted lines use the document's line ending.
struct TOMLEditor {
  let document: TOMLDocument
  /// Replacements of byte ranges (an empty range inserts), applied together at the end.
  var edits: [(range: Range<Int>, text: String)] = []
  /// The edits that append sections at the end, which go after every other edit there (a key
  /// added to the last table must stay in it).
  var appendedSections: Set<Int> = []

  init(_ document: TOMLDocument) { self.document = document }

  /// Makes the table `node`, at `path`, hold `values`.
  mutating func reconcile(
    _ node: TOMLNode, at path: [TOMLPathComponent],
    with values: [String: PropertyListValue]
  ) throws {
    for key in node.keys {
      let child = node.children[key]!
      guard let value = values[key] else {
        remove(child)
        continue
      }
      guard !Self.same(child.value, value) else { continue }
      let childPath = path + [.key(key)]
      switch (child.kind, value) {
      case (.value(_, let entry), _):
        let range = document.entries[entry].valueRange
        edits.append((range, try text(of: value, at: childPath)))
      case (.table(let origin), .dictionary(let table))
      where !table.isEmpty || origin != .implicit && !Self.isDotted(origin):
        try reconcile(child, at: childPath, with: table)
      case (.arrayOfTables, .array(let elements))
      where !elements.isEmpty && TOMLWriter.isSection(value)
        && (elements.count <= child.elements.count || isLastEverywhere(childPath)):
        for (index, element) in child.elements.enumerated() {
          guard index < elements.count, case .dictionary(let table) = elements[index] else {
            remove(element)
            continue
          }
          try reconcile(element, at: childPath + [.index(index)], with: table)
        }
        if elements.count > child.elements.count {
          try appendSections(.array(Array(elements[child.elements.count...])), at: childPath)
        }
      default:
        remove(child)
        try add(key, value, to: node, at: path)
      }
    }
    for key in values.keys.sorted() where node.children[key] == nil {
      try add(key, values[key]!, to: node, at: path)
    }
  }

  private static func isDotted(_ origin: TOMLNode.Origin) -> Bool {
    if case .dotted = origin { return true }
    return false
  }

  /// Removes the lines of every key-value and header at or under `node`.
  private mutating func remove(_ node: TOMLNode) {
    var entries: [Int] = []
    var sections: [Int] = []
    node.collect(entries: &entries, sections: &sections)
    for entry in entries { edits.append((document.entries[entry].lineRange, "")) }
    for section in sections { edits.append((document.sections[section].lineRange, "")) }
  }

  /// The inline text of `value`, the value at `path`.
  func text(of value: PropertyListValue, at path: [TOMLPathComponent]) throws -> String {
    let names = path.map { component -> String in
      switch component {
      case .key(let key): key
      case .index(let index): "[\(index)]"
      }
    }
    return try TOMLWriter.inlineText(
      of: value, key: names.first ?? "", path: Array(names.dropFirst()))
  }

  /// Whether every array-of-tables element on `path` is its array's last, so that a header
  /// spelling `path`'s keys names it.
  func isLastEverywhere(_ path: [TOMLPathComponent]) -> Bool {
    path.indices.allSatisfy { position in
      guard case .index(let index) = path[position] else { return true }
      return document.root.node(at: path[..<position])?.elements.count == index + 1
    }
  }

  /// Appends `[path]` or `[[path]]` sections holding `value` at the end of the document.
  mutating func appendSections(_ value: PropertyListValue, at path: [TOMLPathComponent]) throws {
    let keys = path.compactMap { component -> String? in
      if case .key(let key) = component { return key }
      return nil
    }
    var writer = TOMLWriter(key: keys.first ?? "")
    // A blank line before the new sections, unless the document is empty or ends with one.
    var end = document.bytes[...]
    if end.last == 0x0A { end = end.dropLast() }
    if end.last == 0x0D { end = end.dropLast() }
    let blankLine = !end.isEmpty && end.last != 0x0A
    try writer.writeSection(value, path: keys, blankLine: blankLine)
    appendedSections.insert(edits.count)
    edits.append(
      (document.bytes.count..<document.bytes.count, String(decoding: writer.output, as: UTF8.self)))
  }

  /// Whether `a` and `b` are the same value as a TOML file holds it: NaN is NaN, and data is
  /// the same as the string of its base64 text.
  static func same(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
    switch (a, b) {
    case (.double(let x), .double(let y)):
      return x.isNaN ? y.isNaN : x == y && x.sign == y.sign
    case (.date(let x), .date(let y)):
      return same(
        .double(x.timeIntervalSinceReferenceDate), .double(y.timeIntervalSinceReferenceDate))
    case (.string(let text), .data(let data)), (.data(let data), .string(let text)):
      return text == data.base64EncodedString()
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.dictionary(let x), .dictionary(let y)):
      return x.count == y.count
        && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
    default:
      return a == b
    }
  }
}
