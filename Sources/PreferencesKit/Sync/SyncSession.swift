import Dispatch
import Foundation

/// The state of syncing one ``Preferences`` instance with one ``SyncStore``: the pushes still
/// owed, the errors to report, and the timer that pulls changes from other machines.
///
/// `@unchecked Sendable`: `pending` and `errors` are guarded by `lock`; `store` and `timer` are
/// constants, and a dispatch source may be cancelled from any thread.
final class SyncSession: @unchecked Sendable {
  /// How often the sync store is checked for changes from other machines.
  static let interval: DispatchTimeInterval = .milliseconds(250)

  /// The store shared with other machines.
  let store: any SyncStore
  private let lock = Lock()
  /// Entries that could not be pushed yet, retried on the next write. Guarded by `lock`.
  private var pending: [String: SyncEntry] = [:]
  /// Why the last pushes or pulls failed. Guarded by `lock`.
  private var errors: [PreferenceError] = []
  private let timer: any DispatchSourceTimer

  /// Starts a session that calls `pull` periodically until stopped.
  init(store: any SyncStore, pull: @escaping @Sendable () -> Void) {
    self.store = store
    timer = DispatchSource.makeTimerSource(
      queue: DispatchQueue(label: "PreferencesKit.SyncSession", qos: .utility))
    timer.schedule(
      deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(50))
    timer.setEventHandler(handler: pull)
    timer.resume()
  }

  /// Stops pulling. The session cannot be restarted.
  func stop() {
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
