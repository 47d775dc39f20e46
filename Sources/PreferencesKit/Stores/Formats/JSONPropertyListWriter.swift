import Foundation

/// Writes a dictionary as JSON, with a tagged form for the values JSON has no type for.
///
/// - A date is `{"$date": "2024-01-02T03:04:05.123456Z"}`, UTC, with as many fractional
///   digits as it takes to read back exactly the same `Date`.
/// - Data is `{"$data": "<base64>"}`.
/// - An infinite or NaN double is `{"$double": "+infinity"}`, `"-infinity"` or `"nan"`.
/// - A double is always written with a `.` or an exponent (`5.0`, `1e-05`), so it reads back as
///   a double and not an integer; its text is the shortest that reads back as the same number.
/// - A dictionary that has exactly one key, starting with `$`, is written with one more `$` in
///   front of that key (`{"$date": 1}` becomes `{"$$date": 1}`), so it is never taken for a tag;
///   the reader removes the extra `$`.
///
/// Keys are sorted and each is on its own line, so the file is stable and diffs well.
struct JSONPropertyListWriter {
  private var output: [UInt8] = []

  /// The UTF-8 bytes of the JSON document.
  ///
  /// - Throws: ``PreferenceError/Kind/nestingTooDeep`` beyond 512 levels,
  ///   ``PreferenceError/Kind/unrepresentableValue`` for a date that is not finite.
  static func encode(_ values: [String: PropertyListValue]) throws -> [UInt8] {
    var writer = JSONPropertyListWriter()
    writer.output.reserveCapacity(48 * values.count + 16)
    try writer.write(.dictionary(values), depth: 1, path: "")
    writer.output.append(0x0A)
    return writer.output
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func newline(_ depth: Int) {
    output.append(0x0A)
    output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
  }

  private mutating func write(_ value: PropertyListValue, depth: Int, path: String) throws {
    switch value {
    case .bool(let flag):
      append(flag ? "true" : "false")
    case .integer(let number):
      append(String(number))
    case .double(let number):
      if number.isFinite {
        let text = number.description
        append(text)
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { append(".0") }
      } else {
        append("{\"$double\": \"\(XMLPropertyListWriter.text(for: number))\"}")
      }
    case .string(let text):
      appendQuoted(text)
    case .data(let bytes):
      append("{\"$data\": \"\(bytes.base64EncodedString())\"}")
    case .date(let date):
      guard let text = Self.timestamp(for: date) else {
        throw PreferenceError(
          .unrepresentableValue, path: path.isEmpty ? nil : path,
          found: "a date outside the years 1 to 9999")
      }
      append("{\"$date\": \"\(text)\"}")
    case .array(let values):
      guard depth <= PropertyListTreeBuilder.maximumDepth else { throw Self.tooDeep(path) }
      append("[")
      for (index, element) in values.enumerated() {
        if index > 0 { append(",") }
        newline(depth)
        try write(element, depth: depth + 1, path: path + "[\(index)]")
      }
      if !values.isEmpty { newline(depth - 1) }
      append("]")
    case .dictionary(let values):
      guard depth <= PropertyListTreeBuilder.maximumDepth else { throw Self.tooDeep(path) }
      append("{")
      let escapeKey = values.count == 1 && values.keys.first?.hasPrefix("$") == true
      for (index, key) in values.keys.sorted().enumerated() {
        guard let element = values[key] else { continue }
        if index > 0 { append(",") }
        newline(depth)
        appendQuoted(escapeKey ? "$" + key : key)
        append(": ")
        try write(element, depth: depth + 1, path: path + "." + key)
      }
      if !values.isEmpty { newline(depth - 1) }
      append("}")
    }
  }

  private mutating func appendQuoted(_ text: String) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0x00..<0x20:
        let hex = String(byte, radix: 16)
        append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with the fewest fractional digits that read back as
  /// exactly the same date.
  static func timestamp(for date: Date) -> String? {
    guard let (seconds, fraction) = ISO8601Timestamp.split(date),
      let whole = ISO8601Timestamp.string(secondsSince1970: seconds)
    else { return nil }
    if fraction == 0 { return whole + "Z" }
    let target = date.timeIntervalSinceReferenceDate
    var digits = ""
    for count in 1...40 {
      let text = String(format: "%.\(count)f", fraction)
      guard text.hasPrefix("0.") else { continue }
      digits = String(text.dropFirst(2))
      let back = ISO8601Timestamp.date(seconds: seconds, fraction: Double("0." + digits) ?? 0)
      if back.timeIntervalSinceReferenceDate == target { break }
    }
    while digits.hasSuffix("0") { digits.removeLast() }
    return digits.isEmpty ? whole + "Z" : whole + "." + digits + "Z"
  }

  private static func tooDeep(_ path: String) -> PreferenceError {
    PreferenceError(
      .nestingTooDeep, path: path.isEmpty ? nil : path,
      expected: "at most \(PropertyListTreeBuilder.maximumDepth) levels of arrays and dictionaries")
  }
}
