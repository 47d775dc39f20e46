// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// An assignment in code that breaks a constraint is rejected (the value stays, a problem is
/// listed), or clamped where the declaration asks.
struct ConstraintAssignmentTests {
  @Test func anAssignmentOutOfRangeIsRejectedAndListed() throws {
    let store = InMemoryStore()
    let prefs = ConstrainedPreferences(store: store)
    prefs.fontSize = 20
    prefs.fontSize = 4000
    #expect(prefs.fontSize == 20)
    let problem = try #require(prefs.preferenceProblems.first)
    #expect(problem.phase == .assignment)
    #expect(problem.error.kind == .rejectedValue)
    #expect(problem.error.key == "fontSize")
    #expect(problem.error.expected == "a value in 8.0...72.0")
    #expect(problem.error.found == "floating-point number 4000.0")
    #expect(prefs.$fontSize.rejection == problem.error)
    try prefs.writePreferences()
    #expect(store.allValues()["fontSize"] == .double(20))
    prefs.fontSize = 30
    #expect(prefs.preferenceProblems.isEmpty, "an accepted value removes the problem")
    #expect(prefs.$fontSize.rejection == nil)
  }

  @Test func eachKindOfConstraintRejects() {
    let prefs = ConstrainedPreferences(store: InMemoryStore())
    prefs.language = "xx"
    prefs.recentFiles = ["a", "b", "c", "d"]
    prefs.nickname = "ada lovelace"
    prefs.columns = 3
    prefs.retries = 13
    prefs.retries = 0
    #expect(prefs.language == "en" && prefs.recentFiles.isEmpty && prefs.nickname == "ada")
    #expect(prefs.columns == 2 && prefs.retries == 3)
    let errors = prefs.problemErrors(.assignment)
    #expect(errors.map(\.key) == ["language", "recentFiles", "nickname", "columns", "retries"])
    #expect(errors[1].expected == "at most 3 elements")
    #expect(errors[1].found == "array of 4 values")
    #expect(
      errors[1].reason?.contains("it has") == false, "the count is said once, in what was found")
    #expect(errors[2].expected == "at most 5 characters")
    #expect(errors[2].reason?.hasPrefix("it has 12 characters;") == true)
    #expect(errors[3].reason?.hasPrefix("must be even") == true)
    #expect(errors[4].expected == "a value in 1...100", "one problem a key: the latest")
    prefs.columns = 4
    prefs.recentFiles = ["a"]
    #expect(prefs.columns == 4 && prefs.recentFiles == ["a"])
  }

  @Test func aClampedPreferenceStoresTheNearerBound() {
    let prefs = ConstrainedPreferences(store: InMemoryStore())
    prefs.volume = 3
    #expect(prefs.volume == 1)
    prefs.volume = -1
    #expect(prefs.volume == 0)
    #expect(prefs.preferenceProblems.isEmpty)
  }

  @Test func withLockAndObserversSeeTheClampedValue() async throws {
    let prefs = ConstrainedPreferences(store: InMemoryStore())
    let changes = prefs.changes()
    prefs.$volume.withLock { $0 = 5 }
    #expect(prefs.volume == 1)
    var iterator = changes.makeAsyncIterator()
    let change = try #require(await iterator.next())
    #expect(change.newValue == .double(1))
    prefs.$fontSize.withLock { $0 = 1 }
    #expect(prefs.fontSize == 12 && prefs.$fontSize.rejection != nil)
  }

  @Test func anUnconstrainedPreferenceIsUnaffected() {
    let prefs = ConstrainedPreferences(store: InMemoryStore())
    prefs.plain = -1_000_000
    #expect(prefs.plain == -1_000_000 && prefs.preferenceProblems.isEmpty)
  }
}
