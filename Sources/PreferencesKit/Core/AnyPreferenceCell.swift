// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A cell seen without its value type, so ``Preferences`` can load, write and reset every
/// property the same way. A member that reaches the cell's boxed state takes an
/// ``InstanceLock/Held``, the proof that the owner's lock is held; the flags are atomic, and
/// read with or without it.
protocol AnyPreferenceCell: AnyObject, Sendable {
  /// The key in the store.
  var key: String { get }
  /// What the `@Preference` attribute said besides the default.
  var declaration: PreferenceDeclaration { get }
  /// The flags, read at once (see ``CellFlags``).
  var flags: CellFlags { get }
  /// Whether the value needs writing (see ``CellFlags``).
  var isDirty: Bool { get }
  /// Whether the value was chosen (assigned, or loaded from the user's store) rather than
  /// defaulted.
  var hasUserValue: Bool { get }
  /// Whether an administrator decides the value (the managed layer): assignments are refused.
  var isManaged: Bool { get }
  /// Whether an assignment was refused that no write has reported yet.
  var hasRefusedAssignment: Bool { get }
  /// Counts assignments, loads and resets.
  var generation: UInt64 { get }
  /// Whether the value differs from the one last loaded or written (the default when the
  /// store held none).
  func differsFromStoredValue(_ held: borrowing InstanceLock.Held) -> Bool
  /// The property, once it has been read or assigned.
  func property(_ held: borrowing InstanceLock.Held) -> ObservedProperty?
  /// Sets the key found by reflection. Call only while the owner initializes.
  func setKey(_ key: String)
  /// Makes the current value the default, as `setDefaults()` asks. Call only while the owner
  /// initializes.
  ///
  /// - Returns: Whether the preference declares a constraint, which the default must then meet
  ///   (``Preferences/checkDefaultsAccepted()``).
  @discardableResult
  func adoptValueAsDefault(_ held: borrowing InstanceLock.Held) -> Bool
  /// Prepares to install the value of the highest of `candidates` that fits, or the default,
  /// or installs it at once (``LoadOptions/installsAtOnce``). Call holding no lock: it takes
  /// `lock`, the owner's, to install or to look at the current value.
  /// (Core/PreferenceCell+Loading.swift.)
  func prepareLoad(
    _ candidates: LoadCandidates, lock: borrowing InstanceLock, options: LoadOptions
  ) -> CellUpdate
  /// Prepares to restore what a load would find below the user's store (`candidates` hold no
  /// stored value) and mark the cell dirty, so a write removes its key. Call holding no lock:
  /// it takes `lock`, the owner's, to look at the current value.
  func prepareReset(_ candidates: LoadCandidates, lock: borrowing InstanceLock) -> CellUpdate
  /// Captures what a write must save: the value of a dirty cell; of a clean one (its key
  /// moved, or exported), the user's stored form, never a value a layer above the user's
  /// store decides (an administrator's, an override for one run).
  func pendingWrite(_ held: borrowing InstanceLock.Held) -> PendingWrite
  /// Takes and releases the cell's lock bit, so that an assignment holding it finishes first.
  func waitForAssignments()
  /// Forgets a refused assignment once a write has reported it.
  func forgetRefusedAssignment()
  /// This preference's entry in the schema.
  func schemaEntry() -> PreferenceSchema.Entry
  /// Why the default breaks the declared constraint, if it does: a programming error.
  func defaultRejection() -> PreferenceError?
  /// Decodes the form a store normalized the value to (such as a date to the second), and
  /// returns what installs it, if no assignment happened since the given generation. Call
  /// without the lock; what it returns takes the proof that the lock is held.
  func prepareNormalizedValue(_ form: PropertyListValue) -> CellUpdate.Normalization
  /// Marks the cell clean, holding `form` as the one last stored, if nothing was assigned,
  /// loaded or reset since `generation`.
  func markWritten(
    generation: UInt64, form: PropertyListValue?, _ held: borrowing InstanceLock.Held)
}

/// What a `@Preference` attribute says besides the default value.
struct PreferenceDeclaration: Sendable {
  /// The key given with `key:`, if any.
  let key: String?
  /// Keys the preference was stored under before, newest first.
  let previousKeys: [String]
  /// Whether the preference travels to other machines while syncing.
  let isSynced: Bool
  /// The one line given with `help:`, if any.
  var help: String?
}

/// A change to one cell, worked out without the lock and installed with it.
struct CellUpdate {
  /// The cell to change.
  let cell: any AnyPreferenceCell
  /// What the load or reset chose besides the value: the layer it comes from, and the values
  /// that did not fit.
  let choice: LoadChoice
  /// What observers hear: the value's stored forms before and after, when they differ and
  /// observers should hear of it; `nil` otherwise.
  let announcement: (oldValue: PropertyListValue?, newValue: PropertyListValue?)?
  /// Installs the change, holding the owner's lock (the argument proves it).
  let install: (borrowing InstanceLock.Held) -> Void

  /// What installs a value a store normalized, holding the owner's lock (`held` proves it),
  /// unless something was assigned, loaded or reset since `generation`.
  typealias Normalization = (_ generation: UInt64, _ held: borrowing InstanceLock.Held) -> Void

  /// Why the user's stored value could not be used, if it could not.
  var error: PreferenceError? { choice.userError }
  /// The layer whose value the cell holds afterwards.
  var source: PreferenceSource { choice.source }
}

/// What one cell contributes to a write (or an export), captured under the lock and encoded
/// outside it.
struct PendingWrite {
  /// The cell being written.
  let cell: any AnyPreferenceCell
  /// The cell's generation when captured.
  let generation: UInt64
  /// Produces the stored form, or `nil` to remove the key.
  let encode: () throws(PreferenceError) -> PropertyListValue?
}
