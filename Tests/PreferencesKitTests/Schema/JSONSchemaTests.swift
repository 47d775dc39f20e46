// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A class with a renamed key, a date, data, and typed collections, for the JSON Schema.
final class SchemaKindsPreferences: Preferences, @unchecked Sendable {
  @Preference(previousKeys: ["font_size"]) var fontSize = 12.0
  @Preference var opened = Date(timeIntervalSince1970: 0)
  @Preference var token = Data([1, 2])
  @Preference var weights: [String: Double] = [:]
  @Preference var small: Int8 = 1
  @Preference var nickname: String? = nil
}

/// Combined constraints, a range of dates and a plain class, for what the schema's `$comment`
/// says it holds.
final class CombinedConstraintPreferences: Preferences, @unchecked Sendable {
  @Preference(constraint: .all(.range(1...100), .range(10...200))) var size = 50
  @Preference(constraint: .all(.oneOf(["a", "b", "c"]), .oneOf(["z", "c", "b"])))
  var letter = "b"
  @Preference(
    constraint: .range(Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 1e9)))
  var opened = Date(timeIntervalSince1970: 0)
  @Preference(constraint: .maximumCount(4)) var code = "ab"
}

/// A class whose every constraint a schema renders.
final class RenderedConstraintPreferences: Preferences, @unchecked Sendable {
  @Preference(constraint: .range(8...72)) var fontSize = 12.0
  @Preference(constraint: .maximumCount(3)) var recent: [String] = []
}

/// What ``PreferenceSchema/jsonSchema()`` writes: every declared rule a schema can say.
struct JSONSchemaTests {
  /// The rendered schema of `type`, as JSON objects.
  func schema(of type: Preferences.Type) throws -> [String: Any] {
    try #require(
      JSONSerialization.jsonObject(with: type.schema.jsonSchema()) as? [String: Any])
  }

  func property(_ key: String, of type: Preferences.Type) throws -> [String: Any] {
    let properties = try #require(try schema(of: type)["properties"] as? [String: Any])
    return try #require(properties[key] as? [String: Any])
  }

  @Test func eachConstraintIsAKeyword() throws {
    let root = try schema(of: ConstrainedPreferences.self)
    #expect(root["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(root["additionalProperties"] as? Bool == false)
    let comment = try #require(root["$comment"] as? String)
    #expect(comment.contains("columns, retries"))
    let fontSize = try property("fontSize", of: ConstrainedPreferences.self)
    #expect(fontSize["type"] as? String == "number")
    #expect(fontSize["default"] as? Double == 12)
    #expect(fontSize["minimum"] as? Double == 8 && fontSize["maximum"] as? Double == 72)
    #expect(fontSize["title"] as? String == "Font size in points")
    #expect(fontSize["description"] as? String == "Font size in points")
    let language = try property("language", of: ConstrainedPreferences.self)
    #expect(language["enum"] as? [String] == ["en", "fr"])
    let recent = try property("recentFiles", of: ConstrainedPreferences.self)
    #expect(recent["maxItems"] as? Int == 3 && recent["maxLength"] == nil)
    #expect((recent["items"] as? [String: Any])?["type"] as? String == "string")
    let nickname = try property("nickname", of: ConstrainedPreferences.self)
    #expect(nickname["maxLength"] as? Int == 5)
    let columns = try property("columns", of: ConstrainedPreferences.self)
    #expect((columns["$comment"] as? String)?.contains("code") == true)
    #expect(columns["type"] as? String == "integer")
    let theme = try property("theme", of: ConstrainedPreferences.self)
    #expect(theme["enum"] as? [String] == ["light", "dark"])
    let volume = try property("volume", of: ConstrainedPreferences.self)
    #expect((volume["$comment"] as? String)?.contains("nearer bound") == true)
  }

  @Test func typesDatesDataAndPreviousKeys() throws {
    let old = try property("font_size", of: SchemaKindsPreferences.self)
    #expect(old["deprecated"] as? Bool == true)
    let opened = try property("opened", of: SchemaKindsPreferences.self)
    #expect((opened["anyOf"] as? [Any])?.count == 2)
    #expect((opened["default"] as? [String: Any])?["$date"] as? String == "1970-01-01T00:00:00Z")
    let token = try property("token", of: SchemaKindsPreferences.self)
    #expect((token["anyOf"] as? [Any])?.count == 2)
    let weights = try property("weights", of: SchemaKindsPreferences.self)
    #expect(weights["type"] as? String == "object")
    #expect((weights["additionalProperties"] as? [String: Any])?["type"] as? String == "number")
    let small = try property("small", of: SchemaKindsPreferences.self)
    #expect(small["minimum"] as? Int == -128 && small["maximum"] as? Int == 127)
    let nickname = try property("nickname", of: SchemaKindsPreferences.self)
    #expect(nickname["type"] as? String == "string" && nickname["default"] == nil)
  }

  /// `.all` gives the schema the intersection of its ranges and of its allowed lists, and the
  /// `$comment` names every constraint the schema cannot hold as the app checks it.
  @Test func combinedConstraintsIntersectAndTheCommentNamesEveryGap() throws {
    let size = try property("size", of: CombinedConstraintPreferences.self)
    #expect(size["minimum"] as? Int == 10 && size["maximum"] as? Int == 100)
    let letter = try property("letter", of: CombinedConstraintPreferences.self)
    #expect(letter["enum"] as? [String] == ["b", "c"])
    let comment = try #require(
      try schema(of: CombinedConstraintPreferences.self)["$comment"] as? String)
    #expect(!comment.contains("Every declared constraint is here."), "\(comment)")
    #expect(comment.contains("the range of opened holds no numbers"), "\(comment)")
    #expect(comment.contains("maxLength counts Unicode scalars"), "\(comment)")
    #expect(comment.contains("a value of code with combined characters"), "\(comment)")
    #expect(!comment.contains("size") && !comment.contains("letter"), "\(comment)")
    let rendered = try #require(
      try schema(of: RenderedConstraintPreferences.self)["$comment"] as? String)
    #expect(rendered.hasSuffix("Every declared constraint is here."), "\(rendered)")
  }

  @Test func theSameDeclarationGivesTheSameBytes() {
    #expect(
      ConstrainedPreferences.schema.jsonSchema() == ConstrainedPreferences.schema.jsonSchema())
  }
}
