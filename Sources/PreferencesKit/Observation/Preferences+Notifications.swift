public import Foundation
import Synchronization

extension Preferences {
  /// Posted to `NotificationCenter.default` when preferences change, with the instance as the
  /// object.
  ///
  /// `userInfo` holds the changed keys under ``changedKeysKey``, the origin's raw value
  /// (`"local"`, `"external"` or `"reset"`) under ``changeOriginKey``, and the changes
  /// themselves, with their old and new values, under ``changesKey``. An assignment posts
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

  /// The `userInfo` key of the changes, a `[PreferenceChange]`, in ``didChangeNotification``.
  public static let changesKey = "PreferencesChanges"

  static let changeNotificationName = Notification.Name("PreferencesDidChange")

  /// Tells every kind of observer about one assignment of `newValue` that replaced `oldValue`.
  /// Called without the lock.
  @usableFromInline
  func announceAssignment<Value>(
    to cell: PreferenceCell<Value>, replacing oldValue: Value, with newValue: Value
  ) {
    announce([
      PreferenceChange(
        key: cell.key, origin: .local, oldValue: try? cell.codec.encode(oldValue),
        newValue: try? cell.codec.encode(newValue))
    ])
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
          Self.changesKey: changes,
        ])
    }
  }
}

/// Whether any code has asked for ``Preferences/didChangeNotification``, process-wide.
///
/// Every assignment reads this flag, so reading it must cost next to nothing on every platform:
/// a relaxed atomic load. `Atomic` needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2,
/// while the package supports a year older; only those older systems take a lock instead.
@usableFromInline
enum ChangeNotificationRequest {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  private final class Flag: Sendable {
    let value = Atomic(false)
  }

  /// A `Flag` where the system has `Atomic`, otherwise `nil`.
  private static let flag: (any AnyObject & Sendable)? = {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return Flag() }
    return nil
  }()

  /// The flag where `flag` is `nil`.
  private static let fallback = Locked(false)

  /// Whether assignments post notifications.
  @usableFromInline static var isActive: Bool {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let flag {
      return unsafeDowncast(flag, to: Flag.self).value.load(ordering: .relaxed)
    }
    return fallback.withLock { $0 }
  }

  /// Makes assignments post notifications from now on.
  static func activate() {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let flag {
      unsafeDowncast(flag, to: Flag.self).value.store(true, ordering: .relaxed)
    } else {
      fallback.withLock { $0 = true }
    }
  }
}
