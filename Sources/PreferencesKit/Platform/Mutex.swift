// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A lock that owns the state it guards: the value can be reached only inside ``withLock(_:)``,
/// so no variable is guarded by a comment.
///
/// The shape of the standard library's `Synchronization.Mutex` (and of swift-sharing's
/// backport of it): noncopyable, created with its value, used through `withLock`, `Sendable`
/// when its value is. `Synchronization.Mutex` needs macOS 15 (iOS 18, ...) and the package
/// supports macOS 14; when that is the minimum, deleting this type moves the uses to the
/// standard library's, with one exception: its `withLock` passes the value and the result as
/// `sending`, which this one does not check (the region checker refuses, with `sending`, a
/// critical section whose result captures what is not `Sendable`). A ``Preferences``
/// instance's lock, which guards its cells as well as its state, is an ``InstanceLock``.
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

/// A platform lock (``PlatformMutex``) in memory this class allocates and never moves: the
/// part the locks of this file share (``Mutex``, ``InstanceLock``, ``WorkLock``). It has no
/// `withLock` of its own and only this file makes one, so no code can guard state by comment
/// with it: each of those types says what it is for.
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
///
/// `@unchecked Sendable`: restated from ``Lock``, for the same reason; it adds no state.
@usableFromInline
final class WorkLock: Lock, @unchecked Sendable {
  /// Creates an unlocked work lock.
  override init() { super.init() }

  /// Runs `body` while holding the lock. The lock is not recursive.
  func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    primitive.lockMutex()
    defer { primitive.unlockMutex() }
    return try body()
  }
}

/// The lock of a ``Preferences`` instance (``Preferences/state``): it guards the instance's
/// ``InstanceState``, reached only inside `withLock` as a ``Mutex``'s value is, and the boxed
/// state of the instance's cells, which each member of ``PreferenceCell`` reaches only with a
/// ``Held`` that `withLock { state, held in ... }` makes; so a load installs values and
/// records what it found in one critical section.
///
/// ```swift
/// let problems = state.withLock { $0.problems.list }
/// state.withLock { state, held in
///   for change in changes { change.install(held) }
///   state.problems.replaceLoadProblems(with: problems)
/// }
/// ```
///
/// Not recursive; its place among the other locks: ``LockOrder``. The two-argument `withLock`
/// is inlinable, so a read of a boxed value calls nothing but the platform lock.
@usableFromInline
struct InstanceLock: ~Copyable {
  /// The platform lock and the state, in one object at a fixed address.
  @usableFromInline let storage: Storage

  /// Creates the lock of an instance whose state is `state`.
  init(_ state: consuming sending InstanceState) {
    storage = Storage(state)
  }

  /// Runs `body` with exclusive access to the instance's state, holding the lock, as
  /// ``Mutex/withLock(_:)`` does.
  borrowing func withLock<Result, E: Error>(
    _ body: (inout InstanceState) throws(E) -> Result
  ) throws(E) -> Result {
    try withLock { state, _ throws(E) in try body(&state) }
  }

  /// Runs `body` holding the lock, with exclusive access to the instance's state and a
  /// ``Held``, the proof that reaches its cells' boxed state. `body` must not take this lock
  /// again; it returns or throws what `body` does.
  @inlinable @inline(__always)
  borrowing func withLock<Result, E: Error>(
    _ body: (inout InstanceState, borrowing Held) throws(E) -> Result
  ) throws(E) -> Result {
    storage.primitive.lockMutex()
    defer { storage.primitive.unlockMutex() }
    return try body(&storage.state, Held())
  }

  /// Proof that the thread holds an instance's lock, for the members of ``PreferenceCell``
  /// that reach its boxed state. Noncopyable and passed `borrowing`, so it cannot outlive the
  /// critical section that made it (no escaping closure or variable can keep it); empty, so
  /// passing it costs nothing once inlined. Made only by `withLock` above: its initializer is
  /// internal rather than private only because that `withLock` is inlinable.
  @usableFromInline
  struct Held: ~Copyable {
    @usableFromInline init() {}
  }

  /// The lock with the state. `@unchecked Sendable`: `state` is reached only inside
  /// `withLock`, which holds the lock.
  @usableFromInline
  final class Storage: Lock, @unchecked Sendable {
    /// `@exclusivity(unchecked)`: every access holds the lock, and a dynamic check would cost
    /// a read of a boxed value two calls into the runtime, though that read ignores `state`.
    @usableFromInline @exclusivity(unchecked) var state: InstanceState

    init(_ state: consuming sending InstanceState) {
      self.state = state
      super.init()
    }
  }
}

/// `@unchecked Sendable`: the state is reached only inside `withLock`, holding the lock, and
/// unconditional, unlike ``Mutex``'s, because `InstanceState` is not declared `Sendable`.
extension InstanceLock: @unchecked Sendable {}
