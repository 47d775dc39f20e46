// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PreferencesKit

/// A class declaring help text and each kind of constraint.
final class ConstrainedPreferences: Preferences, @unchecked Sendable {
  enum Theme: String, CaseIterable, Sendable { case light, dark }

  @Preference(help: "Font size in points", constraint: .range(8...72)) var fontSize = 12.0
  @Preference(constraint: .clamped(to: 0...1)) var volume = 0.5
  @Preference(constraint: .oneOf(["en", "fr"])) var language = "en"
  @Preference(constraint: .maximumCount(3)) var recentFiles: [String] = []
  @Preference(constraint: .maximumCount(5)) var nickname = "ada"
  @Preference(constraint: .validated { $0 % 2 == 0 ? nil : "must be even" }) var columns = 2
  @Preference(constraint: .all(.range(1...100), .validated { $0 == 13 ? "unlucky" : nil }))
  var retries = 3
  @Preference var theme = Theme.light
  @Preference var plain = 1
}

/// What the schema says about help text and constraints, without running the app's code.
struct ConstraintSchemaTests {
  func entry(_ key: String) throws -> PreferenceSchema.Entry {
    try #require(ConstrainedPreferences.schema.entries.first { $0.key == key })
  }

  @Test func theSchemaDescribesEachConstraint() throws {
    let fontSize = try entry("fontSize")
    #expect(fontSize.help == "Font size in points")
    #expect(fontSize.constraints.minimum == .double(8))
    #expect(fontSize.constraints.maximum == .double(72))
    #expect(!fontSize.constraints.clampsAssignments)
    #expect(try entry("volume").constraints.clampsAssignments)
    #expect(try entry("language").constraints.allowedValues == [.string("en"), .string("fr")])
    #expect(try entry("recentFiles").constraints.maximumCount == 3)
    #expect(try entry("nickname").constraints.maximumCount == 5)
    let columns = try entry("columns").constraints
    #expect(columns.hasCustomValidation && columns.minimum == nil)
    let retries = try entry("retries").constraints
    #expect(retries.hasCustomValidation && retries.maximum == .integer(100))
    #expect(try entry("theme").constraints.allowedValues == [.string("light"), .string("dark")])
    #expect(try entry("plain").constraints.isEmpty)
    #expect(try entry("plain").help == nil)
  }

  @Test func theSettingsBundleTitlesWithHelpAndGivesSlidersBounds() throws {
    let plist = try #require(
      PropertyListSerialization.propertyList(
        from: ConstrainedPreferences.schema.settingsBundleRootPlist(), format: nil)
        as? [String: Any])
    let specifiers = try #require(plist["PreferenceSpecifiers"] as? [[String: Any]])
    let fontSize = try #require(specifiers.first { $0["Key"] as? String == "fontSize" })
    #expect(fontSize["Type"] as? String == "PSSliderSpecifier")
    #expect(fontSize["Title"] as? String == "Font size in points")
    #expect(fontSize["MinimumValue"] as? Double == 8)
    #expect(fontSize["MaximumValue"] as? Double == 72)
    let language = try #require(specifiers.first { $0["Key"] as? String == "language" })
    #expect(language["Type"] as? String == "PSMultiValueSpecifier")
    #expect(!specifiers.contains { $0["Key"] as? String == "plain" })
  }
}
