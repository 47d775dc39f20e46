// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

@testable import PropertyListFormats

/// The toml-test cases vendored in `Corpora/toml-test` (TOML 1.0.0's list), and how to compare a
/// value read with a case's tagged JSON.
enum TOMLCorpus {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Corpora/toml-test")

  /// The list's entries that end in `.toml` and start with `prefix` (`valid/` or `invalid/`).
  static func cases(_ prefix: String) -> [String] {
    let list =
      (try? String(
        contentsOf: folder.appendingPathComponent("files-toml-1.0.0"),
        encoding: .utf8)) ?? ""
    return list.split(separator: "\n").map(String.init)
      .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".toml") }
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// Whether `actual` is what the tagged JSON `expected` describes, types included.
  static func matches(_ actual: PropertyListValue, _ expected: PropertyListValue) -> Bool {
    switch expected {
    case .dictionary(let tagged)
    where tagged.count == 2 && tagged.keys.contains("type") && tagged.keys.contains("value"):
      guard case .string(let type) = tagged["type"], case .string(let text) = tagged["value"]
      else { break }
      return scalar(actual, type: type, text: text)
    case .dictionary(let table):
      guard case .dictionary(let values) = actual, values.count == table.count else {
        return false
      }
      return table.allSatisfy { key, value in values[key].map { matches($0, value) } ?? false }
    case .array(let elements):
      guard case .array(let values) = actual, values.count == elements.count else {
        return false
      }
      return zip(values, elements).allSatisfy { matches($0, $1) }
    default:
      break
    }
    return false
  }

  private static func scalar(_ actual: PropertyListValue, type: String, text: String) -> Bool {
    switch (type, actual) {
    case ("string", .string(let value)): return value == text
    case ("integer", .integer(let value)): return Int64(text) == value
    case ("bool", .bool(let value)): return String(value) == text
    case ("float", .double(let value)):
      if text.hasSuffix("nan") { return value.isNaN }
      let expected =
        text.hasSuffix("inf")
        ? (text.hasPrefix("-") ? -Double.infinity : .infinity)
        : Double(text)
      return expected == value && expected?.sign == value.sign
    case ("datetime", .date(let value)):
      let normalized = String(text.map { $0 == "z" ? "Z" : $0 == " " || $0 == "t" ? "T" : $0 })
      return ISO8601Timestamp.date(from: normalized, allowingOffset: true) == value
    case ("datetime-local", .string(let value)), ("date-local", .string(let value)),
      ("time-local", .string(let value)):
      return trimmedFraction(value) == trimmedFraction(text)
    default: return false
    }
  }

  /// `text` with a fraction's trailing zeros removed and `t` or a space between date and time
  /// as `T`.
  private static func trimmedFraction(_ text: String) -> String {
    var characters = Array(text)
    if characters.count > 10, characters[10] == " " || characters[10] == "t" {
      characters[10] = "T"
    }
    if characters.contains(".") {
      while characters.last == "0" { characters.removeLast() }
      if characters.last == "." { characters.removeLast() }
    }
    return String(characters)
  }
}
