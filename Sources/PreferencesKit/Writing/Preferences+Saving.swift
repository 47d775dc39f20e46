// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
public import Foundation

/// What automatic saving keeps. Times are `DispatchTime` uptimes, in nanoseconds.
///
/// An assignment only records its time when a save is already scheduled; the save's timer,
/// when it fires, works out from these times whether the save is due or when it will be, and
/// sets itself again until then. So a change waits for `interval` after the last assignment,
/// and at most `maxDelay` after the first change not yet saved.
struct SavingState {
  /// The timer of the save waiting to run, if one is scheduled. It holds the instance.
  var scheduled: DispatchWorkItem?
  /// The number of the current timer: a timer that finds another was taken or replaced.
  var timer: UInt64 = 0
  /// When the first change not yet saved was made.
  var firstChange: UInt64 = 0
  /// When the last change was made.
  var lastChange: UInt64 = 0
  /// No automatic save starts before this: `maxDelay` after one that failed.
  var notBefore: UInt64 = 0
}

extension Preferences {
  /// Posted to `NotificationCenter.default`, with the instance as the object, when an
  /// automatic save fails or leaves out keys whose values the store cannot hold. The problems
  /// are in the `userInfo` under ``problemsUserInfoKey``, and in ``preferenceProblems``
  /// (phase ``PreferenceProblem/Phase/autosave`` for the store's error,
  /// ``PreferenceProblem/Phase/write`` for a key left out). The keys stay dirty: the next
  /// assignment schedules another save (a key left out, once it is assigned again).
  public static let saveDidFailNotification = Notification.Name("PreferencesSaveDidFail")

  /// The `userInfo` key of ``saveDidFailNotification`` under which the problems are, as a
  /// `[PreferenceError]`: one naming the store, or one per key left out.
  public static let problemsUserInfoKey = "PreferencesProblems"

  /// Saves now what this instance's scheduled save would save, and returns when it is saved
  /// (or has failed, as ``preferenceProblems`` then says), after a save of this store already
  /// under way. Unlike ``flushPendingSaves()``, it touches only this instance, so tests running
  /// in parallel each flush their own.
  ///
  /// ```swift
  /// prefs.fontSize = 14             // under .debounced(.seconds(1))
  /// prefs.flushScheduledSave()
  /// #expect(try store.value(forKey: "fontSize") == .double(14))
  /// ```
  ///
  /// Under ``SavePolicy/explicit`` nothing is ever scheduled: ``writePreferences()`` saves.
  public func flushScheduledSave() {
    let pending = takeScheduledSave()
    pending?.cancel()
    SaveQueues.runInOrder(with: preferenceStore) {
      if pending != nil { runScheduledSave() }
    }
    if pending != nil { SaveProtection.release() }
  }

  /// Schedules a save as ``savePolicy`` says, after an assignment or a reset.
  @usableFromInline
  func scheduleSave() {
    guard savesAutomatically else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    state.withLock { state in
      state.saving.lastChange = now
      // A scheduled save's timer sees this change's time when it fires.
      guard state.saving.scheduled == nil else { return }
      SaveProtection.hold()
      state.saving.firstChange = now
      setTimer(in: &state.saving)
    }
  }

  /// Sets a timer for when the save is due. The lock is held.
  private func setTimer(in saving: inout SavingState) {
    saving.timer &+= 1
    let timer = saving.timer
    // Holds the instance until the save runs, so a change is saved even when the app lets go
    // of the instance first.
    let save = DispatchWorkItem { self.timerFired(timer) }
    saving.scheduled = save
    // On the store's serial queue: saves to one store land in the order they were made.
    SaveQueues.queue(for: preferenceStore).asyncAfter(
      deadline: DispatchTime(nanoseconds: dueTime(of: saving)), execute: save)
  }

