// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What one commit to the store did besides the change, and what it could not do.
struct CommitOutcome {
  /// Files the store kept beside the new one (a damaged file, a backup), as
  /// ``PreferenceError/Kind/fileMovedAside`` problems naming them.
  var problems: [PreferenceError] = []
  /// The keys left out because the store's format cannot hold their values, or because the
  /// file would be too large with them, each with why.
  var leftOut: [String: PreferenceError] = [:]
}

/// What an instance remembers of its commits to the store.
struct CommitState {
  /// Keys left out because the store cannot hold their values, with the cell's generation
  /// then: the key stays dirty and is not tried again until it is assigned again.
  var leftOut: [String: (generation: UInt64, error: PreferenceError)] = [:]
}

extension Preferences {
  /// The one route to the store, which every write, import, migration, device identifier and
  /// sync record takes: applies `changes` as one unit, through the store's
  /// ``PreferenceStore/update(_:_:)``, with what the class declares.
  ///
  /// - Parameters:
  ///   - mayLeaveOut: The keys that may be left out when the store cannot hold their values
  ///     (``PreferenceError/Kind/leavesKeyOut``): the rest is saved without them. Empty: such
  ///     a value fails the whole commit, as it fails an import and a migration.
  ///   - keepingPrevious: Why the store as it is must be kept, or `nil`
  ///     (``StoreUpdate/keepingPrevious``).
  ///   - changes: The change set, given the keys left out so far.
  /// - Returns: What the store kept besides, and the keys left out.
  /// - Throws: The store's error, as a ``PreferenceError``; nothing was saved then.
  func commit(
    mayLeaveOut: Set<String> = [], keepingPrevious: String? = nil,
    _ changes: (_ leftOut: Set<String>) -> [String: StoredChange]
  ) throws(PreferenceError) -> CommitOutcome {
    try commit(mayLeaveOut: mayLeaveOut) { leftOut in
      let changes = changes(leftOut)
      return try preferenceStore.update(
        storeUpdate(readingKeys: Array(changes.keys), keepingPrevious: keepingPrevious)
      ) {
        $0.applyChanges(changes)
      }
    }
  }

  /// The same route for a change worked out from the values the store holds, read under the
  /// store's lock where it has one: a migration, the device identifier, sync records. The
  /// whole change is saved or none of it; what the store kept beside it (a damaged file) goes
  /// into the problem list.
  ///
  /// - Parameters:
  ///   - keys: The keys `transform` reads, for a store that reads a few cheaply.
  ///   - transform: Changes the values in place.
  /// - Throws: What the store or `transform` throws, unchanged.
  func commit(
    readingKeys keys: [String]? = nil,
    _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws {
    let problems = try preferenceStore.update(
      storeUpdate(readingKeys: keys, keepingPrevious: nil), transform)
    if !problems.isEmpty { state.withLock { $0.problems.replaceWriteProblems(with: problems) } }
  }

  /// The request of an update to the store, with what the class declares, worked out only
  /// when the store reads it.
  private func storeUpdate(readingKeys keys: [String]?, keepingPrevious reason: String?)
    -> StoreUpdate
  {
    StoreUpdate(readingKeys: keys, keepingPrevious: reason) { [self] in declarations }
  }

  /// Tries `attempt` until the store takes it, leaving out each key of `mayLeaveOut` whose
  /// value the store cannot hold: one its format cannot hold, or, while the whole file would be too
  /// large (``PreferenceError/Kind/fileTooLarge``), the one with the largest new value, until
  /// the rest fits.
  private func commit(
    mayLeaveOut: Set<String>, _ attempt: (_ leftOut: Set<String>) throws -> [PreferenceError]
  ) throws(PreferenceError) -> CommitOutcome {
    var outcome = CommitOutcome()
    while true {
      do {
        outcome.problems = try attempt(Set(outcome.leftOut.keys))
        return outcome
      } catch let error as PreferenceError where error.kind.leavesKeyOut {
        guard let key = Self.leftOutKey(of: error, among: mayLeaveOut),
          outcome.leftOut[key] == nil
        else {
          throw PreferenceError(error, kind: .writeFailed)
        }
        outcome.leftOut[key] = Self.leftOut(error, key: key)
      } catch {
        throw PreferenceError(error, kind: .writeFailed)
      }
    }
  }

  /// The key of `mayLeaveOut` that `error` names: its own, or the key whose sync record it is.
  private static func leftOutKey(of error: PreferenceError, among mayLeaveOut: Set<String>)
    -> String?
  {
    guard let key = error.key else { return nil }
    if mayLeaveOut.contains(key) { return key }
    return mayLeaveOut.first { ReservedKey.syncRecord($0) == key }
  }

  /// `error`, about `key` left out of a write that saved the rest: a file too large says so.
  private static func leftOut(_ error: PreferenceError, key: String) -> PreferenceError {
    guard error.kind == .fileTooLarge else { return error }
    var error = error
    error.key = key
    error.reason =
      "\"\(key)\" was left out so that the other values fit in the file, the largest new "
      + "values first; store less under it, or raise the store's maximumFileSize"
    return error
  }

  /// The error ``writePreferences()`` throws when it left out keys whose values the store
  /// cannot hold, after saving the rest.
  static func leftOutError(_ errors: [PreferenceError], saved: Int) -> PreferenceError {
    let keys = errors.compactMap(\.key)
    let quoted = keys.map { "\"\($0)\"" }.joined(separator: ", ")
    let kinds = Set(errors.map(\.kind))
    var error =
      errors.count == 1
      ? errors[0] : PreferenceError(kinds.count == 1 ? errors[0].kind : .unrepresentableValue)
    let why = errors.count == 1 ? [] : errors.map(\.description)
    error.reason = (why + [error.reason].compactMap { $0 }
      + [
        "\(quoted) \(keys.count == 1 ? "was" : "were") not saved and \(keys.count == 1 ? "stays" : "stay") "
          + "unsaved until assigned again; "
          + (saved == 0 ? "nothing else was dirty" : "the other \(saved) change(s) were saved")
      ]).joined(separator: "; ")
    return error
  }
}
