// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

extension Preferences {
  /// Posted to `NotificationCenter.default` when preferences change, with the instance as the
  /// object.
  ///
  /// `userInfo` holds the changed keys under ``changedKeysKey``, the origin's raw value under
  /// ``changeOriginKey``, and the changes under ``changesKey``. An assignment posts once, on
  /// the assigning thread, after the new value is readable; a reload or a reset posts once.
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
  /// this property, which observing it requires.
  public static var didChangeNotification: Notification.Name {
    LivePreferences.startPostingNotifications()
    return changeNotificationName
  }

  /// The `userInfo` key of the changed keys, a `[String]`, in ``didChangeNotification``.
  public static let changedKeysKey = "PreferencesChangedKeys"

  /// The `userInfo` key of the change's origin, a `String`, in ``didChangeNotification``.
  public static let changeOriginKey = "PreferencesChangeOrigin"

  /// The `userInfo` key of the changes, a `[PreferenceChange]`, in ``didChangeNotification``.
  public static let changesKey = "PreferencesChanges"

  static let changeNotificationName = Notification.Name("PreferencesDidChange")

  /// Tells every kind of observer about one assignment of `newValue` that replaced `oldValue`,
  /// unless the two have one stored form. Called without the lock, only when someone listens.
  @usableFromInline
  func announceAssignment<Value>(
    to cell: PreferenceCell<Value>, replacing oldValue: Value, with newValue: Value
  ) {
    let old = try? cell.codec.encode(oldValue)
    let new = try? cell.codec.encode(newValue)
    guard old != new else { return }
    announce([PreferenceChange(key: cell.key, origin: .local, oldValue: old, newValue: new)])
  }

  /// Tells subscribers and `NotificationCenter` about changes that all have one origin. Called
  /// without the lock, so a handler may read and assign these preferences.
  func announce(_ changes: [PreferenceChange]) {
    guard let origin = changes.first?.origin else { return }
    let subscribers = state.withLock { Array($0.observation.subscribers.values) }
    for subscriber in subscribers {
      for change in changes { subscriber.receive(change) }
    }
    if hotPath.loadRelaxed() & HotPath.notifications != 0 {
      NotificationCenter.default.post(
        name: Self.changeNotificationName, object: self,
        userInfo: [
          Self.changedKeysKey: changes.map(\.key), Self.changeOriginKey: origin.rawValue,
          Self.changesKey: changes,
        ])
    }
  }
}
