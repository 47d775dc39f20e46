import Foundation

/// A sync store kept in one file in a folder that the user's own sync tool (Syncthing, Dropbox,
/// a network share) keeps in step between machines.
///
/// The file is written like a ``FileStore``: locked, atomic, never torn. Each key holds a
/// dictionary with its value and modification time (`{"value": ..., "modified": date}`,
/// without `"value"` once the key was reset). Two processes on one machine sharing the file
/// behave like two machines: each sees the other's changes within a second.
///
/// ```swift
/// let shared = URL(filePath: "/home/ada/Sync")
/// try prefs.startSyncing(with: FileSyncStore(url: shared.appending(path: "app.sync.plist")))
/// ```
///
/// The file enforces the iCloud key-value store's limits by default, so an app tested with it
/// behaves as it will on Apple platforms.
public final class FileSyncStore: SyncStore {
  /// The limits this store enforces.
  public let limits: SyncLimits
  /// The file that holds the entries.
  public let file: FileStore

  /// Creates a sync store in the file at `url`: `.json` for JSON, otherwise a property list.
  /// This never throws and never writes.
  ///
  /// - Parameters:
  ///   - url: The shared file.
  ///   - limits: The limits to enforce; the iCloud key-value store's by default.
  public init(url: URL, limits: SyncLimits = .iCloud) {
    self.file = FileStore(url: url)
    self.limits = limits
  }

  /// Every entry in the file. Keys whose value is not an entry are left out.
  public func allEntries() throws -> [String: SyncEntry] {
    try file.allValues().compactMapValues { try? SyncEntry(propertyListValue: $0, key: "") }
  }

  /// Stores each entry that is newer than the one in the file, under the file lock, unless that
  /// would break a limit; nothing is stored then.
  public func apply(_ entries: [String: SyncEntry]) throws {
    guard !entries.isEmpty else { return }
    try file.update { values in
      let existing = values.compactMapValues { try? SyncEntry(propertyListValue: $0, key: "") }
      let winners = entries.filter { key, entry in
        existing[key].map { entry.modified > $0.modified } ?? true
      }
      if let violation = limits.violations(storing: winners, over: existing).first {
        throw violation
      }
      for (key, entry) in winners {
        values[key] = entry.propertyListValue
      }
    }
  }

  /// Reports `.changed` whenever the shared file is replaced, by inotify on Linux and a
  /// dispatch source on Apple platforms; `nil` while its folder does not exist.
  public func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)? {
    file.observeChanges { handler(.changed) }
  }
}
