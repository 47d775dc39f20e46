// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
public import PreferencesKit

/// The behaviour every ``PreferenceStore`` must have for ``Preferences`` to rely on it, as
/// checks a store's author runs from a test.
///
/// ```swift
/// import PreferencesKitTesting
/// import Testing
///
/// @Test func keychainStoreConforms() throws {
///   try PreferenceStoreConformance { KeychainStore(service: "com.example.tests") }.run()
/// }
/// ```
///
/// `makeStore` is called more than once, and each store it returns must be over the same
/// place, as a second launch of the app would open it; the place should start empty. The
/// checks write keys starting with `conformance.` and remove them again.
///
/// Every requirement is checked: ``PreferenceStore/values(forKeys:)``,
/// ``PreferenceStore/apply(_:)`` and ``PreferenceStore/update(_:_:)``,
/// ``PreferenceStore/storedForm(of:)``, observation where the store offers it, and
/// ``PreferenceStore/location``. What a store claims
/// beyond the defaults, it says here, and it is checked: that its update is atomic
/// (`updatesAtomically`), that a write that fails leaves it as it was (`failingWrites`), that
/// it salvages its own damage (`damage`).
public struct PreferenceStoreConformance {
  /// The rules the store broke.
  public typealias Failure = ConformanceFailure

  /// Runs `body` with the store's next write made to fail, as a full disk would.
  public typealias FailingWrites = (_ body: () throws -> Void) throws -> Void

  /// Opens the store under test.
  let makeStore: () throws -> any PreferenceStore
  /// A change set the store refuses, if it has one.
  let refusedChanges: [String: StoredChange]?
  /// Whether the store claims that its update is atomic.
  let updatesAtomically: Bool
  /// Makes the store's writes fail, if the store has a way.
  let failingWrites: FailingWrites?
  /// Damages the place under test, for a store that salvages.
  let damage: (() throws -> Void)?
  /// The keys of ``everyKind`` whose value the store has no form for.
  let refusedKinds: Set<String>

  /// Creates the checks for the stores `makeStore` opens.
  ///
  /// - Parameters:
  ///   - refusedChanges: A change set that the store's `apply(_:)` throws for, such as a value
  ///     larger than it holds, to check that a failed apply leaves the store as it was. Leave
  ///     it `nil` when the store refuses nothing.
  ///   - updatesAtomically: Whether the store's `update(_:_:)` lets
  ///     no other writer, through another store object over the same place, come between its
  ///     read and its write. `false`, the default's behaviour, checks nothing of the kind.
  ///   - failingWrites: Runs its body with the store's writes failing (for `FileStore`, a
  ///     system call failing with "no space left"), to check that a write that fails throws
  ///     and leaves the store as it was; `nil` when the store has no way to fail on demand.
  ///   - damage: Damages the place under test so that some of its entries can still be read,
  ///     for a store that implements `salvage(after:)`: reading then throws, salvage keeps
  ///     only values the store held, and the next update writes them back. `nil` for a store
  ///     that salvages nothing.
  ///   - refusedKinds: The keys of ``everyKind`` whose value the store has no form for, as a
  ///     TOML file has none for `conformance.unsignedInteger` (above `Int64.max`): each is
  ///     checked to be refused on its own with ``PreferenceError/Kind/unrepresentableValue``
  ///     naming its key, and is left out of the other checks. Empty unless given.
  ///   - makeStore: Opens a store over the place under test.
  public init(
    refusedChanges: [String: StoredChange]? = nil, updatesAtomically: Bool = false,
    failingWrites: FailingWrites? = nil, damage: (() throws -> Void)? = nil,
    refusedKinds: Set<String> = [],
    makeStore: @escaping () throws -> any PreferenceStore
  ) {
    self.refusedKinds = refusedKinds
    self.refusedChanges = refusedChanges
    self.updatesAtomically = updatesAtomically
    self.failingWrites = failingWrites
    self.damage = damage
    self.makeStore = makeStore
  }

  /// One value of every kind. Dates are whole seconds, which every format holds exactly.
  public static let everyKind: [String: PropertyListValue] = [
    "conformance.bool": .bool(true), "conformance.integer": .integer(-Int64(1) << 40),
    "conformance.unsignedInteger": .unsignedInteger(UInt64.max - 1),
    "conformance.double": .double(0.1), "conformance.string": .string("héllo\nworld <&>"),
    "conformance.data": .data(Data([0, 1, 255])),
    "conformance.date": .date(Date(timeIntervalSince1970: 1_700_000_000)),
    "conformance.array": .array([.integer(1), .string("two"), .array([])]),
    "conformance.dictionary": .dictionary(["nested": .dictionary(["deep": .bool(false)])]),
    "conformance.key with spaces, dots. and ünïcode": .string("any key"),
  ]

