// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Offset date-times (read as dates) and local dates, times and date-times (read as their
/// RFC 3339 text).
extension TOMLParser {
  /// Reads a date-time, date or time when one starts here (`dddd-` or `dd:`), else `nil`.
  mutating func parseDateTime() throws -> PropertyListValue? {
    let start = index
    func digitCount(at offset: Int) -> Int {
      var count = 0
      while offset + count < bytes.count, Self.isDigit(bytes[offset + count]) { count += 1 }
      return count
    }
    let leading = digitCount(at: index)
    let next = index + leading < bytes.count ? bytes[index + leading] : nil
    if leading == 2, next == UInt8(ascii: ":") {
      return .string(try parseTime())
    }
    guard leading == 4, next == UInt8(ascii: "-") else { return nil }
    let date = try parseDate()
    var separatorIsTime = byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t")
    if byte == UInt8(ascii: " "), digitCount(at: index + 1) == 2, index + 3 < bytes.count,
      bytes[index + 3] == UInt8(ascii: ":")
    {
      separatorIsTime = true
    }
    guard separatorIsTime else { return .string(date) }
    index += 1
    let time = try parseTime()
    let local = date + "T" + time
    switch byte {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      index += 1
      return try instant(local + "Z", from: start)
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let offsetStart = index
      index += 1
      let hours = try twoDigits(below: 24, "hours of a UTC offset")
      try expect(":", "in the UTC offset")
      let minutes = try twoDigits(below: 60, "minutes of a UTC offset")
      let sign = Character(UnicodeScalar(bytes[offsetStart]))
      return try instant(local + "\(sign)\(hours):\(minutes)", from: start)
    default:
      return .string(local)
    }
  }

  /// The date an offset date-time stands for, read exactly.
  private func instant(_ text: String, from start: Int) throws -> PropertyListValue {
    guard let date = ISO8601Timestamp.date(from: text, allowingOffset: true) else {
      throw fail("\"\(text)\" is not a date-time", at: start)
    }
    return .date(date)
  }

  /// Reads `YYYY-MM-DD` and checks that the day exists.
  private mutating func parseDate() throws -> String {
    let start = index
    index += 4
    // Cannot trap: parseDateTime() saw four digits here before calling.
    let year = Int(String(decoding: bytes[start..<index], as: UTF8.self))!
    try expect("-", "in the date")
    let month = try twoDigits(below: 13, "month")
    try expect("-", "in the date")
    let dayStart = index
    let day = try twoDigits(below: 32, "day")
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let monthLength = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard let monthNumber = Int(month), monthNumber >= 1, let dayNumber = Int(day), dayNumber >= 1,
      dayNumber <= monthLength[monthNumber - 1]
    else { throw fail("the month \(month) has no day \(day)", at: dayStart) }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Reads `HH:MM:SS[.fraction]`.
  private mutating func parseTime() throws -> String {
    let start = index
    _ = try twoDigits(below: 24, "hours")
    try expect(":", "in the time")
    _ = try twoDigits(below: 60, "minutes")
    try expect(":", "in the time (seconds are required)")
    _ = try twoDigits(below: 60, "seconds")
    if byte == UInt8(ascii: ".") {
      index += 1
      let digitsStart = index
      while let byte, Self.isDigit(byte) { index += 1 }
      guard index > digitsStart else { throw expected("digits after the \".\" of the seconds") }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func twoDigits(below limit: Int, _ what: String) throws -> String {
    guard index + 2 <= bytes.count, Self.isDigit(bytes[index]), Self.isDigit(bytes[index + 1])
    else { throw expected("two digits of the \(what)") }
    let text = String(decoding: bytes[index..<(index + 2)], as: UTF8.self)
    // Cannot trap: the guard above saw two digits.
    guard Int(text)! < limit else { throw fail("\(text) is out of range for the \(what)") }
    index += 2
    return text
  }

  private mutating func expect(_ character: Character, _ place: String) throws {
    guard byte == character.asciiValue else { throw expected("\"\(character)\" \(place)") }
    index += 1
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
