/// How often the library wakes itself and reads files, counted so that a test can check that
/// an idle process does neither (see `IdleCostTests`).
///
/// The counts only grow; a test compares them before and after a period.
enum ActivityCounters {
  /// What was counted.
  struct Counts: Sendable, Equatable {
    /// Calls of a polling or backstop timer's handler.
    var timerWakeups = 0
    /// Files opened and read by a ``FileStore`` (a cached, unchanged file is not read).
    var fileReads = 0
  }

  private static let counts = Locked(Counts())

  /// The counts so far.
  static var current: Counts { counts.withLock { $0 } }

  static func countTimerWakeup() { counts.withLock { $0.timerWakeups += 1 } }

  static func countFileRead() { counts.withLock { $0.fileReads += 1 } }
}
