// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Where a new key goes, and applying the edits.
extension TOMLEditor {
  /// Adds `key = value` to the table `node` at `path`: after the last key-value of its section
  /// (or dotted-key group); at the top level, a table or array of tables becomes sections at
  /// the end of the document.
  mutating func add(
    _ key: String, _ value: PropertyListValue, to node: TOMLNode, at path: [TOMLPathComponent]
  ) throws {
    switch node.origin {
    case .root? where TOMLWriter.isSection(value):
      try appendSections(value, at: [.key(key)])
    case .root?:
      try insert(key, value, at: path, in: 0, dottedPrefix: path)
    case .header(let section)?:
      try insert(key, value, at: path, in: section, dottedPrefix: path)
    case .dotted(let section)?:
      try insert(key, value, at: path, in: section, dottedPrefix: path)
    case .implicit?, nil:
      // A table named only by longer headers: a dotted key in the nearest section above it,
      // when that section comes before those headers; otherwise a section of its own.
      var ancestor = path.count - 1
      while ancestor > 0, document.root.node(at: path[..<ancestor])?.isSectionTable != true {
        ancestor -= 1
      }
      let section = sectionIndex(of: document.root.node(at: path[..<ancestor])!)
      var entries: [Int] = []
      var sections: [Int] = []
      node.collect(entries: &entries, sections: &sections)
      if section < sections.min() ?? .max || !isLastEverywhere(path) {
        try insert(key, value, at: path, in: section, dottedPrefix: path)
      } else if TOMLWriter.isSection(value) {
        try appendSections(value, at: path + [.key(key)])
      } else {
        try appendSections(.dictionary([key: value]), at: path)
      }
    }
  }

  private func sectionIndex(of node: TOMLNode) -> Int {
    if case .table(.header(let section)) = node.kind { return section }
    return 0
  }

  /// Inserts the line `<key> = <value>` in section `section`, the key spelled relative to the
  /// section's table, after the last key-value under `dottedPrefix`.
  private mutating func insert(
    _ key: String, _ value: PropertyListValue, at path: [TOMLPathComponent], in section: Int,
    dottedPrefix: [TOMLPathComponent]
  ) throws {
    let sectionPath = document.sections[section].path
    var names: [String] = []
    for case .key(let name) in path.dropFirst(sectionPath.count) { names.append(name) }
    let spelled = (names + [key]).map(TOMLWriter.quotedKey).joined(separator: ".")
    let text = try self.text(of: value, at: path + [.key(key)])
    // A table's own section: its last key-value; a dotted-key group: the last under it.
    let last =
      dottedPrefix == sectionPath
      ? document.lastEntryOfSection[section].map { document.entries[$0] }
      : document.entries.last { entry in
        entry.section == section && entry.path.starts(with: dottedPrefix)
      }
    let offset: Int
    var indent = ""
    if let last {
      offset = last.lineRange.upperBound
      indent = String(
        decoding: document.bytes[last.lineRange.lowerBound..<last.keyRange.lowerBound],
        as: UTF8.self)
    } else if section > 0 {
      offset = document.sections[section].lineRange.upperBound
    } else {
      offset = beforeFirstHeaderComments()
    }
    edits.append((offset..<offset, indent + spelled + " = " + text + "\n"))
  }

  /// Where the comment lines right above the first header start (the header's own line when
  /// there are none), or the end of a document without headers.
  private func beforeFirstHeaderComments() -> Int {
    let bytes = document.bytes
    guard document.sections.count > 1 else { return bytes.count }
    let floor = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var start = document.sections[1].lineRange.lowerBound
    while start > floor {
      var lineStart = start - 1
      while lineStart > floor, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
      let content = bytes[lineStart..<start].drop { $0 == 0x20 || $0 == 0x09 }
      guard content.first == UInt8(ascii: "#") else { break }
      start = lineStart
    }
    return start
  }

  /// The document with every edit made, inserted line breaks in its own line ending, and a
  /// final line break added before text inserted at the end of a document without one.
  func apply() -> [UInt8] {
    let bytes = document.bytes
    func order(_ index: Int) -> (Int, Int, Int, Int) {
      let range = edits[index].range
      return (range.lowerBound, range.upperBound, appendedSections.contains(index) ? 1 : 0, index)
    }
    let ordered = edits.indices.sorted { order($0) < order($1) }.map { (0, edits[$0]) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 64 * edits.count)
    var cursor = 0
    for (_, edit) in ordered where edit.range.lowerBound >= cursor {
      output.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
      if edit.range.lowerBound == bytes.count, !edit.text.isEmpty, let last = output.last,
        last != 0x0A, output != [0xEF, 0xBB, 0xBF]
      {
        output.append(contentsOf: document.lineEnding)
      }
      for byte in edit.text.utf8 {
        if byte == 0x0A {
          output.append(contentsOf: document.lineEnding)
        } else {
          output.append(byte)
        }
      }
      cursor = edit.range.upperBound
    }
    output.append(contentsOf: bytes[cursor...])
    return output
  }
}

extension TOMLNode {
  /// Whether this is the top level or a table a header defines, which has a section.
  var isSectionTable: Bool {
    switch kind {
    case .table(.root), .table(.header): true
    default: false
    }
  }
}

extension TOMLDocument {
  /// The bytes of this document holding `values` instead, changed only where values changed.
  ///
  /// - A changed value is rewritten in place in its plain form (decimal numbers, basic
  ///   strings, inline arrays and tables), keeping its key as spelled, the comment after it
  ///   and every other line.
  /// - A removed key loses only its own lines: its key-values and table headers.
  /// - A new key goes after the last key-value of its table (at the top level, before the
  ///   comments right above the first header); a new top-level table or array of tables
  ///   becomes sections at the end. A document without a final line break gets one first.
  /// - A table changed in one field changes one line.
  /// - Nothing changed: the same bytes.
  ///
  /// - Throws: A ``PropertyListFormatError`` of kind `.unrepresentableValue` (naming the key
  ///   and path) for a value TOML cannot hold, or `.nestingTooDeep`.
  package func updated(to values: [String: PropertyListValue]) throws -> [UInt8] {
    var editor = TOMLEditor(self)
    try editor.reconcile(root, at: [], with: values)
    return editor.edits.isEmpty ? bytes : editor.apply()
  }
}
