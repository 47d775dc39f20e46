import Dispatch

/// Picks up changes made to a store from outside the process: as the store reports them
/// (``FileStore`` watches its folder), and by checking it periodically.
///
/// Each check reloads the preferences, leaving values assigned but not yet written in place;
/// stores make a check cheap when nothing changed (``FileStore`` compares the file's identity,
/// size and modification time before reading it).
///
/// `@unchecked Sendable`: the timer is a dispatch source, made to be cancelled from any thread;
/// Dispatch does not mark it `Sendable`.
final class StoreWatcher: @unchecked Sendable {
  /// How often a store that cannot report its changes is checked: often enough that a change
  /// arrives within one second.
  static let pollingInterval: DispatchTimeInterval = .milliseconds(250)
  /// How often a store that reports its changes is checked anyway, for changes its reports miss
  /// (a network file system's, say).
  static let backstopInterval: DispatchTimeInterval = .seconds(1)

  private let timer: any DispatchSourceTimer
  private let stopObserving: (@Sendable () -> Void)?

  /// Starts following the store of `preferences`, which it holds weakly.
  init(_ preferences: Preferences) {
    let queue = DispatchQueue(label: "PreferencesKit.StoreWatcher", qos: .utility)
    let reload: @Sendable () -> Void = { [weak preferences] in
      preferences?.reload(origin: .external, keepingDirtyValues: true)
    }
    stopObserving = preferences.store.observeChanges { queue.async(execute: reload) }
    let interval = stopObserving == nil ? Self.pollingInterval : Self.backstopInterval
    timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
    timer.setEventHandler(handler: reload)
    timer.resume()
  }

  /// Stops following the store. The watcher cannot be restarted.
  func stop() {
    stopObserving?()
    timer.cancel()
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
    lock.withLock {
      if storeWatcher == nil { storeWatcher = StoreWatcher(self) }
    }
  }

  /// Stops picking up changes from outside. Releasing the instance stops it too.
  public func stopWatchingStore() {
    let watcher = lock.withLock {
      defer { storeWatcher = nil }
      return storeWatcher
    }
    watcher?.stop()
  }
}
