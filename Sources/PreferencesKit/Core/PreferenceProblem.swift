// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// A problem a ``Preferences`` instance met and has not got past yet: the error, and the phase
/// it arose in, which says when it goes away. Listed in ``Preferences/preferenceProblems``.
///
/// ```swift
/// for problem in prefs.preferenceProblems where problem.phase == .load {
///   print(problem.error)
///   // preference "launchCount" in /home/ada/.config/notes/preferences.plist: expected Int,
///   // found string "many"
/// }
/// ```
///
/// Methods that fail throw a ``PreferenceError``; the list holds what nothing threw: what a
/// load found, what a write kept or left out, and what automatic saving and syncing met.
public struct PreferenceProblem: Sendable, Hashable, CustomStringConvertible {
  /// What happened, with the key, the file, what was expected and what was found.
  public var error: PreferenceError
  /// When the problem arose, which says when it goes away.
  public var phase: Phase

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - error: What happened.
  ///   - phase: When it happened.
  public init(_ error: PreferenceError, phase: Phase) {
    self.error = error
    self.phase = phase
  }

  /// The key of the preference involved, if one is: the error's ``PreferenceError/key``.
  public var key: String? { error.key }
  /// The file involved, if one is: the error's ``PreferenceError/file``.
  public var file: URL? { error.file }

  /// The error's description, after the phase: `load: preference "launchCount" ...`.
  public var description: String { "\(phase): \(error)" }
}

extension PreferenceProblem {
  /// When a ``PreferenceProblem`` arose, and so when it leaves the list. New phases may be
  /// added in any release.
  public struct Phase: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// The position of the phase's problems in ``Preferences/preferenceProblems``.
    let rank: Int

    /// What the last load found in the store: a stored value that did not fit its property, or
    /// that its ``PreferenceConstraint`` rejected (the property holds its default; an imported
    /// or synced value rejected is listed here too), a store that could not be read, a damaged
    /// file's entries that could not be recovered, or a migration that failed (the instance
    /// then holds its defaults). Replaced by each load: at initialization,
    /// ``Preferences/readPreferences()``, and each change from outside while watching. A write that replaces a value the load
    /// could not read removes that value's problem; one that keeps a damaged file beside the
    /// new one removes the damage's.
    public static let load = Phase(name: "load", rank: 0)
    /// What the read-only layers gave (``Preferences/layers``): a system or managed file that
    /// could not be read or a layer value that did not fit or was rejected, replaced by each
    /// load; and each assignment to a key an administrator manages
    /// (``PreferenceError/Kind/managedKey``), added when a write leaves it out and kept until
    /// the next load.
    public static let layers = Phase(name: "layers", rank: 1)
    /// What a write did besides saving: the file the store kept beside the new one (a damaged
    /// file, or a backup; ``PreferenceError/Kind/fileMovedAside``), until the next successful
    /// write (or an import, a migration or a sync record that keeps one); and each key left
    /// out because the store's format cannot hold its value, until it is assigned again and
    /// written.
    public static let write = Phase(name: "write", rank: 2)
    /// Why the last automatic save (``Preferences/savePolicy``) failed: the store's error.
    /// Replaced by each automatic save, so a save that succeeds clears it.
    public static let autosave = Phase(name: "autosave", rank: 3)
    /// What syncing met (``Preferences/startSyncing(with:)``): a synced value over a limit
    /// of the sync store, a sync store that could not be reached (one problem per key waiting
    /// to be pushed), what the sync store reported about itself (no account, a quota
    /// exceeded; until the account changes) and what its last read skipped
    /// (``SyncStore/readProblems``). Replaced as each exchange goes, and cleared when syncing
    /// stops or starts again.
    public static let sync = Phase(name: "sync", rank: 4)
    /// Each assignment in code that a preference's ``PreferenceConstraint`` rejected
    /// (``PreferenceError/Kind/rejectedValue``): the preference kept its value. One per key,
    /// until the preference is next assigned a value it accepts.
    public static let assignment = Phase(name: "assignment", rank: 5)

