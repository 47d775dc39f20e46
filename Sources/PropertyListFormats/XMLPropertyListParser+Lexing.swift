// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension XMLPropertyListParser {
  /// One start or end tag.
  struct Tag {
    var name: String
    var closing: Bool
    var selfClosing: Bool
    /// The offset of the tag's `<`.
    var start: Int
  }

  func fail(_ message: String, at offset: Int? = nil) -> PropertyListFormatError {
    PropertyListFormatError(
      .corruptFile, "not a valid XML property list", at: offset ?? index, in: bytes,
      message: message)
  }

  func looksAt(_ text: String) -> Bool {
    var position = index
    for byte in text.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
  }

  /// Moves past `terminator`, or fails when the file ends first.
  private mutating func skip(past terminator: String, what: String) throws {
    let start = index
    while index < bytes.count {
      if looksAt(terminator) {
        index += terminator.utf8.count
        return
      }
      index += 1
    }
    throw fail("\(what) is not terminated by \"\(terminator)\"", at: start)
  }

  /// Skips whitespace, processing instructions, comments and the document type declaration.
  mutating func skipMarkup() throws {
    while true {
      skipWhitespace()
      // Most of the time, at an element: `<` followed by neither `?` nor `!`.
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"),
        bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "!")
      else { return }
      if looksAt("<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if looksAt("<!--") {
        try skip(past: "-->", what: "a comment")
      } else if looksAt("<!DOCTYPE") {
        let start = index
        var brackets = 0
        while index < bytes.count {
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "[") { brackets += 1 }
          if byte == UInt8(ascii: "]") { brackets -= 1 }
          if byte == UInt8(ascii: ">"), brackets <= 0 { break }
          if index == bytes.count { throw fail("the DOCTYPE is not terminated", at: start) }
        }
      } else {
        return
      }
    }
  }

  /// Reads a start tag (with any attributes) or an end tag.
  mutating func readTag() throws -> Tag {
    let start = index
    guard index < bytes.count else { throw fail("the file ends where a tag was expected") }
    guard bytes[index] == UInt8(ascii: "<") else {
      throw fail("expected a tag, found \(ByteText.excerpt(at: index, in: bytes))")
    }
    index += 1
    let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
    if closing { index += 1 }
    let nameStart = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    guard index > nameStart, let name = ByteText.string(bytes[nameStart..<index]) else {
      throw fail("expected an element name after \"<\"", at: start)
    }
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        guard !closing else { break }
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        let selfClosing = bytes[index - 2] == UInt8(ascii: "/") && index - 2 > nameStart
        return Tag(name: name, closing: closing, selfClosing: selfClosing, start: start)
      } else if byte == UInt8(ascii: "<") {
        break
      }
    }
    throw fail("the tag <\(closing ? "/" : "")\(name)> is not terminated by \">\"", at: start)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: ":"), UInt8(ascii: "."):
      return true
    default:
      return false
    }
  }

  /// Reads the end tag `</name>`, allowing whitespace before it.
  mutating func expectClosing(_ name: String) throws {
    skipWhitespace()
    if let end = plainEndTag(name) {
      index = end
      return
    }
    let tag = try readTag()
    guard tag.closing, tag.name == name else {
      throw fail("expected </\(name)>, found <\(tag.closing ? "/" : "")\(tag.name)>", at: tag.start)
    }
  }

  /// The offset just past `</name>` when that end tag, without white space inside, starts at
  /// the current offset.
  private func plainEndTag(_ name: String) -> Int? {
    guard looksAt("</") else { return nil }
    var position = index + 2
    for byte in name.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return nil }
      position += 1
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { return nil }
    return position + 1
  }

  /// Reads an element's text up to its end tag, resolving entities and CDATA sections.
  mutating func readText(of tag: Tag) throws -> String {
    let start = index
    // Most text holds no entity and no CDATA section: it is read as it stands, uncopied.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
      index += 1
    }
    var text = bytes[start..<index]
    let atEntity = index < bytes.count && bytes[index] == UInt8(ascii: "&")
    let atCDATA =
      index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "!") && looksAt("<![CDATA[")
    if atEntity || atCDATA {
      text = try readResolvedText(from: text)[...]
    }
    guard let string = ByteText.string(text) else {
      throw fail("the text of <\(tag.name)> is not valid UTF-8", at: start)
    }
    try expectClosing(tag.name)
    return string
  }

  /// Reads the rest of an element's text after `plain`, resolving entities and CDATA sections.
  private mutating func readResolvedText(from plain: ArraySlice<UInt8>) throws -> [UInt8] {
    var text = Array(plain)
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        guard looksAt("<![CDATA[") else { break }
        index += 9
        let contentStart = index
        try skip(past: "]]>", what: "a CDATA section")
        text.append(contentsOf: bytes[contentStart..<(index - 3)])
      } else if byte == UInt8(ascii: "&") {
        try appendEntity(to: &text)
      } else {
        text.append(byte)
        index += 1
      }
    }
    return text
  }

  private mutating func appendEntity(to text: inout [UInt8]) throws {
    let start = index
    var end = index + 1
    while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";"),
      let name = ByteText.string(bytes[(start + 1)..<end])
    else { throw fail("an \"&\" that does not start an entity such as &amp;", at: start) }
    let scalar: Unicode.Scalar?
    switch name {
    case "amp": scalar = "&"
    case "lt": scalar = "<"
    case "gt": scalar = ">"
    case "quot": scalar = "\""
    case "apos": scalar = "'"
    default:
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
      } else if name.hasPrefix("#") {
        scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
      } else {
        scalar = nil
      }
    }
    guard let scalar else { throw fail("unknown entity &\(name);", at: start) }
    text.append(contentsOf: String(Character(scalar)).utf8)
    index = end + 1
  }
}
