// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Checks a store's values against a JSON Schema document, as `prefs validate` and `prefs write`
/// do with the schema an app publishes: it reads the schema, not the app's code.
///
/// It implements the part of draft 2020-12 that ``PreferenceSchema/jsonSchema()`` writes:
/// `type`, `enum`, `const`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`,
/// `minLength`, `maxLength`, `minItems`, `maxItems`, `maxProperties`, `required`, `items`,
/// `properties`, `patternProperties`, `additionalProperties`, `anyOf`, `allOf` and `not`.
/// Other keywords (`title`, `format`, `deprecated`, ...) are annotations and decide nothing.
/// A value is checked as a `.json` store writes it: a date is `{"$date": "..."}`, data
/// `{"$data": "..."}`.
///
/// ```swift
/// let validator = try JSONSchemaValidator(schema: Array(schemaBytes))
/// for violation in validator.violations(of: ["fontSize": .integer(4000)]) {
///   print(violation)  // fontSize: maximum 72: found 4000
/// }
/// ```
package struct JSONSchemaValidator: Sendable {
  /// One value a schema does not allow.
  package struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// The top-level key, then the keys and indices inside its value down to the value.
    package let path: [String]
    /// The keyword and what it asks: `maximum 72`, `type integer`, `enum ["en", "fr"]`.
    package let constraint: String
    /// The value, as JSON text.
    package let found: String

    /// `key.inner: constraint: found value`.
    package var description: String {
      "\(path.joined(separator: ".")): \(constraint): found \(found)"
    }
  }

  /// The schema's root.
  let root: PropertyListValue

  /// Reads a schema document.
  ///
  /// - Parameter schema: The JSON text of the schema, whose root is an object.
  /// - Throws: The JSON reader's error when the text is not JSON, or is not an object.
  package init(schema: [UInt8]) throws {
    root = Self.jsonView(.dictionary(try PropertyListFormat.json.decode(schema)))
  }

  /// Every violation in `document`, a store's values, in key order.
  package func violations(of document: [String: PropertyListValue]) -> [Violation] {
    var found: [Violation] = []
    check(Self.jsonView(.dictionary(document)), against: root, at: [], into: &found)
    return found
  }

  /// The values as JSON holds them: a date as `{"$date": text}`, data as `{"$data": base64}`,
  /// a double JSON has no number for as `{"$double": text}`, as the `.json` store writes them.
  static func jsonView(_ value: PropertyListValue) -> PropertyListValue {
    switch value {
    case .date(let date):
      let (text, isNumber) = ISO8601Timestamp.exactText(for: date)
      return .dictionary(["$date": isNumber ? .double(Double(text) ?? 0) : .string(text)])
    case .data(let data): return .dictionary(["$data": .string(data.base64EncodedString())])
    case .double(let double) where !double.isFinite:
      return .dictionary([
        "$double": .string(double.isNaN ? "nan" : double > 0 ? "+infinity" : "-infinity")
      ])
    case .array(let array): return .array(array.map(jsonView))
    case .dictionary(let dictionary): return .dictionary(dictionary.mapValues(jsonView))
    default: return value
    }
  }

  /// Appends to `found` each way `value`, at `path`, breaks `schema`.
  func check(
    _ value: PropertyListValue, against schema: PropertyListValue, at path: [String],
    into found: inout [Violation]
  ) {
    guard case .dictionary(let keywords) = schema else {
      if schema == .bool(false) { found.append(violation(path, "false schema", value)) }
      return
    }
    for (keyword, argument) in keywords.sorted(by: { $0.key < $1.key }) {
      if let failure = Self.failure(of: keyword, argument, for: value) {
        found.append(violation(path, failure, value))
      }
    }
    checkApplicators(value, keywords, at: path, into: &found)
  }

  /// A violation of `constraint` by `value` at `path`.
  func violation(_ path: [String], _ constraint: String, _ value: PropertyListValue) -> Violation {
    Violation(path: path, constraint: constraint, found: Self.text(of: value))
  }

  /// A value of the JSON view as JSON text on one line: `[1, "a"]`, `{"$date": "..."}`.
  static func text(of value: PropertyListValue) -> String {
    switch value {
    case .array(let array): return "[" + array.map(text(of:)).joined(separator: ", ") + "]"
    case .dictionary(let dictionary):
      let fields = dictionary.sorted { $0.key < $1.key }.map {
        text(of: .string($0.key)) + ": " + text(of: $0.value)
      }
      return "{" + fields.joined(separator: ", ") + "}"
    default: return (try? JSONPropertyListWriter.text(of: value)) ?? "\(value)"
    }
  }
}
