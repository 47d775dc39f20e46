// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// An assignment, the one path every assignment takes: the wrapper's setter (observed or not)
/// and ``PreferenceHandle/withLock(_:)`` alike. ``CellFlags/assign(isChecked:)`` decides what
/// it does to the flags; ``PreferenceCell/assign(_:in:observer:)`` stores the value between the
/// Observation framework's calls, and ``PreferenceCell/finish(_:with:in:flags:)`` tells
/// subscribers and notification observers, releases the value replaced and schedules a save.
extension PreferenceCell {
  /// Stores a value chosen by the app, between `observer`'s will-set and did-set calls, under
  /// the instance's lock as well for a value that does not fit a word. Pass what it returns to
  /// ``finish(_:with:in:flags:)`` once holding no lock.
  ///
  /// ```swift
  /// cell.finish(cell.assign(newValue, in: owner, observer: Unobserved()), with: newValue,
  ///   in: owner, flags: flags)
  /// ```
  ///
  /// A cell with a constraint takes ``assignChecked(_:in:observer:)`` instead, which checks
  /// (and clamps) the value first.
  @inlinable @inline(__always)
  func assign(
    _ newValue: Value, in owner: Preferences, observer: some AssignmentObserver
  ) -> Assignment<Value> {
    if _slowPath(flags.isConstrained) {
      return assignChecked(newValue, in: owner, observer: observer)
    }
    observer.willSet()
    let stored =
      Self.isLockFree
      ? store(newValue, hotPath: owner.hotPath, exchange: { _ in })
      : owner.state.withLock { _, held in
        store(newValue, hotPath: owner.hotPath) { exchangeValue(with: &$0, held) }
      }
    observer.didSet()
    return Assignment(stored: stored)
  }

  /// Ends an assignment, holding no lock: subscribers and notification observers hear of it
  /// when anyone listens, a refusal is said in a debug build, the value replaced is released
  /// (``exchangeValue(with:_:)``), and a save is scheduled when the class saves automatically.
  ///
  /// - Parameters:
  ///   - assignment: What ``assign(_:in:observer:)`` returned.
  ///   - newValue: The value assigned.
  ///   - owner: The instance the cell belongs to.
  ///   - flags: The owner's ``HotPath`` flags, as the caller read them.
  @inlinable @inline(__always)
  func finish(
    _ assignment: consuming Assignment<Value>, with newValue: Value, in owner: Preferences,
    flags: UInt64
  ) {
    if let stored = assignment.stored {
      if _slowPath(stored.isHeard), let replaced = stored.replaced {
        owner.announceAssignment(
          to: self, replacing: replaced, with: assignment.clamped ?? newValue)
      }
    } else if !assignment.isRejected {
      refuseAssignment()
    }
    if _slowPath(flags & HotPath.savesAutomatically != 0) { owner.scheduleSave() }
  }

  /// The hot path: assigns a value of a ``isLockFree`` type under the cell's lock bit, as
  /// ``CellFlags/assign(isChecked:)`` says, unless anyone hears of assignments. Returns `false`
  /// when anyone does, the assignment is refused, or the preference is constrained, leaving it
  /// to ``assign(_:in:observer:)`` (a refusal noted twice is noted once). Small enough to
  /// inline: one compare-and-swap, two loads, two stores.
  @inlinable @inline(__always)
  func assignUnheard(_ newValue: Value, hotPath: AtomicWords) -> Bool {
    withCellLock { flags in
      guard _fastPath(hotPath.loadRelaxed() & HotPath.heard == 0), flags.assign() else {
        return false
      }
      lockFreeValue = newValue
      return true
    }
  }

