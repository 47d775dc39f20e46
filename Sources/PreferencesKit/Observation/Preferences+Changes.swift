// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Observation

/// Lets the Observation framework and SwiftUI track each `@Preference` property separately:
/// reading a property inside `withObservationTracking` registers that property alone.
extension Preferences: Observable {}

/// What observation keeps: subscribers to changes, and probes finding the keys behind a key
/// path.
struct ObservationState {
  /// The subscribers to ``Preferences/changes()`` and ``Preferences/updates(of:initial:)``, by
  /// subscription number.
  var subscribers: [UInt64: ChangeSubscriber] = [:]
  /// The keys each running probe has read so far, by probe number.
  var probes: [UInt64: Set<String>] = [:]
  /// The number the next subscription or probe gets.
  var nextID: UInt64 = 0
}

/// One subscriber to changes: a stream's continuation, seen without its element type.
struct ChangeSubscriber: Sendable {
  /// Delivers a change.
  let receive: @Sendable (PreferenceChange) -> Void
  /// Ends the stream.
  let finish: @Sendable () -> Void
}

extension Preferences {
  /// Every change to these preferences, as it happens, until the consuming task is cancelled or
  /// the instance is released.
  ///
  /// ```swift
  /// for await change in prefs.changes() {
  ///   print(change.key, change.origin)   // origin: .local, .external or .reset
  /// }
  /// ```
  ///
  /// - Returns: A stream of changes, buffered without limit.
  public func changes() -> AsyncStream<PreferenceChange> {
    let (stream, continuation) = AsyncStream<PreferenceChange>.makeStream()
    subscribe(
      ChangeSubscriber(
        receive: { continuation.yield($0) }, finish: { continuation.finish() }),
      until: continuation)
    return stream
  }

  /// A stream of what `read` gives: its current value when `initial`, then a value after each
  /// change to one of `keys`, until the consuming task is cancelled or the instance is released.
  /// `read` returns `nil` once the instance is gone.
  ///
  /// The subscriber is added before the current value is read, and each value is read and
  /// yielded in one step under `order`, so a change that lands while the stream is being made
  /// is never lost: the last value yielded is read after the last change installed.
  func values<Value: Sendable>(
    initial: Bool, followingKeys keys: Set<String>, read: @escaping @Sendable () -> Value?
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    let order = WorkLock()
    let yieldCurrent: @Sendable () -> Void = {
      order.withLock { if let value = read() { continuation.yield(value) } }
    }
    subscribe(
      ChangeSubscriber(
        receive: { change in if keys.contains(change.key) { yieldCurrent() } },
        finish: { continuation.finish() }),
      until: continuation)
    if initial { yieldCurrent() }
    return stream
  }

  /// Adds a subscriber, and removes it when `continuation`'s stream terminates.
  func subscribe<Element>(
    _ subscriber: ChangeSubscriber, until continuation: AsyncStream<Element>.Continuation
  ) {
    let id = state.withLock { state in
      let id = state.observation.nextID
      state.observation.nextID += 1
      state.observation.subscribers[id] = subscriber
      hasChangeSubscribers = true
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.unsubscribe(id)
    }
  }

  private func unsubscribe(_ id: UInt64) {
    state.withLock { state in
      state.observation.subscribers[id] = nil
      hasChangeSubscribers = !state.observation.subscribers.isEmpty
    }
  }

  /// Runs `body`, noting the keys of the `@Preference` properties it reads. Each probe collects
  /// its own keys; a read on another thread during a probe is noted by it too, so a probe may
  /// note extra keys, never miss one.
  func probe<Result>(_ body: () -> Result) -> (Result, Set<String>) {
    let id = state.withLock { state in
      let id = state.observation.nextID
      state.observation.nextID += 1
      state.observation.probes[id] = []
      isProbing = true
      return id
    }
    let result = body()
    let keys = state.withLock { state in
      let keys = state.observation.probes.removeValue(forKey: id) ?? []
      isProbing = !state.observation.probes.isEmpty
      return keys
    }
    return (result, keys)
  }

  /// Notes a property read while probing. Called by the getter, without the lock.
  @usableFromInline
  func noteProbed<Value>(_ cell: PreferenceCell<Value>) {
    state.withLock { state in
      for id in state.observation.probes.keys {
        state.observation.probes[id]?.insert(cell.key)
      }
    }
  }
}

/// Gives ``Preferences`` subclasses methods that take key paths of their own type.
/// ``Preferences`` conforms; there is no need to use this protocol directly.
public protocol _PreferencesObserving: AnyObject {}

extension Preferences: _PreferencesObserving {}

extension _PreferencesObserving where Self: Preferences {
  /// The values of one property: the current one first unless `initial` is `false`, then the
  /// value after each change to it, until the consuming task is cancelled or the instance is
  /// released.
  ///
  /// ```swift
  /// for await size in prefs.updates(of: \.fontSize) { apply(size) }
  /// ```
  ///
  /// Only changes to the `@Preference` properties that reading `keyPath` reads produce values
  /// (for a computed property, the preferences it is computed from); a key path that reads
  /// none gives its current value and then nothing more. A computed property's getter runs
  /// under the stream's own lock, which keeps each read and its yield in order: it may read
  /// anything, and should assign nothing.
  ///
  /// - Parameters:
  ///   - keyPath: The property to follow.
  ///   - initial: Whether to start with the current value.
  /// - Returns: A stream of values, buffered without limit.
  public func updates<Value: Sendable>(
    of keyPath: KeyPath<Self, Value>, initial: Bool = true
  ) -> AsyncStream<Value> {
    let (_, keys) = probe { self[keyPath: keyPath] }
    let keyPath = UncheckedSendable(keyPath)
    return values(initial: initial, followingKeys: keys) { [weak self] in
      self?[keyPath: keyPath.value]
    }
  }
}

/// A key path carried into a `@Sendable` closure.
///
/// `@unchecked Sendable`: key paths to stored and computed properties are immutable values;
/// only one formed from a subscript with non-`Sendable` arguments could hold mutable state.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
