#if canImport(Darwin)
  import Foundation

  /// A sync store backed by the iCloud key-value store, `NSUbiquitousKeyValueStore`, on Apple
  /// platforms.
  ///
  /// Each synced key holds a dictionary with its value and modification time. The store reads
  /// the reason of each external-change notification and acts on it: a server change is
  /// pulled, an initial sync or an account change reconciles every key again, and a quota
  /// violation is listed in ``Preferences/syncErrors``. The iCloud limits are checked before
  /// every write.
  ///
  /// ```swift
  /// try prefs.startSyncing(with: UbiquitousSyncStore())
  /// ```
  ///
  /// The app needs the iCloud key-value storage entitlement.
  ///
  /// `@unchecked Sendable`: `NSUbiquitousKeyValueStore` is documented as thread-safe, though it
  /// is not declared `Sendable`; writes are serialized by `lock`.
  public final class UbiquitousSyncStore: SyncStore, @unchecked Sendable {
    /// The iCloud key-value store this store reads and writes.
    public let keyValueStore: NSUbiquitousKeyValueStore
    /// The iCloud key-value store's limits.
    public let limits: SyncLimits = .iCloud
    private let lock = Lock()

    /// Creates a store over an iCloud key-value store.
    ///
    /// - Parameter keyValueStore: The store; the app's default one unless given.
    public init(keyValueStore: NSUbiquitousKeyValueStore = .default) {
      self.keyValueStore = keyValueStore
    }

    /// Every synced entry. Keys whose value is not an entry are left out.
    public func allEntries() throws -> [String: SyncEntry] {
      var entries: [String: SyncEntry] = [:]
      for (key, object) in keyValueStore.dictionaryRepresentation {
        guard let value = try? PropertyListValue(foundationObject: object),
          let entry = try? SyncEntry(propertyListValue: value, key: key)
        else { continue }
        entries[key] = entry
      }
      return entries
    }

    /// Stores each entry that is newer than the one stored, unless that would break a limit;
    /// nothing is stored then.
    public func apply(_ entries: [String: SyncEntry]) throws {
      try lock.withLock { () throws -> Void in
        let existing = try allEntries()
        let winners = entries.filter { key, entry in
          existing[key].map { entry.modified > $0.modified } ?? true
        }
        if let violation = limits.violations(storing: winners, over: existing).first {
          throw violation
        }
        for (key, entry) in winners {
          keyValueStore.set(entry.propertyListValue.foundationObject, forKey: key)
        }
        _ = keyValueStore.synchronize()
      }
    }

    /// Reports the store's external-change notifications by their reason.
    public func observeChanges(
      _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
    ) -> (@Sendable () -> Void)? {
      let token = NotificationCenter.default.addObserver(
        forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification,
        object: keyValueStore, queue: nil
      ) { notification in
        let reason = notification.userInfo?[NSUbiquitousKeyValueStoreChangeReasonKey] as? Int
        switch reason {
        case .some(NSUbiquitousKeyValueStoreInitialSyncChange): handler(.initialSync)
        case .some(NSUbiquitousKeyValueStoreAccountChange): handler(.accountChanged)
        case .some(NSUbiquitousKeyValueStoreQuotaViolationChange): handler(.quotaViolation)
        default: handler(.changed)
        }
      }
      _ = keyValueStore.synchronize()
      let observer = UncheckedSendable(token)
      return { NotificationCenter.default.removeObserver(observer.value) }
    }
  }
#endif
