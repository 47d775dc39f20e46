// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// Data protection: before the first unlock after a restart, iOS, iPadOS, tvOS, visionOS and
/// watchOS keep an app's files encrypted, so reading a ``FileStore`` fails (and its writes are
/// refused, so nothing is overwritten). An instance whose read failed is read again when the
/// system posts that protected data became available.
///
/// The notification is followed by name (UIApplication.h:
/// `UIApplicationProtectedDataDidBecomeAvailable`), as ``AppLifecycle`` follows the others, so
/// the library does not link UIKit.
enum ProtectedData {
  /// `UIApplication.protectedDataDidBecomeAvailableNotification`.
  static let didBecomeAvailable = Notification.Name(
    "UIApplicationProtectedDataDidBecomeAvailable")

  /// The observers waiting to read an instance again, by the instance's identity, so that
  /// failing again before the notification arrives does not add a second one.
  private static let waiting = Mutex<[ObjectIdentifier: UncheckedSendable<any NSObjectProtocol>]>(
    [:])

  /// Reads `preferences` (held weakly) again, once, on a utility queue, when protected data
  /// next becomes available. Does nothing when it already waits.
  static func reload(_ preferences: Preferences) {
    let identity = ObjectIdentifier(preferences)
    waiting.withLock { waiting in
      guard waiting[identity] == nil else { return }
      let observer = NotificationCenter.default.addObserver(
        forName: didBecomeAvailable, object: nil, queue: nil
      ) { [weak preferences] _ in
        stopWaiting(for: identity)
        guard let preferences else { return }
        DispatchQueue.global(qos: .utility).async {
          preferences.reload(origin: .external, keepingDirtyValues: true)
        }
      }
      waiting[identity] = UncheckedSendable(observer)
    }
  }

  /// Removes the observer waiting for `identity`, if any.
  private static func stopWaiting(for identity: ObjectIdentifier) {
    let observer = waiting.withLock { $0.removeValue(forKey: identity) }
    if let observer { NotificationCenter.default.removeObserver(observer.value) }
  }
}

extension Preferences {
  /// Called when reading the store failed and nothing could be salvaged: a store with a file
  /// is read again once protected data becomes available (see ``ProtectedData``). On Linux and
  /// macOS nothing posts that notification.
  func readAgainWhenProtectedDataBecomesAvailable() {
    guard preferenceStore.location != nil else { return }
    ProtectedData.reload(self)
  }
}
