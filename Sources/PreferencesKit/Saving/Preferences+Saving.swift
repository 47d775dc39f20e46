import Dispatch
public import Foundation

/// What automatic saving keeps.
struct SavingState {
  /// The save waiting to run, if one is scheduled.
  var scheduled: DispatchWorkItem?
  /// Why the last automatic save failed; empty once one succeeds.
  var errors: [PreferenceError] = []
}

extension Preferences {
  /// Posted to `NotificationCenter.default`, with the instance as the object, when an
  /// automatic save fails. The error is in ``saveErrors``; the keys stay dirty, and the next
  /// assignment tries again.
  public static let saveDidFailNotification = Notification.Name("PreferencesSaveDidFail")

  /// Why the last automatic save failed, under a ``savePolicy`` other than
  /// ``SavePolicy/explicit``; empty when it succeeded. Errors thrown by
  /// ``writePreferences()`` called directly are thrown, not listed here.
  public var saveErrors: [PreferenceError] {
    state.withLock { $0.saving.errors }
  }

  /// Schedules a save as ``savePolicy`` says, after an assignment or a reset.
  @usableFromInline
  func scheduleSave() {
    let delay: Duration
    switch Self.savePolicy {
    case .explicit: return
    case .immediate: delay = .zero
    case .debounced(let interval): delay = interval
    }
    state.withLock { state in
      // An immediate save not yet started will include this assignment too.
      if delay == .zero, state.saving.scheduled != nil { return }
      state.saving.scheduled?.cancel()
      // Holds the instance until the save runs, so a change is saved even when the app lets go
      // of the instance first.
      let save = DispatchWorkItem { self.runScheduledSave() }
      state.saving.scheduled = save
      let (seconds, attoseconds) = delay.components
      let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
      DispatchQueue.global(qos: .utility).asyncAfter(
        deadline: .now() + .nanoseconds(nanoseconds), execute: save)
    }
  }

  /// Saves now what a scheduled save would have saved, as the process exits or the app
  /// leaves the foreground. Waits for a save in flight.
  func flushScheduledSave() {
    let pending = state.withLock { state in
      defer { state.saving.scheduled = nil }
      return state.saving.scheduled
    }
    guard let pending else { return }
    pending.cancel()
    runScheduledSave()
  }

  private func runScheduledSave() {
    state.withLock { $0.saving.scheduled = nil }
    do {
      try writePreferences()
      state.withLock { $0.saving.errors = [] }
    } catch {
      state.withLock { $0.saving.errors = [error] }
      NotificationCenter.default.post(name: Self.saveDidFailNotification, object: self)
    }
  }

  /// The keys assigned but not saved, for the message a debug build prints at exit.
  var unsavedKeys: [String] {
    lock.withLock { cells.filter { $0.isDirty && !$0.isLocked }.map(\.key) }
  }
}

/// Every live instance, so that pending saves can be flushed when the process exits or the
/// app leaves the foreground, and a debug build can name unsaved changes at exit.
enum LivePreferences {
  /// Weak references to the live instances, by identity.
  private static let instances = Locked<[ObjectIdentifier: WeakPreferences]>([:])
  /// Installs the exit handler and the app lifecycle observers, once.
  private static let installHandlers: Void = {
    atexit { LivePreferences.processWillExit() }
    // Observed by name, so the library imports neither UIKit nor AppKit:
    // UIApplication.didEnterBackgroundNotification, .willTerminateNotification,
    // NSApplication.willTerminateNotification.
    for name in [
      "UIApplicationDidEnterBackgroundNotification", "UIApplicationWillTerminateNotification",
      "NSApplicationWillTerminateNotification",
    ] {
      _ = NotificationCenter.default.addObserver(
        forName: Notification.Name(name), object: nil, queue: nil
      ) { _ in LivePreferences.flushAll() }
    }
  }()

  static func add(_ preferences: Preferences) {
    _ = installHandlers
    instances.withLock { $0[ObjectIdentifier(preferences)] = WeakPreferences(preferences) }
  }

  static func remove(_ identifier: ObjectIdentifier) {
    instances.withLock { $0[identifier] = nil }
  }

  private static var live: [Preferences] {
    instances.withLock { $0.values.compactMap(\.instance) }
  }

  /// Flushes every scheduled save.
  static func flushAll() {
    for preferences in live { preferences.flushScheduledSave() }
  }

  /// Flushes scheduled saves, and in a debug build names the unsaved changes of classes that
  /// save only when asked.
  private static func processWillExit() {
    for preferences in live {
      preferences.flushScheduledSave()
      #if DEBUG
        let keys = preferences.unsavedKeys
        if type(of: preferences).savePolicy == .explicit, !keys.isEmpty {
          FileHandle.standardError.write(
            Data(
              ("PreferencesKit: \(type(of: preferences)) exits with unsaved changes to "
                + keys.joined(separator: ", ")
                + "; call writePreferences(), or set savePolicy to save automatically\n").utf8))
        }
      #endif
    }
  }
}

/// A weak reference to an instance.
///
/// `@unchecked Sendable`: `instance` is a `let`, and `Preferences` is `Sendable`.
struct WeakPreferences: @unchecked Sendable {
  weak var instance: Preferences?
  init(_ instance: Preferences) { self.instance = instance }
}
