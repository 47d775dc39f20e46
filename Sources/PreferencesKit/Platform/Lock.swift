/// A mutual-exclusion lock over the platform's primitive (see ``PlatformMutex``).
///
/// `Mutex` from the Synchronization module would do, but it needs macOS 15 and the package
/// supports macOS 14. The lock lives in memory this class allocates and never moves.
///
/// `@unchecked Sendable`: the only state is the platform lock, which is made for sharing.
@usableFromInline
final class Lock: @unchecked Sendable {
  @usableFromInline let primitive: UnsafeMutablePointer<PlatformMutex>

  init() {
    primitive = .allocate(capacity: 1)
    primitive.initializeMutex()
  }

  deinit {
    primitive.deinitializeMutex()
    primitive.deallocate()
  }

  /// Runs `body` while holding the lock. The lock is not recursive.
  @inlinable
  func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    primitive.lockMutex()
    defer { primitive.unlockMutex() }
    return try body()
  }
}
