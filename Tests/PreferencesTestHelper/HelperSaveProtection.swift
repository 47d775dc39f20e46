// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import PreferencesKit

/// A store that prints "save" when a save starts, then "saved", or "failed" as it fails.
final class AnnouncingStore: PreferenceStore {
  private let base: any PreferenceStore
  private let fails: Bool
  init(_ base: any PreferenceStore, fails: Bool) {
    self.base = base
    self.fails = fails
  }

  func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
    try base.values(forKeys: keys)
  }

  func apply(_ changes: [String: StoredChange]) throws {
    say("save")
    guard !fails else {
      say("failed")
      throw PreferenceError(.writeFailed, file: base.location, reason: "told to fail")
    }
    try base.apply(changes)
    say("saved")
  }
}

/// The platform activities, recorded: prints "begin" and "end", and keeps the last expiry
/// handler so that the helper can play the system saying that time is up.
final class RecordedActivities: @unchecked Sendable {
  // @unchecked: every var is guarded by `lock`.
  private let lock = NSLock()
  private var expiring: (@Sendable () -> Void)?
  let ended = DispatchSemaphore(value: 0)

  func begin(_ expiring: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    say("begin")
    lock.withLock { self.expiring = expiring }
    return {
      say("end")
      self.ended.signal()
    }
  }

  /// The system says the time of the current activity is up.
  func expire() { lock.withLock { expiring }?() }

  /// Waits for the current activity to end, at most 30 seconds.
  func waitForEnd() {
    if ended.wait(timeout: .now() + 30) == .timedOut { exit(1, "the activity did not end") }
  }
}

/// `save-protection <store> <saves|fails>`: replaces the platform activities with recorded
/// ones, then prints "begin" and "end" around the save of a change as its timer runs it
/// ("assigned" when assigned), as a flush runs it ("flushed" after), and as the system's expiry
/// runs it ("expired" after). A store that prints "save", then "saved" or "failed", wraps
/// `<store>`; under `fails` it fails every save.
func saveProtection(store: FileStore, mode: String) -> Never {
  let activities = RecordedActivities()
  SaveProtection.beginActivities(with: activities.begin)
  let announcing = AnnouncingStore(store, fails: mode == "fails")
  let quick = QuicklySavingPreferences(store: announcing)
  quick.fontSize = 1
  say("assigned")
  activities.waitForEnd()
  let slow = SlowlySavingPreferences(store: announcing)
  slow.fontSize = 2
  Preferences.flushPendingSaves()
  activities.waitForEnd()
  say("flushed")
  slow.fontSize = 3
  activities.expire()
  activities.waitForEnd()
  say("expired")
  exit(0)
}
