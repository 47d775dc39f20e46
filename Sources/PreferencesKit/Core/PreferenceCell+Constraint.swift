// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// A preference's declared constraint (``PreferenceConstraint``) applied on each path a value
// comes in by: an assignment in code here, a load (store, layers, sync, import, migration) in
// ``decodeAccepted(_:)``, and the default when the instance is created.
extension PreferenceCell {
  /// An assignment to a cell with a constraint: the value is clamped if the constraint clamps,
  /// then checked, holding no instance lock (a validating closure may be slow); a rejected
  /// value changes nothing but the problem list (``Preferences/noteChecked(key:rejection:)``),
  /// and an accepted one removes the key's problem.
  @usableFromInline @inline(never)
  func assignChecked(
    _ newValue: Value, in owner: Preferences, observer: some AssignmentObserver
  ) -> Assignment<Value> {
    guard let constraint else { preconditionFailure("\"\(key)\" is constrained without one") }
    let value = constraint.clamp?(newValue) ?? newValue
    if var rejection = constraint.rejection(value) {
      rejection.key = key
      // As a stored value is shown: `real 4000.0`, `string "xx"`.
      rejection.found = (try? codec.encode(value))?.description ?? rejection.found
      rejection.reason = [
        rejection.reason, "the assignment was ignored, and the preference keeps its value",
      ].compactMap { $0 }.joined(separator: "; ")
      owner.noteChecked(key: key, rejection: rejection)
      return Assignment(stored: nil, isRejected: true)
    }
    owner.noteChecked(key: key, rejection: nil)
    observer.willSet()
    let stored =
      Self.isLockFree
      ? store(value, hotPath: owner.hotPath, isChecked: true, exchange: { _ in })
      : owner.state.withLock { _, held in
        store(value, hotPath: owner.hotPath, isChecked: true) { exchangeValue(with: &$0, held) }
      }
    observer.didSet()
    return Assignment(stored: stored, clamped: constraint.clamp == nil ? nil : value)
  }

  /// Decodes a stored form, a layer's or a synced one, and throws a
  /// ``PreferenceError/Kind/rejectedValue`` when the value breaks the constraint, so each path
  /// that loads treats it as one that does not fit: not used.
  @inline(__always)
  func decodeAccepted(_ form: PropertyListValue) throws(PreferenceError) -> Value {
    let value = try codec.decode(form)
    if _slowPath(flags.isConstrained), var rejection = constraint?.rejection(value) {
      rejection.found = form.description  // What the store holds, as a person wrote it.
      throw rejection
    }
    return value
  }

  func defaultRejection() -> PreferenceError? {
    guard flags.isConstrained else { return nil }
    return constraint?.rejection(defaultValue)
  }
}
