// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// What an instance does about its preferences' constraints (``PreferenceConstraint``): lists
// each rejected assignment as a problem, and stops at creation on a default that breaks its
// own constraint.
extension Preferences {
  /// Lists a rejected assignment to the preference with `key` in
  /// ``PreferenceProblem/Phase/assignment``, in place of any listed for it before; an accepted
  /// one (`rejection` is `nil`) removes it.
  func noteChecked(key: String, rejection: PreferenceError?) {
    state.withLock { state in
      state.problems.replace(
        .assignment, with: rejection.map { [$0] } ?? [], where: { $0.key == key })
    }
  }

  /// Stops the program when a default breaks its own constraint, whether declared or given
  /// by ``setDefaults()`` (which rejected the assignment): a programming error that fails on
  /// every launch, as two properties with one key do. Call once ``setDefaults()`` has run,
  /// for a class that declares a constraint.
  func checkDefaultsAccepted() {
    for cell in cells {
      if let rejection = cell.defaultRejection() { stopOnRejectedDefault(cell.key, rejection) }
    }
    let rejected = state.withLock { $0.problems.errors(in: .assignment).first }
    if let rejected { stopOnRejectedDefault(rejected.key ?? "", rejected) }
  }

  private func stopOnRejectedDefault(_ key: String, _ rejection: PreferenceError) -> Never {
    let why = [
      rejection.expected.map { "expected \($0)" }, rejection.found.map { "found \($0)" },
    ].compactMap { $0 }.joined(separator: ", ")
    preconditionFailure(
      "\(Self.self): the default of preference \"\(key)\" breaks its own constraint (\(why)"
        + "\(rejection.reason.map { "; \($0)" } ?? "")); change the default or the constraint")
  }
}
