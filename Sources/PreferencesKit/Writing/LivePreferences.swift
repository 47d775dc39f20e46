// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// Every live instance, so that pending saves can be flushed when the process exits or the
/// app leaves the foreground, a debug build can name unsaved changes at exit, and every
/// instance starts posting ``Preferences/didChangeNotification`` once some code asks for it.
enum LivePreferences {
  /// The live instances, unretained, by identity, and whether they post notifications.
  ///
  /// Not weak references: a side table makes every retain and release of the object dearer
  /// (see the Benchmarks article). Unretained references are safe while this lock is held:
  /// `Preferences.deinit` removes its entry under this lock before anything else. Nothing that
  /// could release an instance runs under the lock.
  private static let registry = Mutex(Registry())

  /// What `registry` holds.
  private struct Registry {
    /// The live instances, unretained, by identity.
    var instances: [ObjectIdentifier: Unmanaged<Preferences>] = [:]
    /// Whether instances post ``Preferences/didChangeNotification``: some code asked for it.
    var postsNotifications = false
  }
  static func add(_ preferences: Preferences) {
    _ = FlushTriggers.setUpExitAndLifecycle
    if type(of: preferences).savePolicy != .explicit { _ = FlushTriggers.setUpSignalHandlers }
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
      SaveProtection.release()
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