  /// What differs between the values a check expected and those it found, key by key, for a
  /// failure's text: empty when nothing does.
  static func differences(
    expected: [String: PropertyListValue], found: [String: PropertyListValue]
  ) -> String {
    let keys = Set(expected.keys).union(found.keys).filter { expected[$0] != found[$0] }
    guard !keys.isEmpty else { return "" }
    let lines = keys.sorted().map { key in
      "\(key): wrote \(expected[key].map { "\($0)" } ?? "nothing"), "
        + "read \(found[key].map { "\($0)" } ?? "nothing")"
    }
    return " (" + lines.joined(separator: "; ") + ")"
  }

  /// Runs every check, and throws a ``Failure`` listing each one that failed.
  ///
  /// - Throws: A ``Failure``, or the store's own error when it fails where it should not.
  public func run() throws {
    var rules = RuleBook()
    func check(_ condition: Bool, _ rule: String) { rules.check(condition, rule) }
    let everyKind = Self.everyKind.filter { !refusedKinds.contains($0.key) }
    let keys = Array(everyKind.keys)
    try checkRefusedKinds(&rules)

    // Every value reads back as its stored form (unchanged, unless the store says otherwise),
    // from a store opened afresh.
    try makeStore().apply(everyKind.mapValues(StoredChange.set))
    let stored = try everyKind.mapValues(makeStore().storedForm(of:))
    let read = try makeStore().values(forKeys: keys).filter { everyKind[$0.key] != nil }
    check(
      read == stored,
      "a value written is read back unchanged by a fresh store"
        + Self.differences(expected: stored, found: read))

    // A removal removes; keys a change set does not name stay as they are.
    try makeStore().apply(["conformance.bool": .remove, "conformance.integer": .set(.integer(20))])
    let afterRemoval = try makeStore().values(forKeys: keys).filter {
      everyKind[$0.key] != nil
    }
    check(afterRemoval["conformance.bool"] == nil, "a removed key is absent")
    check(
      afterRemoval["conformance.integer"] == .integer(20),
      "a changed key holds its new value"
        + Self.differences(
          expected: ["conformance.integer": .integer(20)],
          found: afterRemoval.filter { $0.key == "conformance.integer" }))
    let untouched = stored.filter {
      $0.key != "conformance.bool" && $0.key != "conformance.integer"
    }
    check(
      untouched.allSatisfy { afterRemoval[$0.key] == $0.value },
      "keys not named in a change set are left alone"
        + Self.differences(
          expected: untouched, found: afterRemoval.filter { untouched[$0.key] != nil }))

    // Reading some keys and reading every key agree.
    let requested = try makeStore().values(forKeys: ["conformance.string", "conformance.none"])
    check(
      requested["conformance.string"] == everyKind["conformance.string"]
        && requested["conformance.none"] == nil,
      "values(forKeys:) returns each requested key that is stored, and no other requested key")
    let all = try makeStore().values(forKeys: nil)
    check(
      afterRemoval.allSatisfy { all[$0.key] == $0.value },
      "values(forKeys: nil) holds every stored key with its value")

    // An empty change set changes nothing.
    try makeStore().apply([:])
    check(
      try makeStore().values(forKeys: keys).filter { everyKind[$0.key] != nil }
        == afterRemoval,
      "an empty change set changes nothing")

    // A change set the store refuses leaves it as it was.
    if let refusedChanges {
      let store = try makeStore()
      let before = try store.allValues()
      do {
        try store.apply(refusedChanges)
        rules.fail("apply(_:) accepted the change set it was said to refuse")
      } catch {
        check(
          try makeStore().allValues() == before,
          "a store whose apply(_:) throws is left as it was (\(error))")
      }
    }

    // Several threads applying at once lose nothing.
    let threads = 4
    let shared = try makeStore()
    let failures = FailureList()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<10 {
        do {
          try shared.apply(["conformance.thread\(thread).\(index)": .set(.integer(Int64(index)))])
        } catch {
          failures.append("\(error)")
        }
      }
    }
    let concurrent = try makeStore().allValues()
    let expected = threads * 10
    let landed = concurrent.keys.filter { $0.hasPrefix("conformance.thread") }.count
    check(
      failures.isEmpty && landed == expected,
      "changes applied from several threads at once all land (\(landed) of \(expected); "
        + "errors: \(failures.all))")

    try checkUpdate(&rules)
    if updatesAtomically { try checkAtomicUpdate(&rules) }
    if let failingWrites { try checkFailingWrites(failingWrites, &rules) }
    try checkStoredForm(&rules)
    try checkObservation(&rules)
    try checkLocation(&rules)
    if let damage { try checkSalvage(damage, &rules) }

    // Clean up what the checks wrote.
    try makeStore().apply(
      Dictionary(
        uniqueKeysWithValues: try makeStore().allValues().keys
          .filter { $0.hasPrefix("conformance.") }.map { ($0, StoredChange.remove) }))
    try rules.finish()
  }
}

/// Errors collected from several threads.
///
/// `@unchecked Sendable`: `items` is only touched while `lock` is held.
final class FailureList: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  func append(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
  var isEmpty: Bool { all.isEmpty }
}
