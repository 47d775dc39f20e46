// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension JSONSchemaValidator {
  /// What an assertion `keyword` with `argument` asks that `value` does not give, as
  /// `maximum 72`; `nil` when `value` satisfies it or the keyword is not an assertion.
  static func failure(
    of keyword: String, _ argument: PropertyListValue, for value: PropertyListValue
  ) -> String? {
    let satisfied: Bool
    switch (keyword, argument) {
    case ("type", .string(let name)):
      satisfied = has(type: name, value)
    case ("type", .array(let names)):
      satisfied = names.contains {
        if case .string(let name) = $0 { has(type: name, value) } else { false }
      }
    case ("enum", .array(let allowed)):
      satisfied = allowed.contains { equal($0, value) }
    case ("const", _):
      satisfied = equal(argument, value)
    case ("minimum", _): satisfied = compare(value, argument).map { $0 >= 0 } ?? true
    case ("maximum", _): satisfied = compare(value, argument).map { $0 <= 0 } ?? true
    case ("exclusiveMinimum", _): satisfied = compare(value, argument).map { $0 > 0 } ?? true
    case ("exclusiveMaximum", _): satisfied = compare(value, argument).map { $0 < 0 } ?? true
    case ("minLength", _), ("maxLength", _):
      guard case .string(let string) = value else { return nil }
      satisfied = within(keyword, string.unicodeScalars.count, argument)
    case ("minItems", _), ("maxItems", _):
      guard case .array(let array) = value else { return nil }
      satisfied = within(keyword, array.count, argument)
    case ("minProperties", _), ("maxProperties", _):
      guard case .dictionary(let dictionary) = value else { return nil }
      satisfied = within(keyword, dictionary.count, argument)
    case ("required", .array(let names)):
      guard case .dictionary(let dictionary) = value else { return nil }
      satisfied = names.allSatisfy {
        if case .string(let name) = $0 { dictionary[name] != nil } else { true }
      }
    default:
      return nil
    }
    return satisfied ? nil : "\(keyword) \(text(of: argument))"
  }

  /// Checks the keywords that apply subschemas to `value` or to the values inside it.
  func checkApplicators(
    _ value: PropertyListValue, _ keywords: [String: PropertyListValue], at path: [String],
    into found: inout [Violation]
  ) {
    if case .dictionary(let dictionary) = value {
      checkProperties(dictionary, keywords, at: path, into: &found)
    }
    if case .array(let array) = value, let items = keywords["items"] {
      for (index, element) in array.enumerated() {
        check(element, against: items, at: path + [String(index)], into: &found)
      }
    }
    if case .array(let schemas)? = keywords["allOf"] {
      for schema in schemas { check(value, against: schema, at: path, into: &found) }
    }
    if case .array(let schemas)? = keywords["anyOf"],
      !schemas.contains(where: { allows($0, value) })
    {
      found.append(violation(path, "anyOf: none of its \(schemas.count) schemas", value))
    }
    if let schema = keywords["not"], allows(schema, value) {
      found.append(violation(path, "not \(Self.text(of: schema))", value))
    }
  }

  /// Whether `schema` allows `value`.
  func allows(_ schema: PropertyListValue, _ value: PropertyListValue) -> Bool {
    var found: [Violation] = []
    check(value, against: schema, at: [], into: &found)
    return found.isEmpty
  }

  /// Checks each entry of an object against `properties`, `patternProperties` and, for the
  /// entries neither names, `additionalProperties`.
  private func checkProperties(
    _ dictionary: [String: PropertyListValue], _ keywords: [String: PropertyListValue],
    at path: [String], into found: inout [Violation]
  ) {
    var properties: [String: PropertyListValue] = [:]
    if case .dictionary(let named)? = keywords["properties"] { properties = named }
    var patterns: [(String, PropertyListValue)] = []
    if case .dictionary(let byPattern)? = keywords["patternProperties"] {
      patterns = byPattern.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
    for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      var named = false
      if let schema = properties[key] {
        named = true
        check(value, against: schema, at: path + [key], into: &found)
      }
      for (pattern, schema) in patterns where Self.matches(key, pattern) {
        named = true
        check(value, against: schema, at: path + [key], into: &found)
      }
      if !named, let additional = keywords["additionalProperties"] {
        if additional == .bool(false) {
          found.append(violation(path + [key], "additionalProperties false (not declared)", value))
        } else {
          check(value, against: additional, at: path + [key], into: &found)
        }
      }
    }
  }

  /// Whether `pattern`, a regular expression, matches somewhere in `key`. The patterns the
  /// library writes, `^` and a literal with `\` escapes and perhaps `$`, are matched without
  /// compiling an expression, which costs more than the rest of a check.
  static func matches(_ key: String, _ pattern: String) -> Bool {
    if pattern.hasPrefix("^") {
      var literal = ""
      var escaped = false
      var anchored = false
      var plain = true
      for character in pattern.dropFirst() {
        if anchored { plain = false }
        if escaped {
          plain = plain && !character.isLetter && !character.isNumber
          literal.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "$" {
          anchored = true
        } else if ".^*+?()[]{}|".contains(character) {
          plain = false
        } else {
          literal.append(character)
        }
      }
      if plain, !escaped {
        return anchored
          ? key.unicodeScalars.elementsEqual(literal.unicodeScalars)
          : key.unicodeScalars.starts(with: literal.unicodeScalars)
      }
    }
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
    return regex.firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil
  }

  /// Whether `value` is of the JSON type `name`; an integral double is an integer, as JSON
  /// Schema has it.
  private static func has(type name: String, _ value: PropertyListValue) -> Bool {
    switch (name, value) {
    case ("null", _): false
    case ("boolean", .bool): true
    case ("integer", .integer), ("integer", .unsignedInteger): true
    case ("integer", .double(let double)): double.isFinite && double.rounded() == double
    case ("number", .integer), ("number", .unsignedInteger), ("number", .double): true
    case ("string", .string): true
    case ("array", .array): true
    case ("object", .dictionary): true
    default: false
    }
  }

  /// Whether `count` satisfies the `min...` or `max...` keyword with `argument`.
  private static func within(_ keyword: String, _ count: Int, _ argument: PropertyListValue)
    -> Bool
  {
    guard let limit = compare(.integer(Int64(count)), argument) else { return true }
    return keyword.hasPrefix("min") ? limit >= 0 : limit <= 0
  }

  /// JSON equality: numbers by value (`1` equals `1.0`), arrays in order, objects by entries.
  static func equal(_ left: PropertyListValue, _ right: PropertyListValue) -> Bool {
    if let order = compare(left, right) { return order == 0 }
    switch (left, right) {
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count
        && a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
    default:
      return left == right
    }
  }

  /// The order of two numbers, -1, 0 or 1: integers exactly, others as doubles; `nil` when
  /// either is not a number.
  static func compare(_ left: PropertyListValue, _ right: PropertyListValue) -> Int? {
    func exact(_ value: PropertyListValue) -> (negative: Bool, magnitude: UInt64)? {
      switch value {
      case .integer(let integer): (integer < 0, integer.magnitude)
      case .unsignedInteger(let integer): (false, integer)
      default: nil
      }
    }
    func double(_ value: PropertyListValue) -> Double? {
      switch value {
      case .integer(let integer): Double(integer)
      case .unsignedInteger(let integer): Double(integer)
      case .double(let double): double
      default: nil
      }
    }
    if let a = exact(left), let b = exact(right) {
      if a.negative != b.negative { return a.negative ? -1 : 1 }
      let order = a.magnitude == b.magnitude ? 0 : a.magnitude < b.magnitude ? -1 : 1
      return a.negative ? -order : order
    }
    guard let a = double(left), let b = double(right) else { return nil }
    return a == b ? 0 : a < b ? -1 : 1
  }
}
