// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKitTesting
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Every store the package ships passes `PreferenceStoreConformance`, the checks a store of
/// your own runs too (see the WritingAStore article), with what each claims beyond the
/// defaults; a store that implements only the two required methods passes too, and the checks
/// show what it does not get.
struct PreferenceStoreConformanceTests {
  @Test(arguments: StoreKind.allCases)
  func everyStoreConforms(kind: StoreKind) throws {
    try kind.withFreshStore { makeStore in
      try withoutActuallyEscaping(makeStore) { makeStore in
        try PreferenceStoreConformance(
          refusedChanges: kind.refusedChanges, updatesAtomically: kind.updatesAtomically,
          failingWrites: kind.failingWrites,
          // A damaged TOML file is never rewritten from its salvage (TOMLFileStoreTests).
          damage: kind == .tomlFile ? nil : kind.damage(makeStore().location),
          refusedKinds: kind == .tomlFile ? ["conformance.unsignedInteger"] : [],
          makeStore: makeStore
        ).run()
      }
    }
  }

  @Test func theChecksCatchAStoreThatForgetsRemovals() throws {
    let store = DistortingStore.forgetful()
    let error = #expect(throws: PreferenceStoreConformance.Failure.self) {
      try PreferenceStoreConformance { store }.run()
    }
    #expect(error?.problems.contains("a removed key is absent") == true)
  }

  @Test func aValueReadBackWrongIsNamedWithWhatWasWrittenAndRead() throws {
    let store = DistortingStore.droppingDates()
    let error = #expect(throws: PreferenceStoreConformance.Failure.self) {
      try PreferenceStoreConformance { store }.run()
    }
    let problem = error?.problems.first { $0.hasPrefix("a value written is read back") }
    #expect(problem?.contains("conformance.date: wrote date") == true)
    #expect(problem?.contains("read nothing") == true)
  }

  @Test func aStoreWithOnlyTheRequiredMethodsPassesWithTheDefaults() throws {
    let store = MinimalStore()
    try PreferenceStoreConformance { store }.run()
    #expect(store.location == nil)
    #expect(store.userDefaultsDomains == nil)
    #expect(store.salvage(after: PreferenceError(.corruptFile)) == nil)
    #expect(store.observeChanges(toKeys: ["a"]) {} == nil)
    let problems = try store.update(StoreUpdate(keepingPrevious: "a backup is asked for")) {
      $0["a"] = .integer(1)
    }
    #expect(problems.isEmpty, "the default update keeps no backup and says nothing")
    #expect(try store.value(forKey: "a") == .integer(1))
  }

  @Test func theStoresThatHoldTheirValuesWholeHandThemOutWhateverIsAsked() throws {
    let store = InMemoryStore(["a": .integer(1), "b": .integer(2)])
    #expect(store.values(forKeys: ["a"]) == ["a": .integer(1), "b": .integer(2)])
    #expect(try MinimalStore.holding(["a": .integer(1), "b": .integer(2)]).values(forKeys: ["a"])
      == ["a": .integer(1)])
  }

  @Test func theChecksCatchAStoreThatClaimsToReportEveryChangeAndMissesOne() throws {
    let store = MinimalStore()
    store.reportedChanges = 2
    let error = #expect(throws: PreferenceStoreConformance.Failure.self) {
      try PreferenceStoreConformance { store }.run()
    }
    let problems = error?.problems ?? []
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.contains("(change 3 of 3)") == true, "\(problems)")
  }

  @Test func theDefaultUpdateIsNotAtomicAndTheChecksSaySo() throws {
    let store = MinimalStore()
    let error = #expect(throws: PreferenceStoreConformance.Failure.self) {
      try PreferenceStoreConformance(updatesAtomically: true) { store }.run()
    }
    let problems = error?.problems ?? []
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.hasPrefix("an update is atomic") == true, "\(problems)")
  }

  @Test func theChecksCatchAStoreWhoseStoredFormLies() throws {
    let store = DistortingStore.seconds()
    let error = #expect(throws: PreferenceStoreConformance.Failure.self) {
      try PreferenceStoreConformance { store }.run()
    }
    #expect(
      error?.problems.contains { $0.hasPrefix("a value reads back as storedForm(of:) says") }
        == true)
  }

  @Test func theChecksCatchAWriteThatFailsHalfway() throws {
    let store = MinimalStore()
    let error = #expect(throws: PreferenceStoreConformance.Failure.self) {
      try PreferenceStoreConformance(failingWrites: { body in
        try store.failingHalfway(body)
      }) { store }.run()
    }
    #expect(
      error?.problems.contains { $0.hasPrefix("a failed apply(_:) leaves the store as it was") }
        == true)
  }
}

