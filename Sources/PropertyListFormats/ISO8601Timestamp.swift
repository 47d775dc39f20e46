package import Foundation

/// The UTC timestamps property-list files use, such as `2024-01-02T03:04:05Z`, converted
/// without `DateFormatter` (which is slow, and depends on the locale and calendar).
package enum ISO8601Timestamp {
  /// Seconds between 1970-01-01 and 2001-01-01, the two epochs `Date` deals in.
  static let referenceOffset: Int64 = 978_307_200

  /// `YYYY-MM-DDTHH:MM:SS` for a whole number of seconds since 1970, or `nil` when the year
  /// falls outside 1...9999.
  static func string(secondsSince1970 seconds: Int64) -> String? {
    let (days, secondOfDay) = divide(seconds, by: 86_400)
    let (year, month, day) = civil(fromDays: days)
    guard (1...9999).contains(year) else { return nil }
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
      + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
      + pad(secondOfDay % 60, 2)
  }

  /// `YYYYMMDDTHHMMSSZ`, for file names.
  package static func compactString(secondsSince1970 seconds: Int64) -> String {
    let full = string(secondsSince1970: seconds) ?? "00000000T000000"
    return full.filter { $0 != "-" && $0 != ":" } + "Z"
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
  ///
  /// - Returns: Whole seconds since 1970 and the fraction's digits (empty when there is none),
  ///   or `nil` when the text is not such a timestamp.
  static func parse(_ text: String) -> (seconds: Int64, fraction: Substring)? {
    let characters = Array(text.utf8)
    guard characters.count >= 20, characters.last == UInt8(ascii: "Z") else { return nil }
    func number(_ start: Int, _ length: Int) -> Int64? {
      var result: Int64 = 0
      for index in start..<(start + length) {
        let digit = characters[index]
        guard digit >= 0x30, digit <= 0x39 else { return nil }
        result = result * 10 + Int64(digit - 0x30)
      }
      return result
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    for (index, separator) in separators where characters[index] != separator.asciiValue {
      return nil
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var fraction: Substring = ""
    if characters.count > 20 {
      guard characters[19] == UInt8(ascii: "."), characters.count > 21 else { return nil }
      let digits = text.dropFirst(20).dropLast()
      guard digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      fraction = digits
    }
    let days = days(fromYear: year, month: month, day: day)
    return (days * 86_400 + hour * 3600 + minute * 60 + second, fraction)
  }

  /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` for `date` in UTC, with the fewest fractional digits
  /// that read back as exactly the same date, or whole seconds (rounded down) when
  /// `withFraction` is false; `nil` outside the years 1-9999.
  package static func string(for date: Date, withFraction: Bool = true) -> String? {
    guard var (seconds, fraction) = split(date) else { return nil }
    // Just below a whole second by less than the number's precision, the fraction rounds to
    // 1: the nearest timestamp is the next second (the date cannot be written exactly).
    if fraction == 1 { (seconds, fraction) = (seconds + 1, 0) }
    guard let whole = string(secondsSince1970: seconds) else { return nil }
    if fraction == 0 || !withFraction { return whole + "Z" }
    let target = date.timeIntervalSinceReferenceDate
    var digits = ""
    // A double's fraction has at most 1,074 decimal digits; most need fewer than 20.
    for count in 1...1_100 {
      let text = String(format: "%.\(count)f", fraction)
      guard text.hasPrefix("0.") else { continue }
      digits = String(text.dropFirst(2))
      let back = Self.date(seconds: seconds, fraction: Double("0." + digits) ?? 0)
      if back.timeIntervalSinceReferenceDate == target { break }
    }
    while digits.hasSuffix("0") { digits.removeLast() }
    return digits.isEmpty ? whole + "Z" : whole + "." + digits + "Z"
  }

  /// The date `YYYY-MM-DDTHH:MM:SS[.fraction]Z` stands for, read exactly, or `nil` when the
  /// text is not such a timestamp.
  package static func date(from text: String) -> Date? {
    guard let (seconds, fraction) = parse(text) else { return nil }
    return date(seconds: seconds, fraction: Double("0." + fraction) ?? 0)
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
