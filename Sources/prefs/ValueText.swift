// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

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
    case .unsignedInteger(let number): String(number)
    case .double(let number): number.description
    case .bool(let flag): flag ? "true" : "false"
    case .date(let date): ISO8601Timestamp.exactText(for: date).text
    case .data(let bytes): bytes.base64EncodedString()
    case .array, .dictionary: try JSONPropertyListWriter.text(of: value)
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
    case "-int", "-integer":
      if let number = Int64(text) { return .integer(number) }
      guard let number = UInt64(text) else { throw invalid("an integer from -2^63 to 2^64-1") }
      return .unsignedInteger(number)
    case "-float":
      guard let number = Double(text) else { throw invalid("a number such as 1.5") }
      return .double(number)
    case "-bool", "-boolean":
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
        return try JSONPropertyListParser.parseValue(text)
      } catch {
        throw .usage("-json expects a JSON value: \(error)", command: .write)
      }
    default:
      throw .usage(unknownFlagMessage(flag), command: .write)
    }
  }

  /// What a usage error says about a word taken for a type flag that is none.
  static func unknownFlagMessage(_ flag: String) -> String {
    "unknown type flag \"\(flag)\"; use one of "
      + (typeFlags + collectionFlags).map { "-" + $0 }.joined(separator: " ")
      + ", or -string \"\(flag)\" to store it as a string"
  }

  /// A date in ISO 8601, in UTC (`Z`) or with a UTC offset (`-07:00`), with any number of
  /// fractional digits, read exactly as the library reads its files; or what
  /// `read` prints for a date no timestamp holds (`+infinity`, `nan`, seconds since 2001).
  private static func date(from text: String) -> Date? {
    ISO8601Timestamp.exactDate(from: text)
      ?? ISO8601Timestamp.date(from: text, allowingOffset: true)
  }
}
