// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PreferencesKit

/// The library's validator of the JSON Schema subset it writes, over the schemas it writes.
struct JSONSchemaValidatorTests {
  func validator(_ type: Preferences.Type) throws -> JSONSchemaValidator {
    try JSONSchemaValidator(schema: Array(type.schema.jsonSchema()))
  }

  @Test func defaultsAndTheLibrarysOwnKeysAreValid() throws {
    let document: [String: PropertyListValue] = [
      "fontSize": .double(12), "language": .string("fr"), "theme": .string("dark"),
      "recentFiles": .array([.string("a")]), "PreferencesKit.version": .integer(2),
      "PreferencesKit.deviceID": .string("d"),
      "PreferencesKit.sync.fontSize": .dictionary(["changed": .string("1-d")]),
    ]
    #expect(try validator(ConstrainedPreferences.self).violations(of: document).isEmpty)
    let kinds: [String: PropertyListValue] = [
      "opened": .date(Date(timeIntervalSince1970: 5.25)), "token": .data(Data([9])),
      "weights": .dictionary(["a": .integer(1)]), "small": .integer(-128),
      "font_size": .string("anything: deprecated, not refused"),
    ]
    #expect(try validator(SchemaKindsPreferences.self).violations(of: kinds).isEmpty)
  }

  @Test func eachBrokenRuleIsOneViolation() throws {
    let validator = try validator(ConstrainedPreferences.self)
    let cases: [(String, PropertyListValue, String)] = [
      ("fontSize", .integer(4000), "maximum 72.0"),
      ("fontSize", .string("big"), "type \"number\""),
      ("language", .string("de"), "enum [\"en\", \"fr\"]"),
      ("recentFiles", .array(Array(repeating: .string("f"), count: 4)), "maxItems 3"),
      ("nickname", .string("abcdef"), "maxLength 5"),
      ("fontsize", .double(12), "additionalProperties false (not declared)"),
      ("PreferencesKit.sync.x", .dictionary([:]), "required [\"changed\"]"),
    ]
    for (key, value, constraint) in cases {
      let violations = validator.violations(of: [key: value])
      #expect(violations.map(\.constraint) == [constraint], "\(key)")
      #expect(violations.first?.path == [key])
    }
    let item = validator.violations(of: ["recentFiles": .array([.integer(1)])])
    #expect(item.map(\.description) == ["recentFiles.0: type \"string\": found 1"])
  }

  @Test func aDateMustBeADate() throws {
    let validator = try validator(SchemaKindsPreferences.self)
    #expect(validator.violations(of: ["opened": .integer(3)]).count == 1)
    #expect(validator.violations(of: ["small": .integer(128)]).map(\.constraint) == ["maximum 127"])
  }

  @Test func aDocumentThatIsNotASchemaIsRefused() {
    #expect(throws: (any Error).self) { try JSONSchemaValidator(schema: Array("[1]".utf8)) }
  }
}

/// The validator's shortcut for literal patterns matches as a regular expression does.
struct JSONSchemaPatternTests {
  @Test(arguments: [
    "^PreferencesKit\\.", "^PreferencesKit\\.sync\\.", "^\\$date$", "^\\$data$", "^a.b", "b$",
    "^\\d+$", "^x$y",
  ])
  func literalPatternsMatchAsExpressionsDo(_ pattern: String) throws {
    let regex = try NSRegularExpression(pattern: pattern)
    for key in [
      "PreferencesKit.", "PreferencesKit.sync.a", "PreferencesKitXsync", "$date", "$date2",
      "x$date", "$data", "aXb", "a.b", "12", "b", "", "x$y",
    ] {
      let expected = regex.firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil
      #expect(JSONSchemaValidator.matches(key, pattern) == expected, "\(key)")
    }
  }
}
