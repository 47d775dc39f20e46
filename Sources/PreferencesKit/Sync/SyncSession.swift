import Dispatch
import Foundation

/// The state of syncing one ``Preferences`` instance with one ``SyncStore``: the pushes still
/// owed, the errors to report, and what pulls changes from other machines.
///
/// `@unchecked Sendable`: `pending` and `errors` are guarded by `lock`; the other properties
/// are constants, and a dispatch source may be cancelled from any thread.
final class SyncSession: @unchecked Sendable {
  /// How often a sync store that cannot report its changes is checked.
  static let pollingInterval: DispatchTimeInterval = .milliseconds(250)
  /// How often a sync store that reports its changes is checked anyway.
  static let backstopInterval: DispatchTimeInterval = .seconds(1)

  /// The store shared with other machines.
  let store: any SyncStore
  private let lock = Lock()
  /// Entries that could not be pushed yet, retried on the next write. Guarded by `lock`.
  private var pending: [String: SyncEntry] = [:]
  /// Why the last pushes or pulls failed. Guarded by `lock`.
  private var errors: [PreferenceError] = []
  private let queue = DispatchQueue(label: "PreferencesKit.SyncSession", qos: .utility)
  private let timer: any DispatchSourceTimer
  private var stopObserving: (@Sendable () -> Void)?

  /// Starts a session that calls `exchange` with `false` to pull changes, periodically and
  /// whenever the store reports a change, and with `true` to reconcile every key again when
  /// the store asks for it.
  init(store: any SyncStore, exchange: @escaping @Sendable (_ reconcile: Bool) -> Void) {
    self.store = store
    timer = DispatchSource.makeTimerSource(queue: queue)
    timer.setEventHandler { exchange(false) }
    let stop = store.observeChanges { [weak self, queue] event in
      switch event {
      case .changed: queue.async { exchange(false) }
      case .initialSync, .accountChanged: queue.async { exchange(true) }
      case .quotaViolation: self?.recordQuotaViolation()
      }
    }
    lock.withLock { stopObserving = stop }
    let interval = stop == nil ? Self.pollingInterval : Self.backstopInterval
    timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
    timer.resume()
  }

  /// Stops pulling. The session cannot be restarted.
  func stop() {
    lock.withLock { stopObserving }?()
    timer.cancel()
  }

  /// Why the last pushes or pulls failed, oldest first.
  var syncErrors: [PreferenceError] {
    lock.withLock { errors }
  }

  /// Whether some entries still wait to be pushed.
  var hasPendingPushes: Bool {
    lock.withLock { !pending.isEmpty }
  }

  /// Records the store's report that a write went over its quota.
  private func recordQuotaViolation() {
    let error = PreferenceError(
      .syncLimitExceeded, expected: "at most \(store.limits.maximumTotalSize) bytes in total",
      reason: "the sync store reports that a write went over its quota")
    lock.withLock { errors.append(error) }
  }

  /// Records a failed pull.
  func recordPullFailure(_ error: any Error) {
    let error = PreferenceError(error, kind: .syncFailed)
    lock.withLock { errors = [error] }
  }

  /// Pushes `entries` and any still pending, refusing before sending any that would break the
  /// store's limits. What is refused or fails stays pending and is listed in ``syncErrors``.
  func push(_ entries: [String: SyncEntry]) {
    let attempt = lock.withLock { pending.merging(entries) { $1 } }
    guard !attempt.isEmpty else { return }
    let existing: [String: SyncEntry]
    do {
      existing = try store.allEntries()
    } catch {
      fail(attempt, errors: [PreferenceError(error, kind: .syncFailed)])
      return
    }
    let limits = store.limits
    var refused: [PreferenceError] = []
    var sendable: [String: SyncEntry] = [:]
    for (key, entry) in attempt {
      let violations = limits.violations(storing: [key: entry], over: [:])
      if violations.isEmpty { sendable[key] = entry } else { refused += violations }
    }
    let overall = limits.violations(storing: sendable, over: existing)
    if !overall.isEmpty {
      fail(attempt, errors: refused + overall)
      return
    }
    do {
      try store.apply(sendable)
    } catch {
      fail(attempt, errors: refused + [PreferenceError(error, kind: .syncFailed)])
      return
    }
    lock.withLock {
      pending = attempt.filter { sendable[$0.key] == nil }
      errors = refused
    }
  }

  private func fail(_ entries: [String: SyncEntry], errors newErrors: [PreferenceError]) {
    lock.withLock {
      pending = entries
      errors = newErrors
    }
  }
}
