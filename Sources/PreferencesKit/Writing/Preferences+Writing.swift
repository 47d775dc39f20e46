// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The write pipeline: ``Preferences/writePreferences()`` collects the dirty cells into a
/// ``WriteBatch``, hands it to the store through the one route (`Writing/StoreCommit.swift`)
/// and marks written what the store took.
extension Preferences {
  /// Saves every dirty preference to the store, as one unit, and then flushes the store.
  ///
  /// A preference the app assigned is written even if it equals its default; one that holds
  /// its default after ``resetToDefaults()``, or an optional set to `nil`, is removed from the
  /// store. When nothing is dirty, the store is not touched.
  ///
  /// A value the store's format cannot hold (such as a string with U+0000 in a property list)
  /// is left out and the rest is saved; so are the largest new values, one at a time, while
  /// the file would be larger than ``FileStore/maximumFileSize``. The error thrown then names
  /// each key left out and why; those keys stay dirty, untried until assigned again.
  ///
  /// A ``FileStore`` whose file turned damaged (most likely half-way through a person's edit)
  /// is waited for, up to its ``FileStore/partialWriteTimeout``. A write that replaces a stored
  /// value the class could not load first keeps a copy of the store (a ``FileStore`` keeps a
  /// backup file, named in ``preferenceProblems``).
  ///
  /// - Throws: A ``PreferenceError``: the store could not save (then nothing of the batch is
  ///   applied by this instance, and every key stays dirty, so a later write can still save
  ///   it), or, after saving the rest, the keys left out.
  public func writePreferences() throws(PreferenceError) {
    let (leftOut, saved) = try write()
    if !leftOut.isEmpty { throw Self.leftOutError(leftOut, saved: saved) }
  }

  /// Saves every dirty preference as ``writePreferences()`` does.
  ///
  /// - Returns: The keys this write left out for the first time since they were assigned,
  ///   each with why, and how many keys it saved.
  func write() throws(PreferenceError) -> (leftOut: [PreferenceError], saved: Int) {
    try writeLock.withLock { () throws(PreferenceError) -> ([PreferenceError], Int) in
      var batch = collectWrites()
      guard !batch.isEmpty else {
        batch.session?.push([:])
        return (noteLeftOut(batch), 0)
      }
      batch.addKeyMoves()
      // Creating the device identifier may keep a damaged file: this write's problem too.
      let earlier = state.withLock { $0.problems.errors(in: .write) }
      batch.stampSyncedKeys(with: try syncStamp(for: batch))
      let stampProblems = state.withLock { $0.problems.errors(in: .write) }.filter {
        !$0.kind.leavesKeyOut && !earlier.contains($0)
      }
      batch.recordVersion(Self.version)
      let outcome = try commit(mayLeaveOut: batch.keys, keepingPrevious: backupReason(for: batch)) {
        batch.changes(leavingOut: $0)
      }
      batch.leaveOut(outcome.leftOut)
      markWritten(batch, problems: stampProblems + outcome.problems)
      batch.session?.push(batch.synced)
      return (noteLeftOut(batch), batch.writes.count)
    }
  }

  /// Captures the dirty cells (and those whose key moves) under the lock, then encodes each
  /// outside it; a key left out stays out until it is assigned again.
  private func collectWrites() -> WriteBatch {
    let (pending, moves, session, version) = state.withLock { state, held in
      let moves = state.migration.keyMoves
      let moved = cells.filter { !$0.isDirty && moves[$0.key] != nil }
      // A managed key is never dirty, so never written; an assignment it refused is reported.
      reportRefusedAssignments(in: &state)
      let leftOut = state.commits.leftOut
      state.commits.leftOut = [:]
      let dirty = cells.filter(\.isDirty)
      var written: [any AnyPreferenceCell] = []
      for cell in dirty {
        if let entry = leftOut[cell.key], entry.generation == cell.generation {
          state.commits.leftOut[cell.key] = entry
        } else {
          written.append(cell)
        }
      }
      if !leftOut.isEmpty { state.problems.replaceLeftOutKeys(with: state.commits.leftOut) }
      noteWritten(written, in: &state)
      return (
        (written + moved).map { $0.pendingWrite(held) }, moves, state.sync.session,
        state.migration.storeVersion
      )
    }
    var batch = WriteBatch(keyMoves: moves, session: session, storeVersion: version)
    for write in pending {
      batch.add(write, storedForm: preferenceStore.storedForm(of:))
    }
    return batch
  }

