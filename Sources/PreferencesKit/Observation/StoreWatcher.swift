// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// Picks up changes made to a store from outside the process: as the store reports them
/// (``PreferenceStore/observeChanges(toKeys:_:)``), checking it every second besides when the
/// reports may miss changes, and four times a second when the store cannot report them. Each
/// check reloads the preferences, leaving values assigned but not yet written in place.
final class StoreWatcher: Sendable {
  private let timer: PollingTimer?
  private let stopObserving: (@Sendable () -> Void)?

  /// Starts following the store of `preferences`, which it holds weakly.
  init(_ preferences: Preferences) {
    let queue = DispatchQueue(label: "PreferencesKit.StoreWatcher", qos: .utility)
    let reload: @Sendable () -> Void = { [weak preferences] in
      preferences?.reload(origin: .external, keepingDirtyValues: true)
      preferences?.retryFailedSaveOnceTheStoreReads()
    }
    let onChange: @Sendable () -> Void = { queue.async(execute: reload) }
    let store = preferences.preferenceStore
    let observation = store.observeChanges(toKeys: preferences.preferenceKeys, onChange)
    stopObserving = observation?.stop
    timer =
      observation?.reportsEveryChange == true
      ? nil
      : PollingTimer(storeReportsChanges: observation != nil, queue: queue, handler: reload)
  }

  /// Whether the store is checked periodically: it cannot observe changes, or its
  /// observation may miss some.
  var pollsStore: Bool { timer != nil }

  /// Stops following the store. The watcher cannot be restarted.
  func stop() {
    stopObserving?()
    timer?.cancel()
  }
}

/// Follows changes to a few keys that an observer reports one key at a time (key-value
/// observing, on Apple platforms), and the keys it cannot follow another way, and turns each
/// burst of reports into one call of `onChange` on a queue.
final class KeyObservation: Sendable {
  /// Starts observing one key, calling `report` on any thread after each change, and returns
  /// a function that stops observing it.
  typealias ObserveKey = (
    _ key: String, _ report: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void
  /// Starts following the keys that `ObserveKey` cannot, calling `report` on any thread after
  /// a change to any of them, and returns a function that stops following them.
  typealias ObserveOthers = (
    _ keys: [String], _ report: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void

  /// Keys split by how they can be followed.
  struct Split: Equatable {
    /// The keys key-value observing follows, each once, sorted.
    var observable: [String] = []
    /// The keys it would read as a path (a `.`) or an operator (a leading `@`), sorted.
    var others: [String] = []
  }

  /// What changes while observing.
  private struct State {
    /// The functions that stop observing each key; `nil` once stopped.
    var stoppers: [@Sendable () -> Void]? = []
    /// Whether a call of `onChange` is queued and has not started yet.
    var pending = false
  }
  private let state = Mutex(State())

  /// Starts observing `keys` through `observeKey`, and those it cannot follow through
  /// `observeOthers`. Returns `nil` when there are no keys, or some cannot be observed and
  /// `observeOthers` is not given: the store is then polled.
  init?(
    keys: [String], queue: DispatchQueue, observeKey: ObserveKey,
    observeOthers: ObserveOthers? = nil, onChange: @escaping @Sendable () -> Void
  ) {
    let split = Self.split(keys)
    guard !keys.isEmpty, split.others.isEmpty || observeOthers != nil else { return nil }
    let report: @Sendable () -> Void = { [weak self] in
      self?.schedule(onChange, on: queue)
    }
    var stops = split.observable.map { observeKey($0, report) }
    if let observeOthers, !split.others.isEmpty {
      stops.append(observeOthers(split.others, report))
    }
    state.withLock { $0.stoppers = stops }
  }

  /// Splits `keys` into those key-value observing can follow as one key and the others: it
  /// reads a `.` in a key path as a step into a value and a leading `@` as an operator
  /// (`addObserver(_:forKeyPath:options:context:)`, NSKeyValueObserving.h).
  static func split(_ keys: [String]) -> Split {
    var split = Split()
    for key in Set(keys).sorted() {
      if canObserve(key) { split.observable.append(key) } else { split.others.append(key) }
    }
    return split
  }

  /// Whether key-value observing can follow `key` as one key.
  static func canObserve(_ key: String) -> Bool {
    !key.isEmpty && !key.contains(".") && !key.hasPrefix("@")
  }

  /// Stops observing every key; `onChange` is not called after this returns, unless it has
  /// already started. Calling it again does nothing.
  func stop() {
    let stops = state.withLock { state in
      defer { state.stoppers = nil }
      return state.stoppers ?? []
    }
    for stop in stops { stop() }
  }

  private func schedule(_ onChange: @escaping @Sendable () -> Void, on queue: DispatchQueue) {
    let first = state.withLock { state in
      guard state.stoppers != nil, !state.pending else { return false }
      state.pending = true
      return true
    }
    guard first else { return }
    queue.async { [weak self] in
      guard let self else { return }
      let live = self.state.withLock { state in
        state.pending = false
        return state.stoppers != nil
      }
      if live { onChange() }
    }
  }
}

extension Preferences {
  /// Starts picking up changes that other processes, or the `prefs` tool, make to the store,
  /// and announcing them with origin ``PreferenceChange/Origin/external`` within one second.
  ///
  /// A value assigned here but not yet written is not overwritten by a change from outside: the
  /// local value wins until ``writePreferences()`` saves it or ``readPreferences()`` discards
  /// it. Calling this while already watching does nothing.
  public func startWatchingStore() {
    guard state.withLock({ $0.watcher == nil }) else { return }
    // Built outside the lock: a store's `observeChanges` is code the library does not own, and
    // may read these preferences.
    let watcher = StoreWatcher(self)
    let installed = state.withLock { state in
      guard state.watcher == nil else { return false }
      state.watcher = watcher
      return true
    }
    if !installed { watcher.stop() }
  }

  /// Stops picking up changes from outside. Releasing the instance stops it too.
  public func stopWatchingStore() {
    let watcher = state.withLock { state in
      defer { state.watcher = nil }
      return state.watcher
    }
    watcher?.stop()
  }
}
