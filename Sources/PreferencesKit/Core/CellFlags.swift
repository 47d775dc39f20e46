// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The flags of a ``PreferenceCell``, and every way they change: the preference's state
/// machine, in one place.
///
/// One word holds them, with the cell's lock bit (`PREFERENCES_BIT_LOCK`, bit 1) and a
/// generation count above them. Each mutating function below is the one definition of a
/// transition; the cell runs it while holding its lock bit, together with the value it
/// installs (``PreferenceCell/install(loaded:form:isManaged:unlessChangedSince:_:)`` and its
/// neighbours), and ``checkInvariants()`` runs after it in a debug build.
///
/// - dirty: the value needs writing, as it was assigned or reset since it was last loaded or
///   written. Nothing else: a refused assignment has its own flag.
/// - user value: the value was chosen (assigned, or loaded from the user's store), not
///   defaulted; a dirty cell without one removes its key on write.
/// - managed: an administrator decides the value (the managed layer); assignments are refused.
/// - refused: an assignment was refused since the last load, and no write has reported it.
/// - constrained: the preference declares a ``PreferenceConstraint``, so an assignment's value
///   is checked (outside the lock bit) before it is stored. Set once, with the cell.
@usableFromInline
struct CellFlags: Sendable {
  @usableFromInline var bits: UInt64

  @inlinable init(bits: UInt64) { self.bits = bits }

  @inlinable static var recorded: UInt64 { 1 }
  // Bit 1 (2) is the cell's lock bit.
  @inlinable static var dirty: UInt64 { 4 }
  @inlinable static var userValue: UInt64 { 8 }
  @inlinable static var managed: UInt64 { 16 }
  @inlinable static var refused: UInt64 { 32 }
  @inlinable static var constrained: UInt64 { 64 }
  /// One step of the generation, which counts in the bits above this one.
  @inlinable static var generationStep: UInt64 { 256 }

  /// Whether the cell's `property` is recorded.
  @inlinable var isPropertyRecorded: Bool {
    get { bits & Self.recorded != 0 }
    set { bits = newValue ? bits | Self.recorded : bits & ~Self.recorded }
  }
  /// Whether the value needs writing.
  @inlinable var isDirty: Bool { bits & Self.dirty != 0 }
  /// Whether the value was chosen rather than defaulted.
  @inlinable var hasUserValue: Bool { bits & Self.userValue != 0 }
  /// Whether an administrator decides the value.
  @inlinable var isManaged: Bool { bits & Self.managed != 0 }
  /// Whether an assignment was refused that no write has reported yet.
  @inlinable var hasRefusedAssignment: Bool { bits & Self.refused != 0 }
  /// Whether the preference declares a constraint: set once, when the cell is made.
  @inlinable var isConstrained: Bool { bits & Self.constrained != 0 }
  /// Counts assignments, loads and resets, wrapping after 2^56.
  @inlinable var generation: UInt64 { bits / Self.generationStep }

  // MARK: Transitions

  /// Load (with or without layers): the value the store or a layer holds, or the default, is
  /// installed. Clean; a user value when the user's store holds one; managed when the managed
  /// layer decides; a refusal is forgotten with the value it was refused against, as the
  /// dirty flag was before it had a bit of its own. A new generation.
  @inlinable mutating func load(hasUserValue: Bool, isManaged: Bool) {
    let cleared = Self.dirty | Self.userValue | Self.managed | Self.refused
    bits = (bits &+ Self.generationStep) & ~cleared
    if hasUserValue { bits |= Self.userValue }
    if isManaged { bits |= Self.managed }
    checkInvariants()
  }

  /// Assign: the app chose a value. Dirty, a user value, a new generation; refused when the
  /// cell is managed (see ``refuse()``). The one definition of an assignment: every path that
  /// assigns, the inlined hot path too (``PreferenceCell/assignUnheard(_:hotPath:)``), runs
  /// it holding the cell's lock bit.
  ///
  /// - Parameter isChecked: Whether the value was checked against the cell's constraint. An
  ///   unchecked assignment to a constrained cell does not take and changes nothing, so the
  ///   hot path leaves it to the path that checks (one test covers both flags there).
  /// - Returns: Whether the assignment takes.
  @inlinable mutating func assign(isChecked: Bool = false) -> Bool {
    if _slowPath(bits & (Self.managed | Self.constrained) != 0) {
      if isManaged {
        refuse()
        return false
      }
      if !isChecked { return false }
    }
    bits = (bits &+ Self.generationStep) | Self.dirty | Self.userValue
    checkInvariants()
    return true
  }

  /// Refuse: an assignment to a managed cell changes nothing but this flag, so the next write
  /// reports the key once (the cell stays clean: there is nothing to write).
  @inlinable mutating func refuse() {
    bits |= Self.refused
    checkInvariants()
  }

  /// Constrain: the cell declares a constraint. Set once, when the cell is made.
  mutating func constrain() {
    bits |= Self.constrained
    checkInvariants()
  }

  /// Forget a refusal, once a write reported it.
  mutating func forgetRefusal() {
    bits &= ~Self.refused
    checkInvariants()
  }

  /// Reset (with or without layers): dirty without a user value, so the next write removes
  /// the key; a new generation. A managed cell stays as it is.
  ///
  /// - Returns: Whether the reset takes, so the value below the user's store is installed.
  mutating func reset() -> Bool {
    guard !isManaged else { return false }
    bits = ((bits &+ Self.generationStep) | Self.dirty) & ~Self.userValue
    checkInvariants()
    return true
  }

  /// Mark written: clean, if nothing was assigned, loaded or reset since `generation`, when
  /// the write captured the value.
  ///
  /// - Returns: Whether it takes, so the written form is the one last stored.
  mutating func markWritten(generation: UInt64) -> Bool {
    guard self.generation == generation else { return false }
    bits &= ~Self.dirty
    checkInvariants()
    return true
  }

  /// Normalise: whether the value may be replaced by the form the store normalised it to
  /// (a date to the second): only if nothing was assigned, loaded or reset since `generation`,
  /// and the write saved the value (the cell is dirty until marked written): a clean cell's
  /// write moves the user's stored form, and its value may be a layer's. The flags stay.
  func normalizes(since generation: UInt64) -> Bool {
    self.generation == generation && isDirty
  }

  /// Adopt as default: the current value is the default now, as `setDefaults()` asks. Clean,
  /// without a user value; the generation stays.
  mutating func adoptAsDefault() {
    bits &= ~(Self.dirty | Self.userValue)
    checkInvariants()
  }

  // MARK: Invariants

  /// Stops a debug build when the flags break what every transition keeps: a managed cell is
  /// never dirty (nothing of it is written), and only a managed cell holds a refusal. A
  /// release build checks nothing. (``PreferenceCell/checkInvariants(_:)`` adds the stored form.)
  @inlinable func checkInvariants() {
    #if DEBUG
      precondition(!isManaged || !isDirty, "a managed preference is dirty")
      precondition(!hasRefusedAssignment || isManaged, "an unmanaged preference refused")
    #endif
  }
}
