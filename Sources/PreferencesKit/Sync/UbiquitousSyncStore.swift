// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

#if canImport(Darwin)
  public import Foundation

  /// A sync store backed by the iCloud key-value store, `NSUbiquitousKeyValueStore`, on Apple
  /// platforms.
  ///
  /// Each synced key holds its value and ``SyncTimestamp``. When syncing starts, the store
  /// synchronizes once, listing a failure in ``Preferences/preferenceProblems``; it
  /// synchronizes again when the app returns to the foreground, never on every push, as Apple
  /// advises. It acts on the reason of each
  /// external-change notification: a server change is pulled, an initial sync or an account
  /// change reconciles every key again, and a quota violation is listed in
  /// ``Preferences/preferenceProblems``. The iCloud limits are checked before every write.
  ///
  /// ```swift
  /// try prefs.startSyncing(with: UbiquitousSyncStore())
  /// ```
  ///
  /// The app needs the iCloud key-value storage entitlement. All of the logic is in an
  /// internal type tested on Linux; this class only connects it to the real store.
  public final class UbiquitousSyncStore: SyncStore {
    private let base: KeyValueSyncStore

    /// Creates a store over an iCloud key-value store.
    ///
    /// - Parameter keyValueStore: The store; the app's default one unless given.
    public init(keyValueStore: NSUbiquitousKeyValueStore = .default) {
      base = KeyValueSyncStore(keyValueStore: keyValueStore)
    }

    /// The iCloud key-value store's limits.
    public var limits: SyncLimits { base.limits }

    /// Every synced entry. Keys whose value is not an entry are left out.
    public func allEntries() throws -> [String: SyncEntry] {
      base.allEntries()
    }

    /// Stores each entry that is newer than the one stored, unless that would break a limit.
    public func apply(_ entries: [String: SyncEntry], from device: String) throws {
      try base.apply(entries, from: device)
    }

    /// Reports the account's absence, a failed synchronization and each external change.
    public func observeChanges(
      _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
    ) -> (@Sendable () -> Void)? {
      base.observeChanges(handler)
    }
  }

  extension NSUbiquitousKeyValueStore: UbiquitousKeyValueStoring {
    func observe(
      changed: @escaping @Sendable (KeyValueStoreChange) -> Void,
      resumed: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
      let center = NotificationCenter.default
      // https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/didchangeexternallynotification
      var tokens = [
        center.addObserver(
          forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification, object: self,
          queue: nil
        ) { notification in
          switch notification.userInfo?[NSUbiquitousKeyValueStoreChangeReasonKey] as? Int {
          case .some(NSUbiquitousKeyValueStoreInitialSyncChange): changed(.initialSync)
          case .some(NSUbiquitousKeyValueStoreQuotaViolationChange): changed(.quotaViolation)
          case .some(NSUbiquitousKeyValueStoreAccountChange): changed(.accountChange)
          default: changed(.server)
          }
        }
      ]
      // The app or extension coming back to the foreground (see AppLifecycle).
      for name in AppLifecycle.returningToForeground {
        tokens.append(
          center.addObserver(forName: name, object: nil, queue: nil) { _ in resumed() })
      }
      let observers = UncheckedSendable(tokens)
      return {
        for token in observers.value { NotificationCenter.default.removeObserver(token) }
      }
    }
  }
#endif
