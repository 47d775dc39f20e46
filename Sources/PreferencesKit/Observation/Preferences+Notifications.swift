import Foundation

#if !canImport(Darwin)
  import Synchronization
#endif

extension Preferences {
  /// Posted to `NotificationCenter.default` when preferences change, with the instance as the
  /// object.
  ///
  /// `userInfo` holds the changed keys under ``changedKeysKey`` and the origin's raw value
  /// (`"local"`, `"external"` or `"reset"`) under ``changeOriginKey``. An assignment posts
  /// once, on the assigning thread, after the new value is readable; a reload or a reset posts
  /// once for all the keys whose values changed.
  ///
  /// ```swift
  /// let token = NotificationCenter.default.addObserver(
  ///   forName: Preferences.didChangeNotification, object: prefs, queue: nil
  /// ) { note in
  ///   let keys = note.userInfo?[Preferences.changedKeysKey] as? [String]
  /// }
  /// ```
  ///
  /// Posting costs more than an assignment itself, so it starts the first time any code reads
  /// this property, which observing it requires; until then assignments skip it.
  public static var didChangeNotification: Notification.Name {
    ChangeNotificationRequest.activate()
    return changeNotificationName
  }

  /// The `userInfo` key of the changed keys, a `[String]`, in ``didChangeNotification``.
  public static let changedKeysKey = "PreferencesChangedKeys"

  /// The `userInfo` key of the change's origin, a `String`, in ``didChangeNotification``.
  public static let changeOriginKey = "PreferencesChangeOrigin"

  static let changeNotificationName = Notification.Name("PreferencesDidChange")

  /// Tells every kind of observer about one assignment. Called without the lock.
  @usableFromInline
  func announceAssignment<Value>(to cell: PreferenceCell<Value>) {
    announce([PreferenceChange(key: cell.key, origin: .local)])
  }

  /// Tells subscribers and `NotificationCenter` about changes that all have one origin. Called
  /// without the lock, so a handler may read and assign these preferences.
  func announce(_ changes: [PreferenceChange]) {
    guard let origin = changes.first?.origin else { return }
    let subscribers = state.withLock { Array($0.observation.subscribers.values) }
    for subscriber in subscribers {
      for change in changes { subscriber.receive(change) }
    }
    if ChangeNotificationRequest.isActive {
      NotificationCenter.default.post(
        name: Self.changeNotificationName, object: self,
        userInfo: [
          Self.changedKeysKey: changes.map(\.key), Self.changeOriginKey: origin.rawValue,
        ])
    }
  }
}

/// Whether any code has asked for ``Preferences/didChangeNotification``, process-wide.
@usableFromInline
enum ChangeNotificationRequest {
  #if canImport(Darwin)
    private static let lock = Lock()
    /// Guarded by `lock`. (`Atomic` needs macOS 15; the package supports macOS 14.)
    nonisolated(unsafe) private static var active = false

    /// Whether assignments post notifications.
    @usableFromInline static var isActive: Bool { lock.withLock { active } }

    /// Makes assignments post notifications from now on.
    static func activate() { lock.withLock { active = true } }
  #else
    private static let active = Atomic(false)

    /// Whether assignments post notifications.
    @usableFromInline static var isActive: Bool { active.load(ordering: .relaxed) }

    /// Makes assignments post notifications from now on.
    static func activate() { active.store(true, ordering: .relaxed) }
  #endif
}
