// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Stored values of the wrong type never crash: the property keeps its default, the stored
/// value stays, and `preferenceProblems` explains.
struct BadStoredDataTests {
  /// A key, a stored value that does not fit it, and words its error must contain.
  struct Case: Sendable, CustomTestStringConvertible {
    let key: String
    let stored: PropertyListValue
    let mentions: [String]
    var testDescription: String { "\(key) = \(stored)" }
  }

  static let cases: [Case] = [
    Case(key: "launchCount", stored: .string("many"), mentions: ["Int", "string \"many\""]),
    Case(key: "fontSize", stored: .bool(true), mentions: ["Double", "Boolean true"]),
    Case(key: "launchCount", stored: .double(1.5), mentions: ["Int", "1.5"]),
    Case(key: "theme", stored: .string("sepia"), mentions: ["Theme", "sepia"]),
    Case(key: "homepage", stored: .integer(3), mentions: ["URL", "integer 3"]),
    Case(key: "recentFiles", stored: .array([.string("a"), .integer(2)]), mentions: ["[1]"]),
    Case(
      key: "person", stored: .dictionary(["name": .string("Ada"), "quest": .string("x")]),
      mentions: ["age"]),
    Case(
      key: "person",
      stored: .dictionary(["name": .string("Ada"), "quest": .string("x"), "age": .string("old")]),
      mentions: ["age", "Int", "string \"old\""]),
  ]

  @Test(arguments: cases)
  func aWrongTypeKeepsTheDefaultAndExplainsItself(_ badCase: Case) throws {
    let store = RecordingStore([badCase.key: badCase.stored])
    let prefs = AppPreferences(store: store)
    let defaults = AppPreferences(store: InMemoryStore())
    #expect(prefs.problemErrors(.load).count == 1)
    let error = try #require(prefs.problemErrors(.load).first)
    #expect(error.kind == .typeMismatch)
    #expect(error.key == badCase.key)
    #expect(error.description.contains("\"\(badCase.key)\""))
    for word in badCase.mentions {
      #expect(error.description.contains(word), "\(error.description) lacks \(word)")
    }
    #expect(prefs.launchCount == defaults.launchCount)
    #expect(prefs.fontSize == defaults.fontSize)
    #expect(prefs.person == nil)
    #expect(!prefs.hasUnsavedChanges)
    try prefs.writePreferences()
    #expect(store.allValues()[badCase.key] == badCase.stored)
  }

  @Test func anIntegerOutOfRangeForItsTypeIsRefused() throws {
    let store = InMemoryStore(["int8": .integer(300), "uint8": .integer(-1)])
    let prefs = AllTypesPreferences(store: store)
    #expect(prefs.int8 == -8)
    #expect(prefs.uint8 == 8)
    #expect(Set(prefs.problemErrors(.load).compactMap(\.key)) == ["int8", "uint8"])
    let error = try #require(prefs.problemErrors(.load).first { $0.key == "int8" })
    #expect(error.description.contains("Int8"))
    #expect(error.description.contains("300"))
  }

  @Test func anUnknownRawValueOfANonCodableEnumIsRefused() throws {
    let prefs = AllTypesPreferences(store: InMemoryStore(["level": .integer(9)]))
    #expect(prefs.level == .low)
    #expect(prefs.problemErrors(.load).first?.key == "level")
  }

  @Test func aBadValueIsReplacedOnlyWhenThePropertyIsSetAndWritten() throws {
    let store = InMemoryStore(["launchCount": .string("many")])
    let prefs = AppPreferences(store: store)
    prefs.launchCount = 3
    try prefs.writePreferences()
    #expect(store.allValues()["launchCount"] == .integer(3))
  }

  @Test func readPreferencesRefreshesLoadErrors() {
    let store = InMemoryStore(["launchCount": .string("many")])
    let prefs = AppPreferences(store: store)
    #expect(prefs.problemErrors(.load).count == 1)
    store.apply(["launchCount": .set(.integer(4))])
    prefs.readPreferences()
    #expect(prefs.preferenceProblems.isEmpty)
    #expect(prefs.launchCount == 4)
  }
}

struct TypeNameTests {
  @Test func typeNamesAreWrittenAsInSwiftCode() {
    #expect(PreferenceError.typeName(Int.self) == "Int")
    #expect(PreferenceError.typeName(Date?.self) == "Date?")
    #expect(PreferenceError.typeName([String].self) == "[String]")
    #expect(PreferenceError.typeName([String: [Int?]].self) == "[String: [Int?]]")
    #expect(PreferenceError.typeName(Person?.self) == "Person?")
    #expect(PreferenceError.typeName(Set<Int>.self) == "Set<Int>")
  }
}
