// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// The one problem list: each phase's problems arrive and leave when the phase says, and the
/// stream follows the list.
struct PreferenceProblemTests {
  @Test func aLoadProblemIsListedInTheLoadPhaseUntilALoadNoLongerFindsIt() throws {
    let store = InMemoryStore(["launchCount": .string("many")])
    let prefs = AppPreferences(store: store)
    let problem = try #require(prefs.preferenceProblems.first)
    #expect(prefs.preferenceProblems.count == 1)
    #expect(problem.phase == .load)
    #expect(problem.key == "launchCount")
    #expect(problem.error.kind == .typeMismatch)
    #expect(problem.description.hasPrefix("load: preference \"launchCount\""))
    store.apply(["launchCount": .set(.integer(3))])
    prefs.readPreferences()
    #expect(prefs.preferenceProblems.isEmpty)
    #expect(prefs.launchCount == 3)
  }

  @Test func aKeyTheStoreCannotHoldIsListedInTheWritePhaseUntilAssignedAgain() throws {
    try withDirectory { directory in
      let prefs = AppPreferences(store: FileStore(url: directory.file("p.plist")))
      prefs.userName = "a\u{0}b"
      #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
      #expect(prefs.preferenceProblems.map(\.phase) == [.write])
      #expect(prefs.preferenceProblems.map(\.key) == ["userName"])
      #expect(prefs.preferenceProblems.first?.error.kind == .unrepresentableValue)
      // Tried again only once assigned again; the list keeps it until then.
      try prefs.writePreferences()
      #expect(prefs.preferenceProblems.map(\.key) == ["userName"])
      prefs.userName = "Ada"
      try prefs.writePreferences()
      #expect(prefs.preferenceProblems.isEmpty)
    }
  }

  @Test func syncProblemsLeaveTheListWhenSyncingStops() throws {
    let cloud = FlakySyncStore()
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: cloud)
    cloud.isReachable = false
    prefs.fontSize = 18
    try prefs.writePreferences()
    #expect(prefs.preferenceProblems.map(\.phase) == [.sync])
    #expect(prefs.preferenceProblems.map(\.key) == ["fontSize"])
    prefs.stopSyncing()
    #expect(prefs.preferenceProblems.isEmpty)
  }

  @Test func whatASyncStoreReadsWrongIsListed() throws {
    let prefs = SyncedPreferences(store: InMemoryStore())
    try prefs.startSyncing(with: ProblemReportingSyncStore())
    defer { prefs.stopSyncing() }
    #expect(prefs.preferenceProblems.map(\.phase) == [.sync])
    #expect(prefs.preferenceProblems.first?.error.reason == "a peer's file is half copied")
  }

  @Test func theStreamGivesTheListThenEachChangeAndEndsWithTheInstance() async throws {
    let store = InMemoryStore(["launchCount": .string("many")])
    var prefs: AppPreferences? = AppPreferences(store: store)
    let updates = try #require(prefs?.preferenceProblemUpdates())
    let lists = try #require(prefs?.preferenceProblemUpdates())
    store.apply(["launchCount": .set(.integer(3))])
    prefs?.readPreferences()
    prefs?.readPreferences()  // No change to the list: nothing delivered.
    store.apply(["fontSize": .set(.string("big"))])
    prefs?.readPreferences()
    let three = try await firstElements(3, of: lists)
    #expect(three.map { $0.map(\.key) } == [["launchCount"], [], ["fontSize"]])
    prefs = nil
    // Asking for a fourth list ends early, with three, when the stream ends with the instance;
    // a stream that did not end would run into the deadline with nothing.
    let ended = await #expect(throws: TimedOut.self) {
      try await firstElements(4, of: updates, within: 30)
    }
    #expect(ended?.received == 3)
  }

  @Test func theStreamWithoutTheInitialListStartsAtTheNextChange() async throws {
    let store = InMemoryStore(["launchCount": .string("many")])
    let prefs = AppPreferences(store: store)
    let updates = prefs.preferenceProblemUpdates(initial: false)
    store.apply(["launchCount": .set(.integer(3))])
    prefs.readPreferences()
    let first = try await firstElements(1, of: updates)
    #expect(first == [[]])
  }
}

/// A sync store whose reads find something wrong: it reports it through
/// ``SyncStore/readProblems``.
final class ProblemReportingSyncStore: SyncStore, @unchecked Sendable {
  private let base = InMemorySyncStore()
  var limits: SyncLimits { base.limits }
  func allEntries() -> [String: SyncEntry] { base.allEntries() }
  func apply(_ entries: [String: SyncEntry], from device: String) throws {
    try base.apply(entries, from: device)
  }
  var readProblems: [PreferenceError] {
    [PreferenceError(.readFailed, reason: "a peer's file is half copied")]
  }
}
