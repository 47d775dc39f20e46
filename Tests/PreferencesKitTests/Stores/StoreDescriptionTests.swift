// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PreferencesKit

/// Floats as a person writes them in a schema.
private final class ScalePreferences: Preferences, @unchecked Sendable {
  @Preference var scale: Float = 1.2
  @Preference var ratio: Float? = nil
}

/// What `print(store)` and a schema show a person.
struct StoreDescriptionTests {
  @Test func eachStoreSaysWhatItIsAndWhereItKeepsItsValues() throws {
    let file = URL(fileURLWithPath: "/home/ada/.config/notes/preferences.plist")
    #expect("\(FileStore(url: file))" == "FileStore(/home/ada/.config/notes/preferences.plist)")
    #expect("\(InMemoryStore(["a": .integer(1)]))" == "InMemoryStore(1 value)")
    #expect("\(InMemoryStore())" == "InMemoryStore(0 values)")
    let suite = "StoreDescriptionTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
    #expect("\(UserDefaultsStore(suiteName: suite))" == "UserDefaultsStore(suite \(suite))")
    let standard = "\(UserDefaultsStore(defaults: .standard))"
    #expect(standard.hasPrefix("UserDefaultsStore(standard, domain "))
    let folder = URL(fileURLWithPath: "/home/ada/Sync/MyApp")
    #expect("\(FileSyncStore(folder: folder))" == "FileSyncStore(/home/ada/Sync/MyApp, *.plist)")
    #expect(
      "\(FileSyncStore(folder: folder, format: .json))"
        == "FileSyncStore(/home/ada/Sync/MyApp, *.json)")
  }

  @Test func theSchemaShowsAFloatDefaultAsItWasWritten() throws {
    let entries = ScalePreferences.schema.entries
    #expect(entries.first { $0.key == "scale" }?.defaultValue == .double(1.2))
    #expect(entries.first { $0.key == "ratio" }?.defaultValue == nil)
    let json = String(decoding: ScalePreferences.schema.jsonSchema(), as: UTF8.self)
    #expect(json.contains("\"default\": 1.2,"))
    #expect(!json.contains("1.2000000476837158"))
    // What the schema shows loads back as the same Float.
    let prefs = ScalePreferences(store: InMemoryStore(["scale": .double(1.2)]))
    #expect(prefs.scale == Float(1.2))
  }
}