  /// When the scheduled save is due: `interval` after the last change, but no later than
  /// `maxDelay` after the first change not yet saved, and not before `notBefore`.
  private func dueTime(of saving: SavingState) -> UInt64 {
    let policy = Self.savePolicy
    let interval = (policy.interval ?? .zero).saturatingNanoseconds
    let maxDelay = (policy.maxDelay ?? .zero).saturatingNanoseconds
    let due = min(
      saving.lastChange.addingSaturated(interval), saving.firstChange.addingSaturated(maxDelay))
    return max(due, saving.notBefore)
  }

  /// The timer numbered `timer` fired: saves when the save is due, or sets the timer again for
  /// when it will be.
  private func timerFired(_ timer: UInt64) {
    let now = DispatchTime.now().uptimeNanoseconds
    let due = state.withLock { state in
      guard state.saving.scheduled != nil, state.saving.timer == timer else { return false }
      guard dueTime(of: state.saving) <= now else {
        setTimer(in: &state.saving)
        return false
      }
      state.saving.scheduled = nil
      return true
    }
    guard due else { return }
    runScheduledSave()
    SaveProtection.release()
  }

  /// The scheduled save, if any, no longer scheduled as far as this instance knows. Its work
  /// item holds the instance, so an instance that has one is not being deinitialized. The
  /// caller runs the save, then calls `SaveProtection.release()`: the save stays protected
  /// until it has run.
  func takeScheduledSave() -> DispatchWorkItem? {
    state.withLock { $0.saving.scheduled.take() }
  }

  /// After a reload from outside, schedules again an automatic save that failed, once the store
  /// reads without damage: a TOML file a person broke is not rewritten (the save fails), and
  /// the pending changes are saved when the watcher sees the fixed file.
  func retryFailedSaveOnceTheStoreReads() {
    guard savesAutomatically else { return }
    let retry = state.withLock { state in
      guard !state.problems.errors(in: .autosave).isEmpty,
        !state.problems.errors(in: .load).contains(where: { $0.isDamage && $0.key == nil })
      else { return false }
      state.saving.notBefore = 0
      return true
    }
    if retry, hasUnsavedChanges { scheduleSave() }
  }

  /// Saves the dirty keys, reporting what failed as an automatic save does.
  func runScheduledSave() {
    // Keys left out stay in the problem list through `commits.leftOut` until assigned again.
    let errors: [PreferenceError]
    do {
      errors = try write().leftOut
      state.withLock {
        $0.problems.replace(.autosave, with: [])
        $0.saving.notBefore = 0
      }
    } catch {
      errors = [error]
      let retry = DispatchTime.now().uptimeNanoseconds.addingSaturated(
        (Self.savePolicy.maxDelay ?? .zero).saturatingNanoseconds)
      state.withLock {
        $0.problems.replace(.autosave, with: errors)
        $0.saving.notBefore = retry
      }
    }
    if !errors.isEmpty {
      NotificationCenter.default.post(
        name: Self.saveDidFailNotification, object: self,
        userInfo: [Self.problemsUserInfoKey: errors])
    }
  }
}

extension Duration {
  /// This duration in whole nanoseconds: zero when negative, `UInt64.max` when longer than
  /// that. Computed in 64 bits whatever the width of `Int` (32 bits on watchOS).
  var saturatingNanoseconds: UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max : whole.addingSaturated(UInt64(attoseconds / 1_000_000_000))
  }
}

extension UInt64 {
  /// `self + other`, or `UInt64.max` when that does not fit.
  func addingSaturated(_ other: UInt64) -> UInt64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}

extension DispatchTime {
  /// The time `nanoseconds` after boot, as ``DispatchTime/now()`` counts; a time too far off to
  /// convert to the system's ticks without overflowing (centuries) is the distant future.
  init(nanoseconds: UInt64) {
    self = nanoseconds >= UInt64.max / 64 ? .distantFuture : .init(uptimeNanoseconds: nanoseconds)
  }
}