    /// The phase's name, such as `"load"`.
    public var description: String { name }
  }
}

extension PreferenceError.Kind {
  /// Whether a write leaves out a key of this kind and saves the rest: the store's format
  /// cannot hold the key's value, or the file would be too large with it.
  var leavesKeyOut: Bool {
    self == .unrepresentableValue || self == .nestingTooDeep || self == .fileTooLarge
  }
}

/// The problem list of a ``Preferences`` instance, and the subscribers to its changes: kept in
/// ``InstanceState/problems``, so reachable only with the instance's lock held.
struct ProblemState {
  /// The problems, in the order of their phases and, within a phase, as they were found.
  private(set) var list: [PreferenceProblem] = [] {
    didSet {
      guard list != oldValue else { return }
      for subscriber in subscribers.values { subscriber.yield(list) }
    }
  }
  /// The streams of ``Preferences/preferenceProblemUpdates(initial:)``, by subscription number.
  var subscribers: [UInt64: AsyncStream<[PreferenceProblem]>.Continuation] = [:]
  /// The number the next subscription gets.
  var nextSubscriberID: UInt64 = 0

  /// The errors of the problems in `phases`, in list order.
  func errors(in phases: PreferenceProblem.Phase...) -> [PreferenceError] {
    list.filter { phases.contains($0.phase) }.map(\.error)
  }

  /// Replaces the problems that `isReplaced` picks with `problems`, in one change.
  mutating func replace(
    where isReplaced: (PreferenceProblem) -> Bool, with problems: [PreferenceProblem]
  ) {
    // Most loads and writes find nothing and had nothing: they cost no copy.
    if problems.isEmpty && !list.contains(where: isReplaced) { return }
    let kept = list.filter { !isReplaced($0) } + problems
    // Stable: within a phase, the order found.
    list = kept.enumerated().sorted {
      ($0.element.phase.rank, $0.offset) < ($1.element.phase.rank, $1.offset)
    }.map(\.element)
  }

  /// Replaces the problems of `phase` that `isReplaced` picks with `errors`, in that phase.
  mutating func replace(
    _ phase: PreferenceProblem.Phase, with errors: [PreferenceError],
    where isReplaced: (PreferenceProblem) -> Bool = { _ in true }
  ) {
    replace(
      where: { $0.phase == phase && isReplaced($0) },
      with: errors.map { PreferenceProblem($0, phase: phase) })
  }

  /// Adds `errors` to `phase`, after its problems.
  mutating func add(_ errors: [PreferenceError], to phase: PreferenceProblem.Phase) {
    replace(phase, with: errors, where: { _ in false })
  }

  /// Ends every stream: the instance is going.
  func finish() {
    for subscriber in subscribers.values { subscriber.finish() }
  }
}

extension ProblemState {
  /// Puts what a commit kept beside the store (``PreferenceError/Kind/fileMovedAside``) in
  /// place of what the last one kept, leaving the keys left out as they are.
  mutating func replaceWriteProblems(with problems: [PreferenceError]) {
    replace(.write, with: problems, where: { !$0.error.kind.leavesKeyOut })
  }

  /// Lists the keys a write left out, by key, in place of those listed before.
  mutating func replaceLeftOutKeys(
    with leftOut: [String: (generation: UInt64, error: PreferenceError)]
  ) {
    let errors = leftOut.values.map(\.error).sorted { ($0.key ?? "") < ($1.key ?? "") }
    replace(.write, with: errors, where: { $0.error.kind.leavesKeyOut })
  }
}

extension ProblemState {
  /// Puts what a load found in place of the problems of the last load and its layers.
  mutating func replaceLoadProblems(with problems: [PreferenceProblem]) {
    replace(where: { $0.phase == .load || $0.phase == .layers }, with: problems)
  }
}
