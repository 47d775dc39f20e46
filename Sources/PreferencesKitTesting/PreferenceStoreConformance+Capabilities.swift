// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

// The checks of what a store offers beyond reading and writing: the form it holds values in,
// observation, its location and salvage. A store that keeps a default passes each trivially.
extension PreferenceStoreConformance {
  /// Values that some formats cannot hold exactly: a date with a fraction of a second, and
  /// doubles that print long.
  static let inexactValues: [String: PropertyListValue] = [
    "conformance.form.date": .date(Date(timeIntervalSince1970: 1_700_000_000.123_456)),
    "conformance.form.double": .double(1.0 / 3.0),
    "conformance.form.large": .double(1e300),
  ]

  /// Each value of ``everyKind`` the store is said to have no form for is refused on its own,
  /// with an error naming its key, and leaves the store as it was.
  func checkRefusedKinds(_ rules: inout RuleBook) throws {
    for key in refusedKinds.sorted() {
      guard let value = Self.everyKind[key] else { continue }
      let store = try makeStore()
      do {
        try store.apply([key: .set(value)])
        rules.fail("apply(_:) accepted \(key), which the store was said to have no form for")
      } catch let error as PreferenceError {
        rules.check(
          error.kind == .unrepresentableValue && error.key == key,
          "a value the store has no form for is refused as unrepresentable, naming its key "
            + "(\(key): \(error))")
      }
      rules.check(try makeStore().value(forKey: key) == nil, "a refused value is not stored")
    }
  }

  /// Each value reads back as `storedForm(of:)` says it will.
  func checkStoredForm(_ rules: inout RuleBook) throws {
    let store = try makeStore()
    let values = Self.everyKind.merging(Self.inexactValues) { $1 }
    for (key, value) in values {
      let form = store.storedForm(of: value)
      rules.check(
        store.storedForm(of: form) == form,
        "storedForm(of:) of a stored form is that form (\(key))")
    }
    try store.apply(Self.inexactValues.mapValues(StoredChange.set))
    let read = try makeStore().values(forKeys: Array(Self.inexactValues.keys))
    for (key, value) in Self.inexactValues {
      rules.check(
        read[key] == store.storedForm(of: value),
        "a value reads back as storedForm(of:) says (\(key): wrote \(value), read "
          + "\(read[key].map { "\($0)" } ?? "nothing"))")
    }
    try store.apply(Self.inexactValues.mapValues { _ in .remove })
  }

  /// A store that observes reports a change made through another store object; one that
  /// says it reports every change reports each of several in a row.
  func checkObservation(_ rules: inout RuleBook) throws {
    let key = "conformance.observed"
    let reported = DispatchSemaphore(value: 0)
    guard let observation = try makeStore().observeChanges(toKeys: [key], { reported.signal() })
    else { return }
    defer { observation.stop() }
    let rounds = observation.reportsEveryChange ? 3 : 1
    for round in 0..<rounds {
      try makeStore().apply([key: .set(.integer(Int64(round)))])
      rules.check(
        reported.wait(timeout: .now() + .seconds(10)) == .success,
        "a store whose observeChanges(toKeys:_:) observes reports a change made through "
          + "another store object within 10 seconds (change \(round + 1) of \(rounds))")
    }
    try makeStore().apply([key: .remove])
  }

  /// Two store objects over one place have one location.
  func checkLocation(_ rules: inout RuleBook) throws {
    let first = try makeStore().location
    let second = try makeStore().location
    let names = [first, second].map { $0?.absoluteString ?? "nil" }
    rules.check(
      first == second,
      "every store object over one place has the same location (\(names.joined(separator: ", ")))")
  }

  /// A store damaged by `damage` throws when read, salvages only values it held, and is
  /// whole again after the next update, which writes back what was salvaged.
  func checkSalvage(_ damage: () throws -> Void, _ rules: inout RuleBook) throws {
    let held = try makeStore().allValues()
    try damage()
    let store = try makeStore()
    let failure: PreferenceError
    do {
      _ = try store.allValues()
      rules.fail("a damaged store's values(forKeys:) throws")
      return
    } catch let error as PreferenceError {
      failure = error
    } catch {
      rules.fail("a damaged store's values(forKeys:) throws a PreferenceError (\(error))")
      return
    }
    guard let salvage = store.salvage(after: failure) else {
      rules.fail("a store that salvages keeps something after its own damage (\(failure))")
      return
    }
    rules.check(!salvage.values.isEmpty, "salvage(after:) keeps the entries left readable")
    rules.check(
      salvage.values.allSatisfy { held[$0.key] == $0.value },
      "every value salvage(after:) keeps is one the store held")
    rules.check(
      salvage.lostKeys.allSatisfy { held[$0] != nil && salvage.values[$0] == nil },
      "salvage(after:) names as lost only keys the store held and did not salvage")
    try makeStore().update(StoreUpdate()) {
      $0["conformance.repaired"] = .bool(true)
    }
    let repaired = try makeStore().allValues()
    rules.check(
      repaired["conformance.repaired"] == .bool(true)
        && salvage.values.allSatisfy { repaired[$0.key] == $0.value },
      "an update of a damaged store writes back what was salvaged, with its change")
  }
}
