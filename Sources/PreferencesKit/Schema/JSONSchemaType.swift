// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The JSON Schema of a Swift type's stored form: what ``PreferenceSchema/jsonSchema()`` says
/// about a preference's type.
enum JSONSchemaType {
  /// The bounds of the fixed-width integer types narrower than 64 bits, which a store's
  /// larger integer does not load into.
  private static let integerBounds: [String: (Int64, Int64)] = [
    "Int8": (-128, 127), "Int16": (-32768, 32767), "Int32": (-2_147_483_648, 2_147_483_647),
    "UInt8": (0, 255), "UInt16": (0, 65535), "UInt32": (0, 4_294_967_295),
  ]

  /// A date: `{"$date": ...}` as a `.json` store writes it, or a TOML datetime, which a
  /// language server presents as a `date-time` string.
  private static let date: [String: PropertyListValue] = tagged(
    "$date", value: ["type": .array([.string("string"), .string("number")])],
    text: ["type": .string("string"), "format": .string("date-time")])

  /// Data: `{"$data": "<base64>"}` as a `.json` store writes it, or its base64 text, as a
  /// TOML store does.
  private static let data: [String: PropertyListValue] = tagged(
    "$data", value: ["type": .string("string"), "contentEncoding": .string("base64")],
    text: ["type": .string("string"), "contentEncoding": .string("base64")])

  /// Either a one-key object tagged `tag` whose value matches `value`, or a string matching
  /// `text`. The tag is matched with `patternProperties`, as no object the library writes has a
  /// single key starting with `$` (its JSON writer would escape it).
  private static func tagged(
    _ tag: String, value: [String: PropertyListValue], text: [String: PropertyListValue]
  ) -> [String: PropertyListValue] {
    let object: [String: PropertyListValue] = [
      "type": .string("object"), "required": .array([.string(tag)]),
      "patternProperties": .dictionary(["^\\\(tag)$": .dictionary(value)]),
      "additionalProperties": .bool(false),
    ]
    return ["anyOf": .array([.dictionary(object), .dictionary(text)])]
  }

  /// The schema of values of the type named `typeName` (as ``PreferenceSchema/Entry/typeName``
  /// writes it: `Int?`, `[String]`, `[String: Double]`), or of the kind of `defaultValue` for a
  /// type it does not know; empty (any value) when neither says.
  static func schema(
    typeName: String, defaultValue: PropertyListValue?
  ) -> [String: PropertyListValue] {
    var name = Substring(typeName)
    while name.hasSuffix("?") { name = name.dropLast() }
    if name.hasPrefix("["), name.hasSuffix("]") {
      let inner = name.dropFirst().dropLast()
      if let colon = topLevelColon(in: inner) {
        let element = schema(
          typeName: String(inner[inner.index(after: colon)...].drop { $0 == " " }),
          defaultValue: nil)
        return ["type": .string("object"), "additionalProperties": .dictionary(element)]
      }
      let element = schema(typeName: String(inner), defaultValue: nil)
      return element.isEmpty
        ? ["type": .string("array")]
        : ["type": .string("array"), "items": .dictionary(element)]
    }
    switch name {
    case "Bool": return ["type": .string("boolean")]
    case "Int", "Int64": return ["type": .string("integer")]
    case "UInt", "UInt64": return ["type": .string("integer"), "minimum": .integer(0)]
    case "Double", "Float", "CGFloat", "Float64", "Float32": return ["type": .string("number")]
    case "String", "URL": return ["type": .string("string")]
    case "Date": return date
    case "Data": return data
    default: break
    }
    if let (lower, upper) = integerBounds[String(name)] {
      return ["type": .string("integer"), "minimum": .integer(lower), "maximum": .integer(upper)]
    }
    return defaultValue.map(schema(of:)) ?? [:]
  }

  /// The schema of values of the same kind as `value`.
  private static func schema(of value: PropertyListValue) -> [String: PropertyListValue] {
    switch value {
    case .bool: ["type": .string("boolean")]
    case .integer, .unsignedInteger: ["type": .string("integer")]
    case .double: ["type": .string("number")]
    case .string: ["type": .string("string")]
    case .date: date
    case .data: data
    case .array: ["type": .string("array")]
    case .dictionary: ["type": .string("object")]
    }
  }

  /// The keywords a maximum count sets for values `schema` describes: `maxLength` for strings,
  /// `maxItems` for arrays, `maxProperties` for objects, all three when the type is unknown.
  static func countKeywords(of schema: [String: PropertyListValue]) -> [String] {
    switch schema["type"] {
    case .string("string")?: ["maxLength"]
    case .string("array")?: ["maxItems"]
    case .string("object")?: ["maxProperties"]
    default: ["maxLength", "maxItems", "maxProperties"]
    }
  }

  /// The colon between a dictionary type's key and value types, outside any nested brackets.
  private static func topLevelColon(in name: Substring) -> Substring.Index? {
    var depth = 0
    for index in name.indices {
      switch name[index] {
      case "[", "<", "(": depth += 1
      case "]", ">", ")": depth -= 1
      case ":" where depth == 0: return index
      default: break
      }
    }
    return nil
  }
}
