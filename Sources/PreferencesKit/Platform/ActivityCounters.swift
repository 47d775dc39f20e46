// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// How often the library wakes itself and reads files, counted so that a test can check that
/// an idle process does neither (see `IdleCostTests`).
///
/// The counts only grow; a test compares them before and after a period.
package enum ActivityCounters {
  /// What was counted.
  package struct Counts: Sendable, Equatable {
    /// Calls of a polling or backstop timer's handler.
    package var timerWakeups = 0
    /// Files opened and read by a ``FileStore`` (a cached, unchanged file is not read).
    package var fileReads = 0
  }

  private static let counts = Mutex(Counts())

  /// The counts so far.
  package static var current: Counts { counts.withLock { $0 } }

  static func countTimerWakeup() { counts.withLock { $0.timerWakeups += 1 } }

  static func countFileRead() { counts.withLock { $0.fileReads += 1 } }
}