  /// Why a copy of the store as it is must be kept before `batch` replaces it: it changes a key
  /// whose stored value the last load could not read.
  private func backupReason(for batch: WriteBatch) -> String? {
    let keys = batch.keys
    let unread = state.withLock { state in
      state.problems.errors(in: .load, .layers).filter {
        $0.kind == .typeMismatch && keys.contains($0.key ?? "")
      }
    }.compactMap(\.key)
    guard !unread.isEmpty else { return nil }
    return "it held a value the class could not load under "
      + Set(unread).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// Remembers the keys `batch` left out, so that they are not tried again until assigned.
  ///
  /// - Returns: Their errors, by key.
  private func noteLeftOut(_ batch: WriteBatch) -> [PreferenceError] {
    guard !batch.leftOut.isEmpty else { return [] }
    state.withLock { state in
      for (write, error) in batch.leftOut {
        state.commits.leftOut[write.cell.key] = (write.generation, error)
      }
      state.problems.replaceLeftOutKeys(with: state.commits.leftOut)
    }
    return batch.leftOut.map(\.error).sorted { ($0.key ?? "") < ($1.key ?? "") }
  }

  /// Marks the written cells clean (unless assigned again meanwhile), forgets the key moves
  /// made, records the version, and puts what the store kept beside it in the problem list in
  /// place of what the load said about the values it replaced.
  private func markWritten(_ batch: WriteBatch, problems: [PreferenceError]) {
    let written = batch.keys
    let leftOut = Set(batch.leftOut.map(\.write.cell.key))
    state.withLock { state, held in
      for (write, install) in batch.normalizations { install(write.generation, held) }
      for (write, form) in zip(batch.writes, batch.forms) {
        write.cell.markWritten(generation: write.generation, form: form, held)
      }
      state.migration.keyMoves = state.migration.keyMoves.filter {
        batch.keyMoves[$0.key] == nil || leftOut.contains($0.key)
      }
      if batch.recordsVersion { state.migration.storeVersion = .recorded(Self.version) }
      // A damaged file kept beside the new one (its problem says in `found` what was wrong)
      // makes what the load said of the damage stale; so is a failed load of a value replaced.
      let keptDamagedFile = problems.contains { $0.found != nil }
      state.problems.replace(
        where: { problem in
          if problem.phase == .write { return !problem.error.kind.leavesKeyOut }
          guard problem.phase == .load || problem.phase == .layers else { return false }
          let error = problem.error
          if let key = error.key, written.contains(key) {
            // A stored value a constraint rejected is replaced too; a layer's stays.
            return error.kind == .typeMismatch
              || (error.kind == .rejectedValue && problem.phase == .load)
          }
          return keptDamagedFile && error.isDamage
        }, with: problems.map { PreferenceProblem($0, phase: .write) })
    }
  }
}

// What a write does about the layers: the refusals it reports, and the sources of what it writes.
extension Preferences {
  /// Turns each assignment a managed cell refused since the last write into a problem of the
  /// ``PreferenceProblem/Phase/layers`` phase; a managed cell is never dirty, so a write leaves
  /// it out. Call with the lock held.
  func reportRefusedAssignments(in state: inout InstanceState) {
    var refusals: [PreferenceError] = []
    for cell in cells where cell.hasRefusedAssignment {
      cell.forgetRefusedAssignment()
      refusals.append(
        PreferenceError(
          .managedKey, key: cell.key, file: state.layers.system.managed[cell.key]?.file,
          reason: "an administrator manages the value, so the assignment was ignored and "
            + "nothing was written"))
    }
    if !refusals.isEmpty { state.problems.add(refusals, to: .layers) }
  }

  /// Notes that the app chose the values of `written` (assigned or reset them): that wins over
  /// the run's overrides, and the write leaves them in the user's store or below it. Call with
  /// the lock held.
  func noteWritten(_ written: [any AnyPreferenceCell], in state: inout InstanceState) {
    guard state.layers.isEnabled else { return }
    for cell in written {
      state.layers.overrides[cell.key] = nil
      state.layers.sources[cell.key] =
        cell.hasUserValue
        ? .user : state.layers.system.defaults[cell.key] != nil ? .system : .default
    }
  }
}