  /// Stores a value chosen by the app under the cell's lock bit, as
  /// ``CellFlags/assign(isChecked:)`` says.
  ///
  /// - Parameters:
  ///   - newValue: The value the app assigned.
  ///   - hotPath: The owner's ``HotPath`` flags, read while holding the cell's lock bit: a
  ///     subscriber added before the assignment took the bit hears of it (subscribing takes
  ///     every cell's bit once after setting its flag).
  ///   - isChecked: Whether the value was checked against the cell's constraint
  ///     (``CellFlags/assign(isChecked:)``).
  ///   - exchange: Swaps a boxed value: ``exchangeValue(with:_:)``, with the caller's proof
  ///     that it holds the owner's lock. A ``isLockFree`` value is stored as bits, holding no
  ///     lock but the bit, and `exchange` is not called.
  /// - Returns: `nil` when refused: an administrator manages the key, and nothing changed.
  ///   Otherwise `replaced`, the value replaced, for the caller to release once it holds no
  ///   lock (``exchangeValue(with:_:)``), or to announce when `isHeard`, that is when anyone
  ///   hears of assignments: for a ``isLockFree`` value, only then.
  @inlinable @inline(__always)
  func store(
    _ newValue: Value, hotPath: AtomicWords, isChecked: Bool = false,
    exchange: (inout Value) -> Void
  ) -> (replaced: Value?, isHeard: Bool)? {
    withCellLock { flags in
      guard flags.assign(isChecked: isChecked) else { return nil }
      let isHeard = _slowPath(hotPath.loadRelaxed() & HotPath.heard != 0)
      if Self.isLockFree {
        let replaced = isHeard ? lockFreeValue : nil
        lockFreeValue = newValue
        return (replaced, isHeard)
      }
      var replaced = newValue
      exchange(&replaced)
      return (replaced, isHeard)
    }
  }
}

/// What ``PreferenceCell/assign(_:in:observer:)`` did, for
/// ``PreferenceCell/finish(_:with:in:flags:)``: `stored` is `nil` when refused or rejected
/// (`isRejected`: a constraint rejected the value); otherwise the value replaced (to release
/// holding no lock, and to announce when heard). `clamped` is the value stored when a
/// constraint clamped it.
@usableFromInline
struct Assignment<Value> {
  @usableFromInline let stored: (replaced: Value?, isHeard: Bool)?
  @usableFromInline let clamped: Value?
  @usableFromInline let isRejected: Bool

  @inlinable init(
    stored: (replaced: Value?, isHeard: Bool)?, clamped: Value? = nil, isRejected: Bool = false
  ) {
    self.stored = stored
    self.clamped = clamped
    self.isRejected = isRejected
  }
}

/// Tells the Observation framework of an assignment: its will-set and did-set calls, around
/// storing the value. A protocol rather than closures, so the calls are direct on the hot path.
@usableFromInline
protocol AssignmentObserver {
  func willSet()
  func didSet()
}

/// No one to tell: a class that is not observable.
@usableFromInline
struct Unobserved: AssignmentObserver {
  @inlinable init() {}
  @inlinable func willSet() {}
  @inlinable func didSet() {}
}

/// A property observed through its key path, specialized for its class.
@usableFromInline
struct KeyPathObserver<Owner: Preferences, Value>: AssignmentObserver {
  @usableFromInline let owner: Owner
  @usableFromInline let keyPath: ReferenceWritableKeyPath<Owner, Value>

  @inlinable init(owner: Owner, keyPath: ReferenceWritableKeyPath<Owner, Value>) {
    self.owner = owner
    self.keyPath = keyPath
  }

  @inlinable func willSet() { owner.observation.willSet(owner, keyPath: keyPath) }
  @inlinable func didSet() { owner.observation.didSet(owner, keyPath: keyPath) }
}

/// A property observed through what its cell recorded (`nil`: never read or assigned through
/// its accessors, so not observed), for a caller that does not know the class.
struct PropertyObserver: AssignmentObserver {
  let owner: Preferences
  let property: ObservedProperty?

  func willSet() { property?.willSet(owner) }
  func didSet() { property?.didSet(owner) }
}
