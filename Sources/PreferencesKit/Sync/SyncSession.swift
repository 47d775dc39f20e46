// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// The state of syncing one ``Preferences`` instance with one ``SyncStore``: the clock that
/// stamps this device's changes, the pushes still owed, the problems to report, and what pulls
/// changes from other machines.
///
/// The session hands its problems to the instance's problem list each time they may have
/// changed, numbered under its lock and handed over after it, so that the instance keeps the
/// latest whatever order they arrive in, and no code runs under this lock but the session's.
final class SyncSession: Sendable {
  /// What a session changes as it runs.
  private struct State {
    /// Entries that could not be pushed yet, retried on the next exchange.
    var pending: [String: SyncEntry] = [:]
    /// Why the last pushes or pulls failed.
    var errors: [PreferenceError] = []
    /// What the store reported about itself, until the account changes.
    var reported: [PreferenceError] = []
    /// Stops the store's reports of changes.
    var stopObserving: (@Sendable () -> Void)?
    /// Pulls periodically.
    var timer: PollingTimer?
    /// The number of the last list of problems handed over.
    var handedOver: UInt64 = 0
  }

  /// The store shared with other machines.
  let store: any SyncStore
  /// Stamps this device's changes.
  let clock: HybridLogicalClock
  /// Receives the session's problems: what the store reported, why the last pushes or pulls
  /// failed, then what the store's last read skipped.
  private let publish: @Sendable (SyncSession, UInt64, [PreferenceError]) -> Void
  private let state = Mutex(State())
  private let queue = DispatchQueue(label: "PreferencesKit.SyncSession", qos: .utility)

  /// Starts a session that calls `exchange` periodically and whenever the store reports a
  /// change, unless `pullsAutomatically` is `false` (then only the owner exchanges, as the
  /// simulation tests do).
  init(
    store: any SyncStore, clock: HybridLogicalClock, pullsAutomatically: Bool = true,
    publish: @escaping @Sendable (SyncSession, UInt64, [PreferenceError]) -> Void = { _, _, _ in },
    exchange: @escaping @Sendable () -> Void
  ) {
    self.store = store
    self.clock = clock
    self.publish = publish
    guard pullsAutomatically else { return }
    let stop = store.observeChanges { [weak self, queue] event in
      switch event {
      case .changed:
        queue.async(execute: exchange)
      case .initialSync, .accountChanged:
        self?.update { $0.reported = [] }
        queue.async(execute: exchange)
      case .quotaViolation:
        self?.report(
          PreferenceError(
            .syncLimitExceeded,
            expected: "at most \(store.limits.maximumTotalSize) bytes in total",
            reason: "the sync store reports that a write went over its quota"))
      case .unavailable(let error):
        self?.report(error)
      }
    }
    let interval =
      stop == nil ? PollingTimer.pollingInterval : PollingTimer.syncBackstopInterval
    let timer = PollingTimer(interval: interval, queue: queue, handler: exchange)
    state.withLock { state in
      state.stopObserving = stop
      state.timer = timer
    }
  }

  /// Stops pulling. The session cannot be restarted.
  func stop() {
    let (stopObserving, timer) = state.withLock { ($0.stopObserving, $0.timer) }
    stopObserving?()
    timer?.cancel()
  }

  /// Changes the state, then hands the problems to the instance, numbered in the order of the
  /// changes: the instance keeps the list with the highest number.
  private func update<Result>(_ body: (inout State) -> Result) -> Result {
    let skipped = store.readProblems  // The store's code, outside the lock.
    let (result, number, problems) = state.withLock { state in
      let result = body(&state)
      state.handedOver += 1
      return (result, state.handedOver, state.reported + state.errors + skipped)
    }
    publish(self, number, problems)
    return result
  }

  /// An entry for a change made on this device now.
  func stamp(_ value: PropertyListValue?) -> SyncEntry {
    SyncEntry(value: value, timestamp: clock.tick())
  }

  private func report(_ error: PreferenceError) {
    update { $0.reported.append(error) }
  }

  /// Records that the store could not be read: one error for each key still waiting to be
  /// pushed, or one without a key when none is.
  func recordPullFailure(_ error: any Error) {
    update { state in
      let keys = state.pending.keys.sorted()
      let named: [String?] = keys.isEmpty ? [nil] : keys
      state.errors = named.map { Self.failure(error, key: $0) }
    }
  }

  /// Pushes `entries` and any still pending, holding back before sending any that would break
  /// the store's limits. What is held back or fails stays pending and is listed in the problems,
  /// one per key. Hands the problems over even when there is nothing to push: the exchange
  /// before read the store.
  func push(_ entries: [String: SyncEntry]) {
    let attempt = state.withLock {
      $0.pending.merging(entries) { old, new in new.isNewer(than: old) ? new : old }
    }
    guard !attempt.isEmpty else {
      update { _ in }
      return
    }
    var overLimit: [PreferenceError] = []
    var sendable: [String: SyncEntry] = [:]
    for (key, entry) in attempt.sorted(by: { $0.key < $1.key }) {
      let violations = store.limits.violations(storing: [key: entry], over: [:])
      if violations.isEmpty { sendable[key] = entry } else { overLimit += violations }
    }
    var failures: [PreferenceError] = []
    do {
      try store.apply(sendable, from: clock.device)
    } catch let error as PreferenceError where error.kind == .syncLimitExceeded {
      failures = [error]
    } catch {
      failures = sendable.keys.sorted().map { Self.failure(error, key: $0) }
    }
    update { state in
      state.pending = failures.isEmpty ? attempt.filter { sendable[$0.key] == nil } : attempt
      state.errors = overLimit + failures
    }
  }

  /// `error` as a sync failure that names `key`.
  private static func failure(_ error: any Error, key: String?) -> PreferenceError {
    var failure = PreferenceError(error, kind: .syncFailed)
    failure.kind = .syncFailed
    failure.key = failure.key ?? key
    return failure
  }
}
