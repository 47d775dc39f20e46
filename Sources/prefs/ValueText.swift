import Foundation
import PreferencesKit

/// How values appear on the command line: printed by `read`, parsed by `write`'s type flags.
///
/// Printing and parsing agree: `prefs write S K -json "$(prefs read S K --json)"` and
/// `prefs write S K -date "$(prefs read S K)"` store exactly the value that was read.
enum ValueText {
  /// A value as `read STORE KEY` prints it: a string as it is, a number or a Boolean plainly,
  /// a date in ISO 8601 UTC, data in base64, an array or a dictionary as JSON.
  static func bare(_ value: PropertyListValue) throws -> String {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .double(let number): number.description
    case .bool(let flag): flag ? "true" : "false"
    case .date(let date): JSONPropertyListWriter.timestamp(for: date) ?? date.description
    case .data(let bytes): bytes.base64EncodedString()
    case .array, .dictionary: try json(value)
    }
  }

  /// A value as JSON, in the tagged form the library's JSON files use, as `-json` reads it.
  ///
  /// The library writes whole documents, so the value is written as the only entry of one
  /// and taken out of it again: the text is the library's, byte for byte.
  static func json(_ value: PropertyListValue) throws -> String {
    let document = String(decoding: try JSONPropertyListWriter.encode(["": value]), as: UTF8.self)
    let opening = "{\n  \"\": "
    let closing = "\n}\n"
    guard document.hasPrefix(opening), document.hasSuffix(closing) else { return document }
    let lines = document.dropFirst(opening.count).dropLast(closing.count)
      .split(separator: "\n", omittingEmptySubsequences: false)
    // Nested lines were indented for a value inside a dictionary: one level less now.
    return lines.map { $0.hasPrefix("  ") ? $0.dropFirst(2) : $0 }.joined(separator: "\n")
  }

  /// Whether `value` holds a date with a fraction of a second, which an XML property list drops.
  static func hasSubsecondDate(_ value: PropertyListValue) -> Bool {
    switch value {
    case .date(let date):
      let interval = date.timeIntervalSinceReferenceDate
      return interval.rounded(.down) != interval
    case .array(let values): return values.contains(where: hasSubsecondDate)
    case .dictionary(let values): return values.values.contains(where: hasSubsecondDate)
    default: return false
    }
  }

  /// The type flags `write` takes, without their `-`.
  static let typeFlags = ["string", "int", "float", "bool", "date", "data", "json"]

  /// Parses the text after a `write` type flag.
  ///
  /// - Parameters:
  ///   - text: The value as typed.
  ///   - flag: The type flag, such as `-int`.
  /// - Returns: The value to store.
  /// - Throws: A usage ``ToolFailure`` saying what the flag expects.
  static func parse(_ text: String, flag: String) throws(ToolFailure) -> PropertyListValue {
    func invalid(_ expected: String) -> ToolFailure {
      .usage("\(flag) expects \(expected), not \"\(text)\"", command: .write)
    }
    switch flag {
    case "-string":
      return .string(text)
    case "-int":
      guard let number = Int64(text) else { throw invalid("a 64-bit integer") }
      return .integer(number)
    case "-float":
      guard let number = Double(text) else { throw invalid("a number such as 1.5") }
      return .double(number)
    case "-bool":
      switch text.lowercased() {
      case "true", "yes", "1": return .bool(true)
      case "false", "no", "0": return .bool(false)
      default: throw invalid("true or false")
      }
    case "-date":
      guard let date = date(from: text) else {
        throw invalid("an ISO 8601 date such as 2024-05-01T09:30:00Z")
      }
      return .date(date)
    case "-data":
      guard let bytes = Data(base64Encoded: text) else { throw invalid("base64 text") }
      return .data(bytes)
    case "-json":
      do {
        return try JSONPropertyListParser.parse(Array(text.utf8))
      } catch {
        throw .usage("-json expects a JSON value: \(error)", command: .write)
      }
    default:
      throw .usage(
        "unknown type flag \"\(flag)\"; use one of "
          + typeFlags.map { "-" + $0 }.joined(separator: " "), command: .write)
    }
  }

  /// A date in ISO 8601: UTC with any number of fractional digits, read exactly as the
  /// library reads its files; or with a time zone offset, to the millisecond.
  private static func date(from text: String) -> Date? {
    let timestampCharacters = Set("0123456789-:.TZ")
    if text.allSatisfy(timestampCharacters.contains),
      case .date(let date)? = try? JSONPropertyListParser.parse(
        Array("{\"$date\": \"\(text)\"}".utf8))
    {
      return date
    }
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions.insert(.withFractionalSeconds)
    return formatter.date(from: text)
  }
}
