/// A lock that owns the state it guards: the state can be reached only inside ``withLock(_:)``.
///
/// In the manner of swift-argument-parser's `Mutex`. It can share its platform lock with other
/// state (``Preferences`` shares one lock between its features' state and the `@Preference`
/// values, so a reload can install values and record load errors in one critical section).
///
/// `@unchecked Sendable`: `state` is read and written only inside `withLock`, which holds
/// `lock`.
final class Locked<State>: @unchecked Sendable {
  /// The platform lock; others may use it to guard state of their own.
  let lock: Lock
  private var state: State

  /// Creates a lock owning `state`, using `lock` as its platform lock.
  init(_ state: State, lock: Lock = Lock()) {
    self.state = state
    self.lock = lock
  }

  /// Runs `body` with exclusive access to the state. The lock is not recursive.
  func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try lock.withLock { () throws(Failure) -> Result in try body(&state) }
  }

  /// Runs `body` with the state, for code that already holds ``lock``: a getter that took the
  /// lock for a value and must note something in the state on its slow path.
  func withLockHeld<Result>(_ body: (inout State) -> Result) -> Result {
    body(&state)
  }
}
