import Dispatch
import Foundation

/// Data protection: before the first unlock after a restart, iOS, iPadOS, tvOS, visionOS and
/// watchOS keep an app's files encrypted, so reading a ``FileStore`` fails (and its writes are
/// refused, so nothing is overwritten). An instance whose read failed is read again when the
/// system posts that protected data became available.
///
/// UIKit.framework/Headers/UIApplication.h: `UIKIT_EXTERN NSNotificationName const
/// UIApplicationProtectedDataDidBecomeAvailable API_AVAILABLE(ios(4.0))` ("posts when the
/// protected files become available for your code to access"). Followed by name, as
/// ``AppLifecycle`` follows the other application notifications, so the library does not link
/// UIKit; the name's text is the constant's name, as for those.
enum ProtectedData {
  /// `UIApplication.protectedDataDidBecomeAvailableNotification`.
  static let didBecomeAvailable = Notification.Name(
    "UIApplicationProtectedDataDidBecomeAvailable")

  /// The observers waiting to read an instance again, by the instance's identity, so that
  /// failing again before the notification arrives does not add a second one.
  private static let waiting = Mutex<[ObjectIdentifier: UncheckedSendable<any NSObjectProtocol>]>(
    [:])

  /// Reads `preferences` again, once, on a utility queue, when protected data next becomes
  /// available. Does nothing when it already waits.
  ///
  /// Holds `preferences` weakly: only instances whose store could not be read get the weak
  /// reference's side table.
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