extension StoreKind {
  /// A change set this kind of store refuses, to check that a failed apply changes nothing.
  var refusedChanges: [String: StoredChange]? {
    switch self {
    case .propertyListFile, .jsonFile, .tomlFile:
      // Larger than the file store reads back: refused before the file is touched.
      [
        "conformance.small": .set(.integer(1)),
        "conformance.huge": .set(.data(Data(count: 5 << 20))),
      ]
    case .inMemory, .userDefaults:
      nil
    }
  }

  /// Whether this kind of store claims an atomic update.
  var updatesAtomically: Bool { self != .userDefaults }

  /// Makes a file store's next write fail as a full disk would, through the system-call seam.
  var failingWrites: PreferenceStoreConformance.FailingWrites? {
    guard fileFormat != nil else { return nil }
    return { body in
      let faults = SystemCallFaults()
      faults.fail(.write, with: .noSpace)
      try faults.inject(body)
    }
  }

  /// Cuts a file store's file in the middle of its entries.
  func damage(_ location: URL?) -> (() throws -> Void)? {
    guard fileFormat != nil, let location else { return nil }
    return {
      let bytes = try Data(contentsOf: location)
      try bytes.prefix(bytes.count / 2).write(to: location)
    }
  }
}

/// A store with only the two required methods: every other requirement is the default, but
/// for an observation a test can switch on.
final class MinimalStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: every `var` is only touched while `lock` is held.
  private let lock = NSLock()
  private var values: [String: PropertyListValue] = [:]
  private var failing = false

  func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
    lock.withLock { keys.map { keys in values.filter { keys.contains($0.key) } } ?? values }
  }

  func apply(_ changes: [String: StoredChange]) throws {
    try lock.withLock {
      for (key, change) in changes {
        values[key] = change.value
        // A careless store: it has written one key when it notices the failure.
        if failing { throw PreferenceError(.writeFailed, key: key, reason: "the disk is full") }
      }
    }
    let report: (@Sendable () -> Void)? = lock.withLock {
      guard let left = reportsLeft, left > 0, let onChange else { return nil }
      reportsLeft = left - 1
      return onChange
    }
    report?()
  }

  /// When set, the store observes, says it reports every change, and reports this many.
  var reportedChanges: Int? {
    get { lock.withLock { reportsLeft } }
    set { lock.withLock { reportsLeft = newValue } }
  }
  private var reportsLeft: Int?
  private var onChange: (@Sendable () -> Void)?

  /// A store holding `values`.
  static func holding(_ values: [String: PropertyListValue]) throws -> MinimalStore {
    let store = MinimalStore()
    try store.apply(values.mapValues(StoredChange.set))
    return store
  }

  func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> StoreObservation? {
    lock.withLock {
      guard reportsLeft != nil else { return nil }
      self.onChange = onChange
      return StoreObservation(reportsEveryChange: true) {
        self.lock.withLock { self.onChange = nil }
      }
    }
  }

  /// Runs `body` with every write failing after its first key.
  func failingHalfway(_ body: () throws -> Void) throws {
    lock.withLock { failing = true }
    defer { lock.withLock { failing = false } }
    try body()
  }
}

/// A store that keeps what `distort` makes of each change (`nil`: it keeps nothing of it), and
/// says it holds every value exactly: to show the checks catch a store that loses or changes
/// what it is given.
final class DistortingStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: `values` is only touched while `lock` is held.
  private let lock = NSLock()
  private var values: [String: PropertyListValue] = [:]
  private let distort: @Sendable (StoredChange) -> StoredChange?

  init(_ distort: @escaping @Sendable (StoredChange) -> StoredChange?) { self.distort = distort }

  /// Ignores removals.
  static func forgetful() -> DistortingStore {
    DistortingStore { if case .remove = $0 { nil } else { $0 } }
  }

  /// Silently drops dates.
  static func droppingDates() -> DistortingStore {
    DistortingStore { if case .set(.date) = $0 { nil } else { $0 } }
  }

  /// Holds dates to the second.
  static func seconds() -> DistortingStore {
    DistortingStore { change in
      guard case .set(.date(let date)) = change else { return change }
      return .set(.date(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))))
    }
  }

  func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
    lock.withLock { values }
  }

  func apply(_ changes: [String: StoredChange]) throws {
    lock.withLock {
      for (key, change) in changes {
        if let kept = distort(change) { values[key] = kept.value }
      }
    }
  }
}
