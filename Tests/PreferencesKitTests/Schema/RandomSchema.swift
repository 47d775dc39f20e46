// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

@testable import PreferencesKit

/// Random declarations and random documents near their limits, for the JSON Schema check.
enum RandomSchema {
  static let typeNames = [
    "Int", "Double", "String", "Bool", "Date", "Data", "[String]", "[String: Int]", "Int8",
    "UInt", "Theme", "Int?", "[Double]",
  ]

  /// A schema of one to six preferences with random types, defaults and constraints.
  static func make(using random: inout SplitMix64) -> PreferenceSchema {
    let entries = (0..<Int.random(in: 1...6, using: &random)).map { index in
      entry("key\(index)", using: &random)
    }
    return PreferenceSchema(version: Int.random(in: 1...3, using: &random), entries: entries)
  }

  private static func entry(_ key: String, using random: inout SplitMix64)
    -> PreferenceSchema.Entry
  {
    let typeName = typeNames.randomElement(using: &random)!
    var constraints = PreferenceSchema.Constraints()
    let chance = { (random: inout SplitMix64) in Bool.random(using: &random) }
    switch typeName {
    case "Int", "Int?", "Double":
      if chance(&random) {
        let lower = Int64.random(in: -5...5, using: &random)
        let upper = lower + Int64.random(in: 0...10, using: &random)
        constraints.minimum = typeName == "Double" ? .double(Double(lower) + 0.5) : .integer(lower)
        constraints.maximum = .integer(upper)
      }
    case "String", "[String]", "[String: Int]", "[Double]":
      if chance(&random) { constraints.maximumCount = Int.random(in: 0...4, using: &random) }
    case "Theme":
      constraints.allowedValues = [.string("light"), .string("dark")]
    default: break
    }
    constraints.hasCustomValidation = Int.random(in: 0..<5, using: &random) == 0
    let previous = chance(&random) ? ["old_" + key] : []
    return PreferenceSchema.Entry(
      key: key, typeName: typeName, defaultValue: typedValue(typeName, using: &random),
      isSynced: false, previousKeys: previous, help: chance(&random) ? "Help for \(key)" : nil,
      constraints: constraints)
  }

  /// A document holding some of the schema's keys (old and new), the library's own keys and
  /// keys nobody declared, each with a value of a random kind.
  static func document(
    for schema: PreferenceSchema, using random: inout SplitMix64
  ) -> [String: PropertyListValue] {
    var document: [String: PropertyListValue] = [:]
    for entry in schema.entries where Bool.random(using: &random) {
      document[entry.key] =
        Int.random(in: 0..<4, using: &random) == 0
        ? value(using: &random, depth: 0) : typedValue(entry.typeName, using: &random)
    }
    let others =
      schema.entries.flatMap(\.previousKeys) + [
        "PreferencesKit.version", "PreferencesKit.deviceID", "PreferencesKit.sync.key0",
        "undeclared",
      ]
    for key in others where Int.random(in: 0..<8, using: &random) == 0 {
      document[key] = value(using: &random, depth: 0)
    }
    return document
  }

  static let texts = ["", "a", "light", "dark", "abcd", "abcde", "é", "e\u{301}x", "😀😀😀"]

  /// A value of the type named `typeName`, near the limits the random constraints set.
  static func typedValue(_ typeName: String, using random: inout SplitMix64) -> PropertyListValue {
    switch typeName {
    case "Int", "Int?", "Int8", "UInt": return .integer(Int64.random(in: -8...18, using: &random))
    case "Double": return .double(Double(Int.random(in: -20...40, using: &random)) / 2)
    case "String", "Theme": return .string(texts.randomElement(using: &random)!)
    case "Bool": return .bool(Bool.random(using: &random))
    case "[String]", "[Double]":
      let element = typeName == "[String]" ? "String" : "Double"
      return .array(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
          typedValue(element, using: &random)
        })
    case "[String: Int]":
      var dictionary: [String: PropertyListValue] = [:]
      for key in ["a", "b", "c", "d", "e"].prefix(Int.random(in: 0...5, using: &random)) {
        dictionary[key] = typedValue("Int", using: &random)
      }
      return .dictionary(dictionary)
    default: return value(using: &random, depth: 0)
    }
  }

  /// A value of a random kind, near the limits the random constraints set.
  static func value(using random: inout SplitMix64, depth: Int) -> PropertyListValue {
    switch Int.random(in: 0..<(depth < 2 ? 11 : 8), using: &random) {
    case 0: return .bool(Bool.random(using: &random))
    case 1, 2: return .integer(Int64.random(in: -8...18, using: &random))
    case 3: return .double(Double(Int.random(in: -20...40, using: &random)) / 2)
    case 4, 5: return .string(texts.randomElement(using: &random)!)
    case 6:
      return .date(
        Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random))))
    case 7: return .data(Data((0..<Int.random(in: 0...4, using: &random)).map { UInt8($0) }))
    case 8, 9:
      return .array(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
          value(using: &random, depth: depth + 1)
        })
    default:
      var dictionary: [String: PropertyListValue] = [:]
      for index in 0..<Int.random(in: 0...5, using: &random) {
        dictionary[["a", "b", "changed", "value", "c"][index]] = value(
          using: &random, depth: depth + 1)
      }
      return .dictionary(dictionary)
    }
  }
}
