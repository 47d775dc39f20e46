// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// The JSON Schema an app publishes beside its store (`preferences.schema.json` beside
/// `preferences.toml`), as `prefs edit` reads it: each declared key's help and constraints, to
/// show as comments and to check an edit against.
///
/// `prefs edit` reads the keywords the library writes for a preference: `type`, `description`
/// (or `title`), `default`, `enum`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `maxLength`, `maxItems`, `maxProperties` and `deprecated`. Other
/// keywords are ignored.
struct PublishedSchema {
  /// One declared key.
  struct Property {
    var key: String
    /// The property's JSON Schema keywords.
    var fields: [String: PropertyListValue]

    func string(_ name: String) -> String? {
      if case .string(let text)? = fields[name] { text } else { nil }
    }

    func number(_ name: String) -> Double? { fields[name].flatMap(PublishedSchema.number) }
  }

  /// The schema's file.
  let url: URL
  /// The declared keys, sorted.
  let properties: [Property]
  /// The library's validator of the schema, which checks values as `prefs validate` does.
  let validator: JSONSchemaValidator

  /// The schema beside `location`'s file (its name with `.schema.json` in place of its
  /// extension), or `nil` when there is none, or the store is no file.
  ///
  /// - Throws: ``ToolFailure/inputOutput(_:)`` when the file is there but is not a JSON object
  ///   with `properties`.
  static func beside(_ location: StoreLocation) throws(ToolFailure) -> PublishedSchema? {
    guard let store = location.fileURL else { return nil }
    let url = FileStore.schemaURL(forStoreAt: store)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let root: PropertyListValue
    let validator: JSONSchemaValidator
    do {
      let bytes = Array(try Data(contentsOf: url))
      root = try JSONPropertyListParser.parse(bytes)
      validator = try JSONSchemaValidator(schema: bytes)
    } catch {
      throw .inputOutput("read", url.path, error)
    }
    guard case .dictionary(let schema) = root, case .dictionary(let fields)? = schema["properties"]
    else {
      throw .inputOutput("cannot read \(url.path): expected a JSON Schema with \"properties\"")
    }
    let properties = fields.keys.sorted().compactMap { key -> Property? in
      guard case .dictionary(let keywords) = fields[key]! else { return nil }
      return Property(key: key, fields: keywords)
    }
    return PublishedSchema(url: url, properties: properties, validator: validator)
  }

  /// Comment lines naming every declared key (not the library's own), its type, constraints,
  /// default and help, such as
  /// `fontSize (number, 8 to 72, default 12): Font size in points`.
  var commentLines: [String] {
    ["Declared in \(url.lastPathComponent):"]
      + properties.filter { !$0.key.hasPrefix(ReservedKey.prefix) }.map { property in
        var facts = [Self.typeText(property.fields["type"])]
        facts += Self.constraintTexts(of: property)
        if let value = property.fields["default"] {
          facts.append("default \(Self.text(of: value))")
        }
        if property.fields["deprecated"] == .bool(true) { facts.append("deprecated") }
        let help = property.string("description") ?? property.string("title")
        let summary = "  \(property.key) (\(facts.compactMap { $0 }.joined(separator: ", ")))"
        return summary + (help.map { ": " + $0 } ?? "")
      }
  }

  /// The constraints of `property` in words, such as `8 to 72` or `one of "light", "dark"`.
  static func constraintTexts(of property: Property) -> [String] {
    var texts: [String] = []
    let minimum = property.number("minimum")
    let maximum = property.number("maximum")
    switch (minimum, maximum) {
    case (let low?, let high?): texts.append("\(numberText(low)) to \(numberText(high))")
    case (let low?, nil): texts.append("at least \(numberText(low))")
    case (nil, let high?): texts.append("at most \(numberText(high))")
    case (nil, nil): break
    }
    if let low = property.number("exclusiveMinimum") { texts.append("above \(numberText(low))") }
    if let high = property.number("exclusiveMaximum") { texts.append("below \(numberText(high))") }
    if case .array(let cases)? = property.fields["enum"] {
      texts.append("one of " + cases.map(text(of:)).joined(separator: ", "))
    }
    for (keyword, noun) in [
      ("maxLength", "characters"), ("maxItems", "elements"), ("maxProperties", "entries"),
    ] {
      if let count = property.number(keyword) {
        texts.append("at most \(numberText(count)) \(noun)")
      }
    }
    return texts
  }

  /// The JSON Schema `type` in words.
  private static func typeText(_ type: PropertyListValue?) -> String? {
    switch type {
    case .string(let name)?: name
    case .array(let names)?: names.map { text(of: $0) }.joined(separator: " or ")
    default: nil
    }
  }

  /// A value as a comment shows it: JSON on one line.
  static func text(of value: PropertyListValue) -> String {
    if case .double(let number) = value { return numberText(number) }
    return (try? JSONPropertyListWriter.text(of: value)) ?? "\(value)"
  }

  /// A number without a needless `.0`.
  static func numberText(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
  }

  /// An integer or a double as a double; `nil` for any other value.
  static func number(_ value: PropertyListValue) -> Double? {
    switch value {
    case .integer(let number): Double(number)
    case .unsignedInteger(let number): Double(number)
    case .double(let number): number
    default: nil
    }
  }
}
