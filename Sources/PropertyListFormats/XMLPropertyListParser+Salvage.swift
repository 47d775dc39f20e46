// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension XMLPropertyListParser {
  /// Every entry of the top-level `<dict>` that parses on its own; see
  /// ``PropertyListFormat/salvage(_:)``.
  static func salvage(_ document: [UInt8]) -> SalvagedValues {
    guard let bytes = try? utf8(document) else { return SalvagedValues() }
    var parser = XMLPropertyListParser(bytes: bytes)
    var salvage = SalvagedValues()
    guard (try? parser.openTopLevelDictionary()) != nil else { return salvage }
    var lineStart: [UInt8]?
    while (try? parser.skipMarkup()) != nil, parser.index < bytes.count {
      let entryStart = parser.index
      if lineStart == nil { lineStart = TextSalvage.lineStart(before: entryStart, in: bytes) }
      guard let tag = try? parser.readTag() else {
        guard parser.resynchronize(from: entryStart + 1, lineStart: lineStart) else { break }
        continue
      }
      if tag.closing, tag.name == "dict" { break }
      guard !tag.closing, tag.name == "key",
        let key = tag.selfClosing ? "" : try? parser.readText(of: tag)
      else {
        guard parser.resynchronize(from: entryStart + 1, lineStart: lineStart) else { break }
        continue
      }
      let valueStart = parser.index
      do {
        parser.builder = .entry(key)
        while parser.builder.entryValue == nil {
          try parser.skipMarkup()
          if parser.builder.depth > 1, parser.looksAt("<key"),
            TextSalvage.isTopLevel(parser.index, lineStart: lineStart, in: bytes)
          {
            throw parser.fail("a top-level key inside a value")
          }
          try parser.parseNextElement()
        }
        salvage.keep(key, parser.builder.entryValue)
      } catch {
        salvage.lostKeys.append(key)
        guard parser.resynchronize(from: valueStart, lineStart: lineStart) else { break }
      }
    }
    return salvage
  }

  /// Moves past the prologue, `<plist>` and the top-level `<dict>`.
  private mutating func openTopLevelDictionary() throws {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    try skipMarkup()
    var tag = try readTag()
    if !tag.closing, tag.name == "plist", !tag.selfClosing {
      try skipMarkup()
      tag = try readTag()
    }
    guard !tag.closing, tag.name == "dict", !tag.selfClosing else { throw fail("no <dict>") }
  }

  /// Moves to the next top-level `<key>` (or the closing `</dict>`) at or after `offset`:
  /// the next line that starts as the first key's did, or else the next `<key>` outside any
  /// container opened after `offset`. Returns `false` when there is none.
  private mutating func resynchronize(from offset: Int, lineStart: [UInt8]?) -> Bool {
    if let lineStart, lineStart.count > 1 {
      guard let next = TextSalvage.next(lineStart, "<key", from: offset, in: bytes) else {
        return false
      }
      index = next
      return true
    }
    var depth = 0
    index = offset
    while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      index = open
      if looksAt("<!--") || looksAt("<![CDATA[") {
        index += 1
        continue
      }
      guard let tag = try? readTag() else {
        index = open + 1
        continue
      }
      switch (tag.name, tag.closing, tag.selfClosing) {
      case ("dict", false, false), ("array", false, false): depth += 1
      case ("dict", true, _), ("array", true, _): depth -= 1
      case ("key", false, _) where depth == 0: break
      default: continue
      }
      if depth < 0 || (depth == 0 && tag.name == "key") {
        index = open
        return true
      }
    }
    return false
  }
}
