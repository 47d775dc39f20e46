// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

// The checks of `update(_:_:)`, the route every write, import,
// migration and sync record of `Preferences` takes to a store, and of what a store claims
// beyond the default: atomicity, and writes that fail cleanly.
extension PreferenceStoreConformance {
  /// What `transform` throws in the checks, to tell it from the store's own errors.
  struct TransformFailure: Error {}

  /// The update's contract, which the default implementation keeps too.
  func checkUpdate(_ rules: inout RuleBook) throws {
    let before = try makeStore().allValues()
    var seen: PropertyListValue?
    let problems = try makeStore().update(StoreUpdate(readingKeys: ["conformance.string"])) {
      values in
      seen = values["conformance.string"]
      values["conformance.updated"] = .integer(1)
      values["conformance.string"] = nil
    }
    let after = try makeStore().allValues()
    rules.check(
      seen == before["conformance.string"], "update(_:_:) hands transform the keys read")
    rules.check(
      after["conformance.updated"] == .integer(1) && after["conformance.string"] == nil,
      "what update's transform sets and removes is saved")
    rules.check(
      after.filter { $0.key != "conformance.updated" && $0.key != "conformance.string" }
        == before.filter { $0.key != "conformance.string" },
      "keys update's transform leaves alone stay as they were")
    rules.check(
      problems.isEmpty, "an update of an intact store without a reason returns no problems")

    do {
      try makeStore().update(StoreUpdate()) { values in
        values["conformance.updated"] = .integer(2)
        throw TransformFailure()
      }
      rules.fail("update passes on what transform throws")
    } catch is TransformFailure {
      rules.check(
        try makeStore().allValues() == after, "an update whose transform throws saves nothing")
    }

    let kept = try makeStore().update(
      StoreUpdate(
        readingKeys: ["conformance.updated"], keepingPrevious: "the conformance checks ask")
    ) { $0["conformance.updated"] = .integer(3) }
    rules.check(
      try makeStore().value(forKey: "conformance.updated") == .integer(3),
      "an update that keeps the previous store saves its change")
    rules.check(
      kept.allSatisfy { $0.kind == .fileMovedAside },
      "the problems of an update that keeps the previous store say where it was kept "
        + "(fileMovedAside): \(kept)")
  }

  /// A writer that comes, through another store object, between an update's read and its
  /// write is not lost: it waits for the update, then sees its result.
  ///
  /// The update's transform starts the other writer and waits up to two seconds for the other
  /// writer's own transform to start, which it can only do between this update's read and its
  /// write when the store does not hold it off: an atomic store keeps it waiting until the
  /// update is saved (the wait runs out), so both increments land; a store that reads and
  /// writes in two steps lets it read and finish, and then overwrites it. Waiting for the
  /// other writer to start, not to finish, keeps the check true on a busy machine.
  func checkAtomicUpdate(_ rules: inout RuleBook) throws {
    let key = "conformance.counter"
    try makeStore().apply([key: .set(.integer(0))])
    let other = try makeStore()
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let failures = FailureList()
    try makeStore().update(StoreUpdate(readingKeys: [key])) { values in
      DispatchQueue.global().async {
        do {
          try other.update(StoreUpdate(readingKeys: [key])) {
            started.signal()
            Self.increment(key, &$0)
          }
        } catch {
          failures.append("\(error)")
        }
        finished.signal()
      }
      // Interleaved: let the other writer save before this one, as a store that does not hold
      // it off would, so that its increment is the one overwritten.
      if started.wait(timeout: .now() + .seconds(2)) == .success {
        _ = finished.wait(timeout: .now() + .seconds(60))
        finished.signal()
      }
      Self.increment(key, &values)
    }
    let joined = finished.wait(timeout: .now() + .seconds(60)) == .success
    let count = try makeStore().value(forKey: key)
    rules.check(
      joined && failures.isEmpty && count == .integer(2),
      "an update is atomic: a writer that comes between its read and its write waits and is "
        + "not lost (the counter is \(count.map { "\($0)" } ?? "absent") of 2; errors: "
        + "\(failures.all))")
    try makeStore().apply([key: .remove])
  }

  /// Adds one to the integer under `key`.
  static func increment(_ key: String, _ values: inout [String: PropertyListValue]) {
    guard case .integer(let count) = values[key] ?? .integer(0) else { return }
    values[key] = .integer(count + 1)
  }

  /// A write that fails throws, and leaves the store as it was, by either route.
  func checkFailingWrites(_ failingWrites: FailingWrites, _ rules: inout RuleBook) throws {
    let store = try makeStore()
    let before = try store.allValues()
    let writes: [(String, () throws -> Void)] = [
      ("apply(_:)", { try store.apply(["conformance.failing": .set(.bool(true))]) }),
      (
        "update(_:_:)",
        {
          try store.update(StoreUpdate(keepingPrevious: "a failing write")) {
            $0["conformance.failing"] = .bool(true)
          }
        }
      ),
    ]
    for (name, write) in writes {
      do {
        try failingWrites(write)
        rules.fail("\(name) throws when the store's write fails")
      } catch {
        rules.check(
          try makeStore().allValues() == before,
          "a failed \(name) leaves the store as it was (\(error))")
      }
    }
  }
}
