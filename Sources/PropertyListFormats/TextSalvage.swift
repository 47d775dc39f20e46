// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What the XML and JSON salvage share: finding where the next top-level key starts after a
/// damaged entry, from the way the file is laid out.
enum TextSalvage {
  /// A line break and the indentation before `offset`, when the text before it on its line is
  /// nothing but (some) indentation: the pattern that starts every top-level key in files written
  /// by Apple's tools and by ours.
  static func lineStart(before offset: Int, in bytes: [UInt8]) -> [UInt8]? {
    var start = offset
    while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
    guard start < offset, start > 0, bytes[start - 1] == 0x0A else { return nil }
    return Array(bytes[(start - 1)..<offset])
  }

  /// The offset just after the next occurrence of `lineStart` + `opening` at or after `offset`.
  static func next(_ lineStart: [UInt8], _ opening: String, from offset: Int, in bytes: [UInt8])
    -> Int?
  {
    let marker = lineStart + Array(opening.utf8)
    var index = offset
    while let newline = bytes[index...].firstIndex(of: 0x0A) {
      if bytes[newline...].starts(with: marker) { return newline + lineStart.count }
      index = newline + 1
    }
    return nil
  }

  /// Whether the text at `offset` starts a line as a top-level key does: met inside an entry's
  /// value, it means the value lost its end and swallowed the next entry.
  static func isTopLevel(_ offset: Int, lineStart: [UInt8]?, in bytes: [UInt8]) -> Bool {
    guard let lineStart, lineStart.count > 1, offset >= lineStart.count else { return false }
    return bytes[(offset - lineStart.count)..<offset].elementsEqual(lineStart)
  }
}
