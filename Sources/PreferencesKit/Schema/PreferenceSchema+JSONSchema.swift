// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

extension PreferenceSchema {
  /// The address of the JSON Schema dialect ``jsonSchema()`` writes: draft 2020-12.
  public static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

  /// The class's preferences as a JSON Schema (draft 2020-12) of its store's document, which
  /// editors use to complete and check a hand edit, and `prefs validate` to check a store
  /// without the app's code.
  ///
  /// Each declared key is a property with its type, `default`, `title` and `description` (the
  /// `help:` text), a `$comment` naming its Swift type and whether it syncs, and its
  /// constraint: `minimum`/`maximum` for a numeric range, `enum` for
  /// ``PreferenceConstraint/oneOf(_:)`` or a `CaseIterable` type, and `maxLength`, `maxItems`
  /// or `maxProperties` for ``PreferenceConstraint/maximumCount(_:)``. A key in
  /// `previousKeys` is a property marked `deprecated`. The library's own keys (those starting
  /// with `PreferencesKit.`: the version, this device's identifier, sync records) are allowed;
  /// any other key is not, so an editor flags a misspelt key.
  ///
  /// One schema serves every file format. Values are described as a `.json` store writes them,
  /// and as a TOML editor's language server presents a TOML file: a date is either
  /// `{"$date": "2024-05-01T09:30:00Z"}` or a `date-time` string (a TOML datetime), and data
  /// either `{"$data": "<base64>"}` or a base64 string (as a TOML store writes it). A property
  /// list store is described by its values as `prefs export --format json` prints them.
  ///
  /// What a schema cannot say is left to the app: a ``PreferenceConstraint/validated(_:)``
  /// closure (the schema's `$comment` names the keys it checks) and a range of values that
  /// are not numbers, such as dates. JSON Schema counts a string's `maxLength` in Unicode
  /// scalars where Swift counts characters, so a string of combined characters the app
  /// accepts may be too long for the schema.
  ///
  /// ```swift
  /// let schema = AppPreferences.schema.jsonSchema()
  /// // {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
  /// //  "properties": {"fontSize": {"type": "number", "default": 12.0, "minimum": 8.0, ...
  /// ```
  ///
  /// - Returns: The UTF-8 bytes of the schema, with sorted keys, the same for the same
  ///   declaration.
  public func jsonSchema() -> Data {
    var properties: [String: PropertyListValue] = [:]
    for entry in entries {
      for previous in entry.previousKeys where properties[previous] == nil {
        properties[previous] = .dictionary([
          "deprecated": .bool(true),
          "description": .string(
            "The key \(entry.key) was stored under before; the app moves its value there."),
        ])
      }
    }
    for entry in entries { properties[entry.key] = .dictionary(Self.property(for: entry)) }
    properties[ReservedKey.version] = .dictionary([
      "type": .string("integer"), "minimum": .integer(1),
      "description": .string("The version of the preferences that last wrote the store."),
    ])
    properties[ReservedKey.deviceID] = .dictionary([
      "type": .string("string"),
      "description": .string("This device's identifier in the order of synced changes."),
    ])
    var document: [String: PropertyListValue] = [
      "$schema": .string(Self.jsonSchemaDialect),
      "type": .string("object"),
      "properties": .dictionary(properties),
      "patternProperties": .dictionary([
        "^PreferencesKit\\.sync\\.": .dictionary([
          "type": .string("object"), "required": .array([.string("changed")]),
          "description": .string("The record of a synced key's last change known here."),
        ]),
        "^PreferencesKit\\.": .dictionary([
          "description": .string("A key PreferencesKit keeps for itself.")
        ]),
      ]),
      "additionalProperties": .bool(false),
    ]
    document["$comment"] = .string(
      "Written by PreferencesKit from the app's declarations (version \(version)). "
        + gaps())
    // The schema holds only values that came from encoding, so the writer cannot refuse it.
    return Data((try? PropertyListFormat.json.encode(document)) ?? [])
  }

  /// What the schema says of the declared constraints: that every one is here, or each way
  /// the schema and the app's checks differ.
  private func gaps() -> String {
    func keys(_ isIncluded: (Entry) -> Bool) -> String? {
      let keys = entries.filter(isIncluded).map(\.key)
      return keys.isEmpty ? nil : keys.joined(separator: ", ")
    }
    let gaps = [
      keys { $0.constraints.hasCustomValidation }.map {
        "the app also checks \($0) with code that no schema can render, so a value this "
          + "schema allows may still be rejected"
      },
      keys { entry in
        [entry.constraints.minimum, entry.constraints.maximum].contains { $0?.isNumber == false }
      }.map { "the range of \($0) holds no numbers, so only the app checks it" },
      keys { entry in
        entry.constraints.maximumCount != nil
          && JSONSchemaType.countKeywords(of: Self.property(for: entry)).contains("maxLength")
      }.map {
        "maxLength counts Unicode scalars where the app counts characters, so the schema may "
          + "refuse a value of \($0) with combined characters that the app accepts"
      },
    ].compactMap { $0 }
    guard !gaps.isEmpty else { return "Every declared constraint is here." }
    return "Every declared constraint is here, except: " + gaps.joined(separator: "; ") + "."
  }

  /// The schema of one declared preference.
  private static func property(for entry: Entry) -> [String: PropertyListValue] {
    var schema = JSONSchemaType.schema(typeName: entry.typeName, defaultValue: entry.defaultValue)
    schema["default"] = entry.defaultValue
    if let help = entry.help {
      schema["title"] = .string(help)
      schema["description"] = .string(help)
    }
    let constraints = entry.constraints
    var comments = ["Swift type \(entry.typeName)" + (entry.isSynced ? ", synced." : ".")]
    for (keyword, bound) in [("minimum", constraints.minimum), ("maximum", constraints.maximum)] {
      guard let bound else { continue }
      if bound.isNumber {
        schema[keyword] = bound
      } else {
        comments.append("The app checks its \(keyword), \(bound), which no schema can render.")
      }
    }
    if let allowed = constraints.allowedValues { schema["enum"] = .array(allowed) }
    if let count = constraints.maximumCount {
      for keyword in JSONSchemaType.countKeywords(of: schema) {
        schema[keyword] = .integer(Int64(count))
      }
    }
    if constraints.clampsAssignments {
      comments.append("An assignment in the app's code beyond the range stores the nearer bound.")
    }
    if constraints.hasCustomValidation {
      comments.append("The app also checks it with code that no schema can render.")
    }
    schema["$comment"] = .string(comments.joined(separator: " "))
    return schema
  }
}

extension PropertyListValue {
  /// Whether the value is a number, which JSON Schema's `minimum` and `maximum` take.
  var isNumber: Bool {
    switch self {
    case .integer, .unsignedInteger, .double: true
    default: false
    }
  }
}
