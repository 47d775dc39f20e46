// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A subclass of a subclass, with a property that is not a preference.
class BasePreferences: Preferences, @unchecked Sendable {
  @Preference var baseValue = 1
  let notAPreference = "ignored"
}

final class DerivedPreferences: BasePreferences, @unchecked Sendable {
  @Preference var derivedValue = "derived"
  @Preference(key: "custom.key") var renamed = false
  var computed: Int { baseValue * 2 }

  override func setDefaults() {
    baseValue = 5
  }
}

/// A preference whose value can have no property-list form: `nil` inside an array.
final class GappedPreferences: Preferences, @unchecked Sendable {
  @Preference var count = 0
  @Preference var gaps: [Int?] = []
}

/// A preference found under a key it was stored under before.
final class MovedPreferences: Preferences, @unchecked Sendable {
  @Preference(previousKeys: ["FontSize", "font_size"]) var fontSize = 12.0
}

struct PreferencesTests {
  // MARK: Discovery

  @Test func keysFollowDeclarationOrderWithSuperclassKeysFirst() {
    let prefs = DerivedPreferences(store: InMemoryStore())
    #expect(prefs.preferenceKeys == ["baseValue", "derivedValue", "custom.key"])
  }

  @Test func aSubclassOfASubclassLoadsEveryLevel() {
    let store = InMemoryStore([
      "baseValue": .integer(7), "derivedValue": .string("stored"), "custom.key": .bool(true),
    ])
    let prefs = DerivedPreferences(store: store)
    #expect(prefs.baseValue == 7)
    #expect(prefs.derivedValue == "stored")
    #expect(prefs.renamed)
    #expect(prefs.computed == 14)
  }

