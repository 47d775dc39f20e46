import Dispatch

/// Picks up changes made to a store from outside the process: as the store reports them, key
/// by key (``PreferenceStore/observeChanges(toKeys:_:)``, which ``UserDefaultsStore``
/// implements) or as a whole (``PreferenceStore/observeChanges(_:)``, which ``FileStore``
/// implements by watching its folder, or the nearest folder above it while it does not
/// exist), and otherwise by checking it periodically.
///
/// Each check reloads the preferences, leaving values assigned but not yet written in place;
/// stores make a check cheap when nothing changed (``FileStore`` compares the file's identity,
/// size and modification time before reading it).
final class StoreWatcher: Sendable {
  private let timer: PollingTimer?
  private let stopObserving: (@Sendable () -> Void)?

  /// Starts following the store of `preferences`, which it holds weakly.
  init(_ preferences: Preferences) {
    let queue = DispatchQueue(label: "PreferencesKit.StoreWatcher", qos: .utility)
    let reload: @Sendable () -> Void = { [weak preferences] in
      preferences?.reload(origin: .external, keepingDirtyValues: true)
    }
    let onChange: @Sendable () -> Void = { queue.async(execute: reload) }
    let store = preferences.preferenceStore
    let observed: Bool?  // nil: every change to the keys is reported, needing no timer.
    if let stop = store.observeChanges(toKeys: preferences.preferenceKeys, onChange) {
      stopObserving = stop
      observed = nil
    } else {
      stopObserving = store.observeChanges(onChange)
      observed = stopObserving != nil
    }
    timer = observed.map {
      PollingTimer(storeReportsChanges: $0, queue: queue, handler: reload)
    }
  }

  /// Stops following the store. The watcher cannot be restarted.
  func stop() {
    stopObserving?()
    timer?.cancel()
  }
}

/// Follows changes to a few keys that an observer reports one key at a time (key-value
/// observing, on Apple platforms), and turns each burst of reports into one call of `onChange`
/// on a queue.
final class KeyObservation: Sendable {
  /// Starts observing one key, calling `report` on any thread after each change, and returns
  /// a function that stops observing it.
  typealias ObserveKey = (
    _ key: String, _ report: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void

  /// What changes while observing.
  private struct State {
    /// The functions that stop observing each key; `nil` once stopped.
    var stoppers: [@Sendable () -> Void]? = []
    /// Whether a call of `onChange` is queued and has not started yet.
    var pending = false
  }
  private let state = Mutex(State())

  /// Starts observing `keys`, or returns `nil` when there are none or one of them cannot be
  /// observed: key-value observing reads a `.` in a key as a path into a value and a leading
  /// `@` as an operator, so such keys are left to polling.
  init?(
    keys: [String], queue: DispatchQueue, observeKey: ObserveKey,
    onChange: @escaping @Sendable () -> Void
  ) {
    guard !keys.isEmpty, keys.allSatisfy(Self.canObserve) else { return nil }
    let report: @Sendable () -> Void = { [weak self] in
      self?.schedule(onChange, on: queue)
    }
    let stops = Set(keys).sorted().map { observeKey($0, report) }
    state.withLock { $0.stoppers = stops }
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
