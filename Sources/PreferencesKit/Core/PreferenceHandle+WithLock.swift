// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension PreferenceHandle {
  /// Reads the value, lets `body` change it, and assigns the result, as one step that no other
  /// `withLock` of this preference comes between: the way to change a value from what it was,
  /// from several threads or tasks at once.
  ///
  /// ```swift
  /// prefs.$launchCount.withLock { $0 += 1 }
  /// let previous = prefs.$recentFiles.withLock { files in files.insert(url, at: 0) }
  /// ```
  ///
  /// `prefs.launchCount += 1` is a read followed by an assignment: two threads doing it at
  /// once can lose an increment. `withLock` holds a lock of this one preference across the
  /// read, `body` and the assignment, so every `withLock` of it sees the result of the one
  /// before. A plain assignment to the same preference does not take part: use `withLock` for
  /// every read-modify-write of a value that several threads change.
  ///
  /// The lock is this preference's alone: `body` may read and assign other preferences, of this
  /// instance or another, and other threads may meanwhile read, assign, write and save them all.
  /// Those other accesses are not part of the step: they are not atomic with it, and another
  /// thread may change those preferences between `body` reading and assigning them. Keep `body`
  /// short; it must not call `withLock` of this same preference (the lock is not recursive), nor
  /// nest `withLock` calls of two preferences in an order another thread may reverse. The
  /// Observation framework hears of the assignment under the same lock; subscribers to
  /// ``Preferences/changes()`` and notification observers after it is released.
  ///
  /// The result is an assignment like any other: the key becomes dirty, an automatic
  /// ``Preferences/savePolicy`` schedules a save, and observers hear of it once, after the
  /// value is stored, with the value before `body` and after. For a key an administrator
  /// manages, `body` runs on the managed value and the assignment is refused, as any assignment
  /// to it is: the value stays, nothing is written, and no change is announced.
  ///
  /// - Parameter body: Changes the value in place; it may return a result, or throw, in which
  ///   case nothing is assigned.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let owner = self.owner
    let cell = self.cell
    let readModifyWrite = owner.state.withLock { state in
      let id = ObjectIdentifier(cell)
      if let lock = state.readModifyWriteLocks[id] { return lock }
      let lock = WorkLock()
      state.readModifyWriteLocks[id] = lock
      return lock
    }
    let flags = owner.hotPath.loadRelaxed()
    let observer = PropertyObserver(
      owner: owner,
      property: flags & HotPath.observable != 0
        ? owner.state.withLock { _, held in cell.property(held) } : nil)
    let (result, value, assignment) = try readModifyWrite.withLock {
      () throws(Failure) -> (Result, Value, Assignment<Value>) in
      var value = cell.value(in: owner)
      let result = try body(&value)
      return (result, value, cell.assign(value, in: owner, observer: observer))
    }
    cell.finish(assignment, with: value, in: owner, flags: flags)
    return result
  }
}
