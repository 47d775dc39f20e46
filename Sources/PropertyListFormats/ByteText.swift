// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Helpers the text parsers share: checked UTF-8 decoding and human-readable positions.
enum ByteText {
  /// The string the bytes spell, or `nil` when they are not valid UTF-8.
  static func string(_ bytes: ArraySlice<UInt8>) -> String? {
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return String(decoding: bytes, as: UTF8.self)
      case .error: return nil
      }
    }
  }

  /// A place in a text document: its line and column, counted from 1, and its byte offset.
  struct Place: CustomStringConvertible {
    var line = 1
    var column = 1
    var offset = 0

    /// The place of byte `offset` in `bytes`, clamped to the document.
    init(of offset: Int, in bytes: [UInt8]) {
      let end = min(max(offset, 0), bytes.count)
      var lineStart = 0
      for index in 0..<end where bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      column = end - lineStart + 1
      self.offset = end
    }

    /// `line L, column C (byte B)`.
    var description: String { "line \(line), column \(column) (byte \(offset))" }
  }

  /// A short, printable rendering of the bytes at `offset`, for error messages.
  static func excerpt(at offset: Int, in bytes: [UInt8]) -> String {
    guard offset < bytes.count else { return "the end of the file" }
    let slice = bytes[offset..<min(bytes.count, offset + 12)]
    let text = slice.map { byte -> String in
      (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + hex(byte)
    }
    return "\"" + text.joined() + "\""
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
  }

  /// Parses a decimal (or `0x` hexadecimal) integer with an optional sign: `.integer`, or
  /// `.unsignedInteger` from 2^63 to 2^64 − 1; `nil` when the text is not one or does not fit.
  static func integer(_ text: Substring) -> PropertyListValue? {
    var digits = text.utf8[...]
    var negative = false
    if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    var radix: UInt64 = 10
    if digits.starts(with: "0x".utf8) || digits.starts(with: "0X".utf8) {
      radix = 16
      digits = digits.dropFirst(2)
    }
    guard !digits.isEmpty else { return nil }
    var magnitude: UInt64 = 0
    for byte in digits {
      let value: UInt64
      switch byte {
      case 0x30...0x39: value = UInt64(byte - 0x30)
      case 0x61...0x66 where radix == 16: value = UInt64(byte - 0x61 + 10)
      case 0x41...0x46 where radix == 16: value = UInt64(byte - 0x41 + 10)
      default: return nil
      }
      let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, carry) = shifted.addingReportingOverflow(value)
      if overflow || carry { return nil }
      magnitude = sum
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return .integer(Int64(truncatingIfNeeded: 0 &- magnitude))
    }
    return .integer(exactly: magnitude)
  }
}

extension ByteText {
  /// Whether `text` is a plain decimal number: an optional sign, digits with an optional `.`
  /// (at least one digit on either side), and an optional exponent. Not hexadecimal
  /// (`0x1p4`), digit separators (`1_000`), `inf` or `nan`, which Swift's `Double(_:)` also
  /// reads and Apple's and Python's property-list readers refuse.
  static func isDecimalNumber(_ text: Substring) -> Bool {
    var bytes = text.utf8[...]
    func digits() -> Int {
      let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
      bytes = bytes.dropFirst()
    }
    var mantissaDigits = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return false }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
        bytes = bytes.dropFirst()
      }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
