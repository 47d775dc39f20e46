// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// When a ``Preferences`` subclass saves its changes: only when asked, or by itself after
/// each assignment.
///
/// ```swift
/// final class AppPreferences: Preferences, @unchecked Sendable {
///   override class var savePolicy: SavePolicy { .debounced(.milliseconds(300)) }
///   @Preference var fontSize = 12.0
/// }
/// ```
///
/// Automatic saves run off the assigning thread, never make an assignment wait for the store,
/// and save exactly the dirty keys as one batch, as ``Preferences/writePreferences()`` does.
/// Pending saves are flushed when the process exits normally, on SIGTERM, SIGINT or SIGHUP,
/// and when an app or extension leaves the foreground (``Preferences/flushPendingSaves()``).
///
/// ## What a SIGKILL can lose
///
/// Nothing can save when the process is killed without warning. Under
/// ``debounced(_:maxDelay:)`` that loses at most the changes of the last ``maxDelay`` (1 second
/// by default) and those of the save under way (while the store fails, what was assigned since
/// the last save that succeeded); under ``immediate``, the changes whose save had not finished.
public struct SavePolicy: Sendable, Hashable {
  /// How long after an assignment a save waits for more, and at most after the first change
  /// not yet saved; both zero for ``immediate``.
  private enum Timing: Hashable {
    case explicit
    case automatic(interval: Duration, maxDelay: Duration)
  }

  private let timing: Timing

  /// Nothing is saved until the app calls ``Preferences/writePreferences()``. The default.
  public static let explicit = SavePolicy(timing: .explicit)

  /// Every assignment starts a save asynchronously, right after the assignment returns (it
  /// never waits for the store); assignments made before the save runs join it.
  public static let immediate = SavePolicy(timing: .automatic(interval: .zero, maxDelay: .zero))

  /// A save runs `interval` after the last assignment, so that a burst of assignments (a
  /// slider being dragged) is saved once, and at the latest `maxDelay` after the first change
  /// not yet saved, so that assignments that never pause (a daemon updating a counter every
  /// few milliseconds) are still saved that often.
  ///
  /// ```swift
  /// override class var savePolicy: SavePolicy {
  ///   .debounced(.milliseconds(300), maxDelay: .seconds(5))
  /// }
  /// ```
  ///
  /// A store that keeps failing is tried at most once per `maxDelay` while changes continue.
  ///
  /// - Parameters:
  ///   - interval: How long a save waits after the last assignment.
  ///   - maxDelay: How long a change may wait at most, counted from the first change not yet
  ///     saved; by default the larger of 1 second and `interval`. It bounds what a SIGKILL or
  ///     a crash can lose. A negative duration counts as zero.
  /// - Returns: The policy.
  public static func debounced(_ interval: Duration, maxDelay: Duration? = nil) -> SavePolicy {
    let interval = max(interval, .zero)
    return SavePolicy(
      timing: .automatic(
        interval: interval, maxDelay: max(maxDelay ?? max(.seconds(1), interval), .zero)))
  }

  /// How long a save waits after the last assignment: `nil` for ``explicit``, zero for
  /// ``immediate``.
  public var interval: Duration? {
    guard case .automatic(let interval, _) = timing else { return nil }
    return interval
  }

  /// How long a change waits at most before its save starts, counted from the first change not
  /// yet saved: `nil` for ``explicit``, zero for ``immediate``.
  public var maxDelay: Duration? {
    guard case .automatic(_, let maxDelay) = timing else { return nil }
    return maxDelay
  }
}