  @Test func keyOverrideIsUsedForStorage() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    prefs.hasWidgets = true
    try prefs.writePreferences()
    #expect(store.allValues() == ["Has Widgets": .bool(true)])
  }

  // MARK: Defaults

  @Test func declaredValuesAndSetDefaultsAreTheDefaults() {
    let prefs = DerivedPreferences(store: InMemoryStore())
    #expect(prefs.baseValue == 5)
    #expect(prefs.derivedValue == "derived")
    #expect(!prefs.hasUnsavedChanges)
  }

  @Test func defaultsTheAppNeverAssignedAreNeverWritten() throws {
    let store = RecordingStore()
    let prefs = AppPreferences(store: store)
    prefs.launchCount = 1
    try prefs.writePreferences()
    #expect(store.allValues() == ["launchCount": .integer(1)])
  }

  @Test func anAssignedValueIsWrittenEvenWhenItEqualsTheDefault() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    prefs.fontSize = 12
    prefs.recentFiles = ["README.md"]
    try prefs.writePreferences()
    #expect(store.allValues()["fontSize"] == .double(12))
    #expect(store.allValues()["recentFiles"] == .array([.string("README.md")]))
  }

  @Test func setDefaultsValuesAreNotDirty() {
    let prefs = AppPreferences(store: InMemoryStore())
    #expect(prefs.recentFiles == ["README.md"])
    #expect(!prefs.hasUnsavedChanges)
  }

  // MARK: Loading

  @Test func storedKeysOverrideDefaultsAndAbsentKeysKeepThem() {
    let store = InMemoryStore(["fontSize": .double(20), "theme": .string("dark")])
    let prefs = AppPreferences(store: store)
    #expect(prefs.fontSize == 20)
    #expect(prefs.theme == .dark)
    #expect(prefs.userName == "")
    #expect(prefs.recentFiles == ["README.md"])
    #expect(!prefs.hasUnsavedChanges)
  }

  /// Creation loads directly, without the changes a reload works out: what it loads, the
  /// errors it lists and the keys it moves must be what a reload gives, for the first instance
  /// of a class (found with `Mirror`) and for later ones (found from the recorded layout).
  @Test func creatingAnInstanceLoadsWhatAReloadLoads() throws {
    let store = InMemoryStore([
      "userName": .string("Ada"), "fontSize": .string("big"), "launchCount": .integer(3),
      "lastOpened": .date(Date(timeIntervalSince1970: 1_000)), "theme": .string("sepia"),
      "recentFiles": .array([.string("a.txt")]), "Has Widgets": .bool(true),
      "person": .dictionary([
        "name": .string("Grace"), "quest": .string("COBOL"), "age": .integer(85),
      ]),
    ])
    func snapshot(_ prefs: AppPreferences) -> [String] {
      let values = [
        prefs.userName, "\(prefs.fontSize)", "\(prefs.launchCount)", "\(prefs.theme)",
        "\(prefs.lastOpened as Any)", "\(prefs.recentFiles)", "\(prefs.hasWidgets)",
        "\(prefs.person as Any)", "\(prefs.hasUnsavedChanges)",
      ]
      return values + prefs.problemErrors(.load).map { "\($0.kind) \($0.key ?? "")" }
    }
    for _ in 0..<2 {
      let prefs = AppPreferences(store: store)
      let created = snapshot(prefs)
      #expect(created.first == "Ada")
      #expect(prefs.problemErrors(.load).compactMap(\.key).sorted() == ["fontSize", "theme"])
      prefs.readPreferences()
      #expect(snapshot(prefs) == created)
    }
    let moved = MovedPreferences(store: InMemoryStore(["font_size": .double(14)]))
    #expect(moved.fontSize == 14)
    try moved.writePreferences()
    #expect(try moved.preferenceStore.allValues() == ["fontSize": .double(14)])
  }

  // MARK: Dirty tracking

  @Test func everyKindOfAssignmentMarksItsKeyDirty() throws {
    let store = RecordingStore()
    let prefs = AppPreferences(store: store)
    prefs.launchCount += 1
    prefs.recentFiles.append("a.txt")
    prefs.shortcuts["copy"] = 3
    prefs.person = Person(name: "Arthur", quest: "Grail", age: 40)
    prefs.person?.age += 1
    try prefs.writePreferences()
    #expect(
      Set(store.applied.flatMap(\.keys))
        == ["launchCount", "recentFiles", "shortcuts", "person"])
  }

  @Test func aWriteHandsOnlyTheDirtyKeysToTheStoreInOneBatch() throws {
    let store = RecordingStore(["userName": .string("ada"), "fontSize": .double(9)])
    let prefs = AppPreferences(store: store)
    prefs.fontSize = 10
    prefs.hasAppRun = true
    try prefs.writePreferences()
    #expect(store.applied.count == 1)
    #expect(store.applied.first == ["fontSize": .set(.double(10)), "hasAppRun": .set(.bool(true))])
    #expect(store.allValues()["userName"] == .string("ada"))
  }

  @Test func aWriteWithNothingDirtyDoesNotTouchTheStore() throws {
    let store = RecordingStore()
    let prefs = AppPreferences(store: store)
    try prefs.writePreferences()
    prefs.fontSize = 13
    try prefs.writePreferences()
    try prefs.writePreferences()
    #expect(store.applied.count == 1)
  }

  @Test func assigningNilToAnOptionalRemovesTheKey() throws {
    let store = InMemoryStore(["lastOpened": .date(Date(timeIntervalSince1970: 100))])
    let prefs = AppPreferences(store: store)
    #expect(prefs.lastOpened == Date(timeIntervalSince1970: 100))
    prefs.lastOpened = nil
    try prefs.writePreferences()
    #expect(store.allValues()["lastOpened"] == nil)
  }

  @Test func aFailedWriteThrowsAndKeepsTheKeysDirty() throws {
    let store = RecordingStore()
    let prefs = AppPreferences(store: store)
    prefs.fontSize = 15
    store.failure = PreferenceError(.writeFailed, reason: "disk full")
    #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
    #expect(prefs.hasUnsavedChanges)
    store.failure = nil
    try prefs.writePreferences()
    #expect(store.allValues()["fontSize"] == .double(15))
    #expect(!prefs.hasUnsavedChanges)
  }

  @Test func anAssignmentDuringAWriteStaysDirty() throws {
    let store = AssigningStore()
    let prefs = AppPreferences(store: store)
    store.duringApply = { prefs.fontSize = 99 }
    prefs.fontSize = 1
    try prefs.writePreferences()
    #expect(prefs.hasUnsavedChanges)
    store.duringApply = nil
    try prefs.writePreferences()
    #expect(store.allValues()["fontSize"] == .double(99))
  }

  @Test func aValueWithNoStoredFormIsLeftOutAndTheRestSaved() throws {
    let store = RecordingStore()
    let prefs = GappedPreferences(store: store)
    prefs.count = 1
    prefs.gaps = [1, nil]
    let error = #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
    #expect(error?.kind == .unrepresentableValue)
    #expect(error?.key == "gaps")
    #expect(error?.description.contains("\"gaps\" was not saved") == true)
    #expect(error?.description.contains("the other 1 change(s) were saved") == true)
    #expect(store.applied == [["count": .set(.integer(1))]])
    #expect(prefs.hasUnsavedChanges)
    // Not tried again until assigned again.
    try prefs.writePreferences()
    #expect(store.applied.count == 1)
    prefs.gaps = [2, nil]
    #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
    prefs.gaps = [3]
    try prefs.writePreferences()
    #expect(store.allValues() == ["count": .integer(1), "gaps": .array([.integer(3)])])
    #expect(!prefs.hasUnsavedChanges)
  }

  // MARK: Reading and resetting

  @Test func readPreferencesDiscardsUnsavedChanges() throws {
    let store = InMemoryStore(["fontSize": .double(14)])
    let prefs = AppPreferences(store: store)
    prefs.fontSize = 30
    prefs.readPreferences()
    #expect(prefs.fontSize == 14)
    #expect(!prefs.hasUnsavedChanges)
  }

  @Test func readPreferencesPicksUpChangesMadeToTheStore() {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    store.apply(["userName": .set(.string("grace"))])
    prefs.readPreferences()
    #expect(prefs.userName == "grace")
  }

  @Test func resetRestoresDefaultsAndTheNextWriteRemovesEveryKey() throws {
    let store = InMemoryStore([
      "fontSize": .double(20), "recentFiles": .array([]), "unknown": .string("kept"),
    ])
    let prefs = AppPreferences(store: store)
    prefs.resetToDefaults()
    #expect(prefs.fontSize == 12)
    #expect(prefs.recentFiles == ["README.md"])
    #expect(prefs.hasUnsavedChanges)
    try prefs.writePreferences()
    #expect(store.allValues() == ["unknown": .string("kept")])
  }

  // MARK: Store failures

  @Test func aStoreThatCannotBeReadLeavesDefaultsAndAnError() {
    let prefs = AppPreferences(store: UnreadableStore())
    #expect(prefs.fontSize == 12)
    #expect(prefs.problemErrors(.load).map(\.kind) == [.readFailed])
  }
}

/// A store that runs a closure in the middle of `apply`.
final class AssigningStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: `duringApply` is set only while no write runs, in a single-threaded test.
  let base = InMemoryStore()
  var duringApply: (() -> Void)?

  func allValues() -> [String: PropertyListValue] { base.allValues() }

  func values(forKeys keys: [String]?) -> [String: PropertyListValue] { base.allValues() }

  func apply(_ changes: [String: StoredChange]) {
    duringApply?()
    base.apply(changes)
  }
}

/// A store whose reads always fail.
final class UnreadableStore: PreferenceStore {
  func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
    throw PreferenceError(.readFailed, reason: "the disk is gone")
  }

  func apply(_ changes: [String: StoredChange]) throws {}
}

/// Programming errors in a subclass stop the program with a message that names the mistake.
struct ProgrammingErrorTests {
}
