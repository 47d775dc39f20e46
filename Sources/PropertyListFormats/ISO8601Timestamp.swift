// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation

/// The UTC timestamps property-list files use, such as `2024-01-02T03:04:05Z`, converted
/// without `DateFormatter` (which is slow, and depends on the locale and calendar).
package enum ISO8601Timestamp {
  /// Seconds between 1970-01-01 and 2001-01-01, the two epochs `Date` deals in.
  static let referenceOffset: Int64 = 978_307_200

  /// `YYYY-MM-DDTHH:MM:SS` for a whole number of seconds since 1970. The year has at least
  /// four digits, more after 9999, and a `-` before it when it is before the year 0 (the
  /// proleptic Gregorian calendar, which has a year 0, as `Date.distantPast` shows).
  static func string(secondsSince1970 seconds: Int64) -> String {
    let (days, secondOfDay) = divide(seconds, by: 86_400)
    let (year, month, day) = civil(fromDays: days)
    return (year < 0 ? "-" : "") + pad(abs(year), 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
      + "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
      + pad(secondOfDay % 60, 2)
  }

  /// `YYYYMMDDTHHMMSSZ`, for file names.
  package static func compactString(secondsSince1970 seconds: Int64) -> String {
    string(secondsSince1970: seconds).filter { $0 != "-" && $0 != ":" } + "Z"
  }

  /// Parses `[-]YYYY-MM-DDTHH:MM:SS[.fraction]Z`, whose year has four to eight digits; with
  /// `allowingOffset`, a UTC offset (`+HH:MM`, `+HHMM` or `+HH`, or with `-`) may stand for
  /// the `Z`. Dates before 1582 are read in the proleptic Gregorian calendar, as ISO 8601 says.
  ///
  /// - Returns: Whole seconds since 1970 in UTC and the fraction's digits (empty when there is
  ///   none), or `nil` when the text is not such a timestamp.
  static func parse(
    _ text: String, allowingOffset: Bool = false
  ) -> (seconds: Int64, fraction: Substring)? {
    var characters = Array(text.utf8)[...]
    let negative = characters.first == UInt8(ascii: "-")
    if negative { characters = characters.dropFirst() }
    let yearDigits = characters.prefix(while: isDigit).count
    guard (4...8).contains(yearDigits), characters.count >= yearDigits + 16 else { return nil }
    let base = characters.startIndex + yearDigits - 4
    func number(_ start: Int, _ length: Int) -> Int64? {
      Self.number(characters[(base + start)..<(base + start + length)])
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    for (index, separator) in separators where characters[base + index] != separator.asciiValue {
      return nil
    }
    guard let magnitude = number(4 - yearDigits, yearDigits), let month = number(5, 2),
      let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2),
      let second = number(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var zone = characters[(base + 19)...]
    var fraction: Substring = ""
    if zone.first == UInt8(ascii: ".") {
      let digits = zone.dropFirst().prefix(while: isDigit)
      guard !digits.isEmpty else { return nil }
      fraction = Substring(String(decoding: digits, as: UTF8.self))
      zone = zone[digits.endIndex...]
    }
    let offset = zone.elementsEqual("Z".utf8) ? 0 : allowingOffset ? offsetSeconds(zone) : nil
    guard let offset else { return nil }
    let days = days(fromYear: negative ? -magnitude : magnitude, month: month, day: day)
    return (days * 86_400 + hour * 3600 + minute * 60 + second - offset, fraction)
  }

  /// The seconds east of UTC that `+HH:MM`, `+HHMM` or `+HH` (or with `-`) stands for, or
  /// `nil` for anything else.
  private static func offsetSeconds(_ text: ArraySlice<UInt8>) -> Int64? {
    guard let sign = text.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
      return nil
    }
    var digits = text.dropFirst()
    if digits.count == 5, digits[digits.startIndex + 2] == UInt8(ascii: ":") {
      digits.remove(at: digits.startIndex + 2)
    }
    guard digits.count == 2 || digits.count == 4, let hours = number(digits.prefix(2)),
      let minutes = digits.count == 4 ? number(digits.suffix(2)) : 0, hours < 24, minutes < 60
    else { return nil }
    return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
  }

  /// The decimal number `digits` spell, or `nil` when one is not a digit.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
    var result: Int64 = 0
    for digit in digits {
      guard isDigit(digit) else { return nil }
      result = result * 10 + Int64(digit - 0x30)
    }
    return result
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// `[-]YYYY-MM-DDTHH:MM:SS[.fraction]Z` for `date` in UTC, with the fewest fractional digits
  /// that read back as exactly the same date, or whole seconds (rounded down) when
  /// `withFraction` is false; `nil` for a date that is not finite or lies more than about 31
  /// million years from now.
  ///
  /// The work is bounded: at most 17 candidate precisions, then the fraction's own shortest
  /// digits (up to about 1,100 of them, for a fraction such as 5e-324). A date whose fraction
  /// is lost when added to its seconds (a tiny negative interval) is written as its nearest
  /// timestamp: ``exactText(for:)`` says when that happens.
  package static func string(for date: Date, withFraction: Bool = true) -> String? {
    timestamp(for: date, withFraction: withFraction)?.text
  }

  /// ``string(for:withFraction:)``, and whether it reads back as exactly `date`.
  private static func timestamp(for date: Date, withFraction: Bool)
    -> (text: String, isExact: Bool)?
  {
    guard var (seconds, fraction) = split(date) else { return nil }
    let target = date.timeIntervalSinceReferenceDate
    // Just below a whole second by less than the number's precision, the fraction rounds to
    // 1: the nearest timestamp is the next second.
    if fraction == 1 { (seconds, fraction) = (seconds + 1, 0) }
    let whole = string(secondsSince1970: seconds)
    if fraction == 0 || !withFraction {
      return (whole + "Z", Self.date(seconds: seconds, fraction: 0) == date)
    }
    var digits: Substring?
    // Fewer digits than the fraction's own can be enough once added to the seconds. Below
    // 1e-17, 17 digits round to zero, which cannot be the answer.
    if fraction >= 1e-17 {
      for count in 1...17 {
        let text = String(format: "%.\(count)f", fraction)
        guard text.hasPrefix("0.") else { continue }
        let candidate = text.dropFirst(2)
        let back = Self.date(seconds: seconds, fraction: Double("0." + candidate) ?? 0)
        if back.timeIntervalSinceReferenceDate == target {
          digits = candidate
          break
        }
      }
    }
    // The fraction's own digits read back as it exactly: the date is exact when adding the
    // fraction to the seconds loses nothing.
    let isExact = digits != nil || Self.date(seconds: seconds, fraction: fraction) == date
    var shown = digits.map(String.init) ?? positionalDigits(fraction)
    while shown.hasSuffix("0") { shown.removeLast() }
    return (shown.isEmpty ? whole + "Z" : whole + "." + shown + "Z", isExact)
  }

  /// The digits after `0.` of `fraction`, in 0..<1, the shortest that read back as it: the
  /// digits of its `description` (`1.5e-07`), moved behind the right number of zeros.
  private static func positionalDigits(_ fraction: Double) -> String {
    let text = fraction.description
    guard let marker = text.firstIndex(of: "e"),
      let exponent = Int(text[text.index(after: marker)...])
    else { return text.hasPrefix("0.") ? String(text.dropFirst(2)) : "" }
    let mantissa = text[..<marker].filter { $0 != "." }
    return String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
  }

  /// The date `YYYY-MM-DDTHH:MM:SS[.fraction]Z` stands for, read exactly (to the nearest
  /// `Date`, whatever the number of fractional digits), or `nil` when the text is not such a
  /// timestamp. With `allowingOffset`, a UTC offset such as `-07:00` may stand for the `Z`
  /// (property-list files hold UTC alone; the `prefs` tool takes either).
  package static func date(from text: String, allowingOffset: Bool = false) -> Date? {
    guard let (seconds, fraction) = parse(text, allowingOffset: allowingOffset) else {
      return nil
    }
    return date(seconds: seconds, fraction: Double("0." + fraction) ?? 0)
  }

  /// The text that stands for `date` exactly, and whether it is a timestamp or a number
  /// (which JSON writes without quotes): the timestamp when it reads back as exactly this date,
  /// otherwise `+infinity`, `-infinity` or `nan`, otherwise the seconds since 2001-01-01 as a
  /// decimal number (for a date tens of millions of years away, or a tiny negative interval).
  /// ``exactDate(from:)`` reads each back.
  package static func exactText(for date: Date) -> (text: String, isNumber: Bool) {
    let interval = date.timeIntervalSinceReferenceDate
    if interval.isNaN { return ("nan", false) }
    if interval.isInfinite { return (interval < 0 ? "-infinity" : "+infinity", false) }
    if let (text, isExact) = timestamp(for: date, withFraction: true), isExact {
      return (text, false)
    }
    return (interval.description, true)
  }

  /// The date ``exactText(for:)`` wrote: a timestamp, `+infinity`, `-infinity`, `nan`, or a
  /// decimal number of seconds since 2001-01-01; `nil` for anything else.
  package static func exactDate(from text: String) -> Date? {
    switch text {
    case "nan": return Date(timeIntervalSinceReferenceDate: .nan)
    case "+infinity": return .init(timeIntervalSinceReferenceDate: .infinity)
    case "-infinity": return .init(timeIntervalSinceReferenceDate: -.infinity)
    default:
      if let date = date(from: text) { return date }
      guard ByteText.isDecimalNumber(Substring(text)), let seconds = Double(text),
        seconds.isFinite
      else { return nil }
      return Date(timeIntervalSinceReferenceDate: seconds)
    }
  }

  /// Splits a `Date` into whole seconds since 1970 (rounded down) and the rest.
  static func split(_ date: Date) -> (seconds: Int64, fraction: Double)? {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < 1e15 else { return nil }
    let whole = interval.rounded(.down)
    return (Int64(whole) + referenceOffset, interval - whole)
  }

  /// The `Date` for whole seconds since 1970 plus a fraction of a second.
  static func date(seconds: Int64, fraction: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: Double(seconds - referenceOffset) + fraction)
  }

  private static func divide(_ value: Int64, by divisor: Int64) -> (Int64, Int64) {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
