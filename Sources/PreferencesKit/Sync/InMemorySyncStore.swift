/// A sync store in memory, for tests: two ``Preferences`` instances sharing one behave like two
/// machines sharing a cloud store.
public final class InMemorySyncStore: SyncStore {
  /// The limits this store enforces.
  public let limits: SyncLimits
  private let lock = Lock()
  /// Guarded by `lock`.
  private nonisolated(unsafe) var entries: [String: SyncEntry] = [:]

  /// Creates an empty store.
  ///
  /// - Parameter limits: The limits to enforce; the iCloud key-value store's by default.
  public init(limits: SyncLimits = .iCloud) {
    self.limits = limits
  }

  /// Every entry.
  public func allEntries() -> [String: SyncEntry] {
    lock.withLock { entries }
  }

  /// Stores each entry that is newer than the one stored, unless that would break a limit.
  public func apply(_ newEntries: [String: SyncEntry]) throws {
    try lock.withLock { () throws(PreferenceError) in
      let winners = newEntries.filter { key, entry in
        entries[key].map { entry.modified > $0.modified } ?? true
      }
      if let violation = limits.violations(storing: winners, over: entries).first {
        throw violation
      }
      entries.merge(winners) { $1 }
    }
  }
}
