// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// Keeps the process running, as far as the platform allows, from the moment a save is
/// scheduled until it has run (saved or failed): one platform activity while any save is
/// pending or running, counted, begun when the count leaves zero and ended when it returns.
///
/// On iOS, tvOS, visionOS and watchOS an expiring activity, so that a save finishes before the
/// process is suspended (when time is up, what is pending is saved at once, waiting at most
/// ``expiryFlushLimit``); on macOS an activity that holds off sudden and automatic
/// termination; elsewhere nothing. Only ``platformBegin`` differs by platform, and tests
/// substitute it with ``beginActivities(with:)``.
package enum SaveProtection {
  /// Ends an activity.
  package typealias End = @Sendable () -> Void
  /// Begins an activity, and calls `expiring` if the system is about to suspend the process
  /// before it ends; returns what ends it. Called holding this type's lock: it must not call
  /// back into the library on the calling thread.
  package typealias Begin = @Sendable (_ expiring: @escaping @Sendable () -> Void) -> End

  /// How long the library saves, when the system says the time of an expiring activity is up,
  /// before it lets the process be suspended.
  static let expiryFlushLimit: DispatchTimeInterval = .seconds(1)

  private struct State {
    var holds = 0
    var end: End?
    var begin: Begin = SaveProtection.platformBegin
  }
  private static let state = Mutex(State())

  /// Replaces the platform's activities with `begin` (for the test helper, which records them).
  package static func beginActivities(with begin: @escaping Begin) {
    state.withLock { $0.begin = begin }
  }

  /// A save was scheduled.
  static func hold() {
    state.withLock { state in
      state.holds += 1
      if state.holds == 1 { state.end = state.begin(expire) }
    }
  }

  /// A scheduled save has run, or was cancelled.
  static func release() {
    state.withLock { state in
      state.holds -= 1
      if state.holds == 0 { state.end.take()?() }
    }
  }

  /// The system is about to suspend the process: saves what is pending now.
  @Sendable private static func expire() {
    FlushTriggers.flush(within: expiryFlushLimit)
  }

  /// What the platform offers.
  static let platformBegin: Begin = { expiring in
    #if os(macOS)
      return beginTerminationActivity()
    #elseif canImport(Darwin)
      return beginExpiringActivity(expiring)
    #else
      return {}
    #endif
  }

  /// The reason the activities give, which the system shows when debugging.
  private static let reason = "PreferencesKit: saving preferences"

  #if canImport(Darwin)
    /// Holds off sudden and automatic termination (NSProcessInfo.h:
    /// `beginActivityWithOptions:reason:`, ended by `endActivity:`).
    private static func beginTerminationActivity() -> End {
      nonisolated(unsafe) let activity = ProcessInfo.processInfo.beginActivity(
        options: [.suddenTerminationDisabled, .automaticTerminationDisabled], reason: reason)
      return { ProcessInfo.processInfo.endActivity(activity) }
    }
  #endif

  #if canImport(Darwin) && !os(macOS)
    /// An expiring activity (NSProcessInfo.h: `performExpiringActivityWithReason:usingBlock:`,
    /// available in app extensions, unlike `UIApplication.beginBackgroundTask`): its block
    /// keeps the process from being suspended while it runs, so it waits until the activity is
    /// ended. When time is up, or at once when the process cannot be kept running, the block is
    /// called with `expired`, and the pending saves run then.
    private static func beginExpiringActivity(
      _ expiring: @escaping @Sendable () -> Void
    ) -> End {
      let ended = DispatchSemaphore(value: 0)
      ProcessInfo.processInfo.performExpiringActivity(withReason: reason) { expired in
        if expired { expiring() } else { ended.wait() }
      }
      return { ended.signal() }
    }
  #endif
}
