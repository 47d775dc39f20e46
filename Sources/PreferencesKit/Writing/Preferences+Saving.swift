import Dispatch
public import Foundation

/// What automatic saving keeps.
struct SavingState {
  /// The save waiting to run, if one is scheduled.
  var scheduled: DispatchWorkItem?
}

extension Preferences {
  /// Posted to `NotificationCenter.default`, with the instance as the object, when an
  /// automatic save fails or leaves out keys whose values the store cannot hold. The errors
  /// are in the `userInfo` under ``saveErrorsUserInfoKey``, and in ``preferenceProblems``
  /// (phase ``PreferenceProblem/Phase/autosave`` for the store's error,
  /// ``PreferenceProblem/Phase/write`` for a key left out). When the
  /// store could not save, every key stays dirty and the next assignment tries again; a key
  /// left out stays dirty and is tried again once it is assigned again, while the others
  /// were saved.
  public static let saveDidFailNotification = Notification.Name("PreferencesSaveDidFail")

  /// The `userInfo` key of ``saveDidFailNotification`` under which the errors are, as a
  /// `[PreferenceError]`: one naming the store, or one per key left out.
  public static let saveErrorsUserInfoKey = "PreferencesSaveErrors"

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
      if let previous = state.saving.scheduled {
        previous.cancel()
      } else {
        SuddenTermination.hold()
      }
      // Holds the instance until the save runs, so a change is saved even when the app lets go
      // of the instance first.
      let save = DispatchWorkItem { self.runScheduledSave() }
      state.saving.scheduled = save
      let (seconds, attoseconds) = delay.components
      let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
      // On the store's serial queue: saves to one store land in the order they were made.
      SaveQueues.queue(for: preferenceStore).asyncAfter(
        deadline: .now() + .nanoseconds(nanoseconds), execute: save)
    }
  }

  /// Saves now what a scheduled save would have saved, as the process exits or the app
  /// leaves the foreground. Waits for a save in flight.
  func flushScheduledSave() {
    guard let pending = takeScheduledSave() else { return }
    pending.cancel()
    SaveQueues.runInOrder(with: preferenceStore) { runScheduledSave() }
  }

  /// The scheduled save, if any, no longer scheduled as far as this instance knows. Its work
  /// item holds the instance, so an instance that has one is not being deinitialized.
  fileprivate func takeScheduledSave() -> DispatchWorkItem? {
    let save = state.withLock { $0.saving.scheduled.take() }
    if save != nil { SuddenTermination.release() }
    return save
  }

  fileprivate func runScheduledSave() {
    if state.withLock({ $0.saving.scheduled.take() }) != nil { SuddenTermination.release() }
    // Keys left out stay in the problem list through `commits.refused` until assigned again.
    let errors: [PreferenceError]
    do {
      errors = try write().refused
      state.withLock { $0.problems.replace(.autosave, with: []) }
    } catch {
      errors = [error]
      state.withLock { $0.problems.replace(.autosave, with: errors) }
    }
    if !errors.isEmpty {
      NotificationCenter.default.post(
        name: Self.saveDidFailNotification, object: self,
        userInfo: [Self.saveErrorsUserInfoKey: errors])
    }
  }
}

/// Every live instance, so that pending saves can be flushed when the process exits or the
/// app leaves the foreground, a debug build can name unsaved changes at exit, and every
/// instance starts posting ``Preferences/didChangeNotification`` once some code asks for it.
enum LivePreferences {
  /// The live instances, unretained, by identity, and whether they post notifications.
  ///
  /// Not weak references: a weak reference gives its object a side table, which makes every
  /// retain and release of the object several times dearer for its whole life, and callers
  /// retain an instance around most reads (see the Benchmarks article). Unretained references
  /// are safe while this lock is held: `Preferences.deinit` removes its entry under this lock
  /// before anything else, so an instance found here has not started tearing down; one whose
  /// last reference went away meanwhile waits at that line, its memory intact. Nothing that
  /// could release an instance runs under the lock: a flush takes the scheduled save under it
  /// (which holds its instance) and runs it after.
  private static let registry = Mutex(Registry())

  /// What `registry` holds.
  private struct Registry {
    /// The live instances, unretained, by identity.
    var instances: [ObjectIdentifier: Unmanaged<Preferences>] = [:]
    /// Whether instances post ``Preferences/didChangeNotification``: some code asked for it.
    var postsNotifications = false
  }
  static func add(_ preferences: Preferences) {
    _ = FlushTriggers.installExitAndLifecycle
    if type(of: preferences).savePolicy != .explicit { _ = FlushTriggers.installSignalHandlers }
    registry.withLock { registry in
      registry.instances[ObjectIdentifier(preferences)] = .passUnretained(preferences)
      if registry.postsNotifications {
        preferences.hotPath.setBits(HotPath.notifications, to: true)
      }
    }
  }

  /// Makes every instance, live or future, post ``Preferences/didChangeNotification``.
  static func startPostingNotifications() {
    registry.withLock { registry in
      guard !registry.postsNotifications else { return }
      registry.postsNotifications = true
      for instance in registry.instances.values {
        instance._withUnsafeGuaranteedRef { $0.hotPath.setBits(HotPath.notifications, to: true) }
      }
    }
  }

  /// Forgets an instance. `Preferences.deinit` calls it first of all.
  static func remove(_ identifier: ObjectIdentifier) {
    registry.withLock { $0.instances[identifier] = nil }
  }

  /// Runs `body` with each live instance, holding the lock. `body` must not release an
  /// instance, and must touch only state of the `Preferences` base class: an instance found
  /// here may be one whose subclass parts are already torn down, waiting in the base class's
  /// `deinit` for this lock (its base-class state goes only after that line).
  private static func forEachLive(_ body: (Preferences) -> Void) {
    registry.withLock { registry in
      for instance in registry.instances.values { instance._withUnsafeGuaranteedRef(body) }
    }
  }

  /// Flushes every scheduled save.
  static func flushAll() {
    var pending: [(Preferences, DispatchWorkItem)] = []
    forEachLive { preferences in
      // Retaining is safe here: the work item holds the instance already.
      if let save = preferences.takeScheduledSave() { pending.append((preferences, save)) }
    }
    for (preferences, save) in pending {
      save.cancel()
      SaveQueues.runInOrder(with: preferences.preferenceStore) { preferences.runScheduledSave() }
    }
  }

  /// Flushes scheduled saves, and in a debug build names the unsaved changes of classes that
  /// save only when asked.
  static func processWillExit() {
    flushAll()
    #if DEBUG
      var messages: [String] = []
      forEachLive { preferences in
        if let message = preferences.unsavedChangesWarning(when: "exits") {
          messages.append(message)
        }
      }
      for message in messages { FileHandle.standardError.write(Data(message.utf8)) }
    #endif
  }
}
