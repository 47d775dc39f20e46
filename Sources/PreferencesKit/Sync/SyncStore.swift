import Foundation

/// A key-value store shared between machines, modeled on `NSUbiquitousKeyValueStore`, through
/// which ``Preferences`` syncs the properties declared `@Preference(synced: true)`.
///
/// Each key carries its own modification time, so that conflicts are decided key by key: the
/// newer change wins. The package provides ``FileSyncStore``, for a folder that a sync tool
/// keeps in step between machines, and ``InMemorySyncStore``, for tests.
public protocol SyncStore: AnyObject, Sendable {
  /// The limits this store enforces, checked before every push.
  var limits: SyncLimits { get }

  /// Every entry in the store.
  ///
  /// - Throws: A ``PreferenceError`` when the store cannot be read.
  func allEntries() throws -> [String: SyncEntry]

  /// Stores the entries, key by key, keeping for each key whichever entry is newer: the one
  /// given or the one already stored.
  ///
  /// - Throws: A ``PreferenceError`` when the store cannot be written or an entry would break
  ///   one of its ``limits``; nothing is stored then.
  func apply(_ entries: [String: SyncEntry]) throws

  /// Starts reporting what happens to the store elsewhere, on any thread, until the returned
  /// function is called.
  ///
  /// The default implementation returns `nil`: the store cannot report, and is checked
  /// periodically instead.
  ///
  /// - Parameter handler: Called with each event.
  /// - Returns: A function that stops the reports, or `nil` when the store cannot report.
  func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)?
}

/// Something that happened to a sync store elsewhere, as ``SyncStore/observeChanges(_:)``
/// reports it; ``Preferences`` acts on each.
public enum SyncStoreEvent: Sendable, Hashable {
  /// Entries changed on another machine: they are pulled.
  case changed
  /// The store finished its first download on this machine: every synced key is reconciled
  /// again, as when syncing starts.
  case initialSync
  /// The account behind the store changed: every synced key is reconciled again.
  case accountChanged
  /// The store refused a write as over its quota: reported in ``Preferences/syncErrors``.
  case quotaViolation
}

extension SyncStore {
  /// Returns `nil`: the store is checked periodically instead.
  public func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)? {
    nil
  }
}

/// One synced key's value and when it was last changed.
public struct SyncEntry: Sendable, Hashable {
  /// The value, or `nil` when the key was removed (reset to its default).
  public var value: PropertyListValue?
  /// When the value was changed, on the machine that changed it.
  public var modified: Date

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - value: The value, or `nil` for a removed key.
  ///   - modified: When the value was changed.
  public init(value: PropertyListValue?, modified: Date) {
    self.value = value
    self.modified = modified
  }
}

extension SyncEntry {
  /// The entry as a property-list dictionary: `{"value": ..., "modified": date}`, without
  /// `"value"` for a removed key.
  var propertyListValue: PropertyListValue {
    var fields: [String: PropertyListValue] = ["modified": .date(modified)]
    fields["value"] = value
    return .dictionary(fields)
  }

  /// Reads the form that ``propertyListValue`` writes.
  init(propertyListValue: PropertyListValue, key: String) throws(PreferenceError) {
    guard case .dictionary(let fields) = propertyListValue,
      case .date(let modified)? = fields["modified"]
    else {
      throw PreferenceError(
        .typeMismatch, key: key, expected: "a dictionary with a \"modified\" date",
        found: propertyListValue.description)
    }
    self.init(value: fields["value"], modified: modified)
  }
}
