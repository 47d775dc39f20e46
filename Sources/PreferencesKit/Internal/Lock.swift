#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A mutual-exclusion lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
///
/// `Mutex` from the Synchronization module would do, but it needs macOS 15 and the package
/// supports macOS 14. The lock lives in memory this class allocates and never moves.
///
/// `@unchecked Sendable`: the only state is the platform lock, which is made for sharing.
@usableFromInline
final class Lock: @unchecked Sendable {
  #if canImport(Darwin)
    @usableFromInline let primitive: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline let primitive: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  init() {
    #if canImport(Darwin)
      primitive = .allocate(capacity: 1)
      primitive.initialize(to: os_unfair_lock())
    #else
      primitive = .allocate(capacity: 1)
      primitive.initialize(to: pthread_mutex_t())
      pthread_mutex_init(primitive, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(primitive)
    #endif
    primitive.deinitialize(count: 1)
    primitive.deallocate()
  }

  /// Runs `body` while holding the lock. The lock is not recursive.
  @inlinable
  func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(primitive)
      defer { os_unfair_lock_unlock(primitive) }
    #else
      pthread_mutex_lock(primitive)
      defer { pthread_mutex_unlock(primitive) }
    #endif
    return try body()
  }
}
