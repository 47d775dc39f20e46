/// A lock that owns the state it guards: the value can be reached only inside ``withLock(_:)``,
/// so no variable is guarded by a comment.
///
/// The shape of the standard library's `Synchronization.Mutex` (and of swift-sharing's
/// backport of it): noncopyable, created with its value, used through `withLock`, `Sendable`
/// when its value is. `Synchronization.Mutex` needs macOS 15 (iOS 18, ...) and the package
/// supports macOS 14; when that is the minimum, deleting this file moves the uses to the
/// standard library's type, with two exceptions. ``sharedLock`` has no counterpart there. And
/// its `withLock` passes the value and the result as `sending`, which this one does not check:
/// `load` records what it found (key moves, sources, the system's layers), which its closure
/// captures, into the instance's state, and an import hands on a closure that is not
/// `Sendable`: the region checker refuses both with `sending` (found by building with it).
///
/// ```swift
/// private let counts = Mutex([String: Int]())
///
/// counts.withLock { $0["reads", default: 0] += 1 }
/// let reads = counts.withLock { $0["reads"] ?? 0 }
/// ```
///
/// Declare it with `let`, as a stored property of a class or a global or static constant: it
/// cannot be copied, and a closure that escapes cannot capture it. The lock is the platform's
/// (``PlatformMutex``): not recursive, and a thread must not take it inside its own `withLock`.
/// Which locks may be taken while holding which is written down once, in ``LockOrder``.
struct Mutex<Value>: ~Copyable {
  /// The platform lock and the value, in one object at a fixed address.
  private let storage: Storage

  /// Creates a mutex owning `initialValue`.
  init(_ initialValue: consuming sending Value) {
    storage = Storage(initialValue)
  }

  /// Runs `body` with exclusive access to the value, holding the lock, and returns what it
  /// returns or throws what it throws.
  ///
  /// - Parameter body: The critical section. It must not take this lock again.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, with its type.
  borrowing func withLock<Result, E: Error>(
    _ body: (inout Value) throws(E) -> Result
  ) throws(E) -> Result {
    storage.primitive.lockMutex()
    defer { storage.primitive.unlockMutex() }
    return try body(&storage.value)
  }

  /// This mutex's platform lock, for the one owner that guards state outside the value: a
  /// ``Preferences`` instance, whose lock guards its `InstanceState` (this value) and the boxed
  /// values of its `@Preference` cells, so that a reload installs values and records what it
  /// found in one critical section. Nothing else uses it. `Synchronization.Mutex` has no such
  /// member: moving to it, the instance keeps this type for its one lock.
  var sharedLock: Lock { storage }

  /// The lock with the value.
  ///
  /// `@unchecked Sendable`: `value` is read and written only inside `withLock`, which holds
  /// the lock.
  private final class Storage: Lock, @unchecked Sendable {
    var value: Value

    init(_ value: consuming sending Value) {
      self.value = value
      super.init()
    }
  }
}

extension Mutex: @unchecked Sendable where Value: Sendable {}

/// A platform lock (``PlatformMutex``) without a value of its own. Only this file makes one,
/// in two ways, so no other code can guard state by comment with it:
///
/// - A ``Mutex``'s ``Mutex/sharedLock``: a `Preferences` instance's ``Preferences/lock``,
///   which guards the boxed values of the instance's cells as well as the mutex's value (the
///   one exception to "state lives in a mutex", see ``PreferenceCell``).
/// - A ``WorkLock``, which guards no value at all: it serializes work.
///
/// The lock lives in memory this class allocates and never moves.
///
/// `@unchecked Sendable`: the only state is the platform lock, which is made for sharing.
@usableFromInline
class Lock: @unchecked Sendable {
  @usableFromInline let primitive: UnsafeMutablePointer<PlatformMutex>

  fileprivate init() {
    primitive = .allocate(capacity: 1)
    primitive.initializeMutex()
  }

  deinit {
    primitive.deinitializeMutex()
    primitive.deallocate()
  }

  /// Runs `body` while holding the lock. The lock is not recursive.
  @inlinable
  final func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    primitive.lockMutex()
    defer { primitive.unlockMutex() }
    return try body()
  }
}

/// A lock that serializes work and guards no value: the calls it runs one at a time are what
/// it protects, such as a write reaching the store in the order it was made. A separate type
/// from ``Mutex`` so that no `Mutex<Void>` pretends to guard something, and so that a reader
/// knows that what runs inside may be long (store calls, system calls, a caller's closure).
///
/// ```swift
/// let writeLock = WorkLock()
/// try writeLock.withLock { try store.update(...) }
/// ```
///
/// Not recursive. Its place among the other locks: ``LockOrder``.
@usableFromInline
final class WorkLock: Lock, @unchecked Sendable {
  /// Creates an unlocked work lock.
  override init() { super.init() }
}
