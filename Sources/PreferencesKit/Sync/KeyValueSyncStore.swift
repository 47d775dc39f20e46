// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What ``KeyValueSyncStore`` needs of a key-value store: the shape of
/// `NSUbiquitousKeyValueStore`, so that all of `UbiquitousSyncStore`'s logic compiles and is
/// tested on Linux against a fake.
protocol UbiquitousKeyValueStoring: AnyObject {
  /// The object stored for `key`.
  func object(forKey key: String) -> Any?
  /// Stores `object` for `key`.
  func set(_ object: Any?, forKey key: String)
  /// Removes `key`.
  func removeObject(forKey key: String)
  /// Every key and object.
  var dictionaryRepresentation: [String: Any] { get }
  /// Synchronizes the in-memory keys with iCloud; `false` on an error such as a missing
  /// entitlement.
  func synchronize() -> Bool
  /// Calls `changed` for each external-change notification, with its reason, and `resumed`
  /// when the app returns to the foreground, until the returned function is called.
  func observe(
    changed: @escaping @Sendable (KeyValueStoreChange) -> Void,
    resumed: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void
}

/// The reason of a `didChangeExternallyNotification`, as its `NSUbiquitousKeyValueStoreChange
/// ReasonKey` gives it.
enum KeyValueStoreChange: Sendable {
  /// Another device changed values (`NSUbiquitousKeyValueStoreServerChange`).
  case server
  /// The first download after sign-in (`NSUbiquitousKeyValueStoreInitialSyncChange`).
  case initialSync
  /// The app's storage is full (`NSUbiquitousKeyValueStoreQuotaViolationChange`).
  case quotaViolation
  /// The user signed in to another account (`NSUbiquitousKeyValueStoreAccountChange`).
  case accountChange
}

/// The sync store over an iCloud-shaped key-value store: `UbiquitousSyncStore`'s logic.
///
/// Each synced key holds its ``SyncEntry`` as a dictionary, `{"changed": "<timestamp>",
/// "value": ...}`. The key-value store decides its own conflicts by the time its server
/// receives each write, which may not be our order; the timestamp inside the value lets
/// ``Preferences`` tell when it lost a newer change and push it again.
///
/// `@unchecked Sendable`: `NSUbiquitousKeyValueStore` is documented as thread-safe, though it
/// is not declared `Sendable`; `apply` is serialized by `applying` so that its read and its
/// writes are not interleaved with another `apply` of this process.
final class KeyValueSyncStore: SyncStore, @unchecked Sendable {
  /// The key-value store read and written.
  let keyValueStore: any UbiquitousKeyValueStoring
  /// The iCloud key-value store's limits.
  let limits: SyncLimits
  /// Serializes `apply`. It guards no value.
  private let applying = WorkLock()

  init(keyValueStore: any UbiquitousKeyValueStoring, limits: SyncLimits = .iCloud) {
    self.keyValueStore = keyValueStore
    self.limits = limits
  }

  /// Every synced entry. Keys whose value is not an entry are left out.
  func allEntries() -> [String: SyncEntry] {
    var values: [String: PropertyListValue] = [:]
    for (key, object) in keyValueStore.dictionaryRepresentation {
      values[key] = try? PropertyListValue(foundationObject: object)
    }
    return SyncEntry.entries(in: values)
  }

  /// Stores each entry that is newer than the one stored, unless that would break a limit;
  /// nothing is stored then. Does not call `synchronize()`, which Apple asks to call sparingly
  /// (https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/synchronize()).
  func apply(_ entries: [String: SyncEntry], from device: String) throws {
    try applying.withLock { () throws(PreferenceError) in
      for (key, entry) in try limits.admit(entries, over: allEntries()) {
        keyValueStore.set(entry.propertyListValue.foundationObject, forKey: key)
      }
    }
  }

  /// Synchronizes, reporting a failure as ``SyncStoreEvent/unavailable(_:)``, then reports
  /// each external change by its reason, and synchronizes again when the app returns to the
  /// foreground (the times Apple's `synchronize()` page names).
  ///
  /// It does not ask `FileManager.ubiquityIdentityToken` about the account: that token is the
  /// iCloud Drive identity, `nil` when only iCloud Drive is off while the key-value store still
  /// syncs. A sign-in arrives as the initial-sync and account-change reasons instead.
  func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)? {
    synchronize(reportingTo: handler)
    return keyValueStore.observe(
      changed: { reason in
        switch reason {
        case .server: handler(.changed)
        // Writes made during the first download may be overwritten by it, so every key is
        // reconciled again once it is done:
        // https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestoreinitialsyncchange
        case .initialSync: handler(.initialSync)
        case .quotaViolation: handler(.quotaViolation)
        case .accountChange: handler(.accountChanged)
        }
      },
      resumed: { [weak self] in
        self?.synchronize(reportingTo: handler)
        handler(.changed)
      })
  }

  private func synchronize(reportingTo handler: @Sendable (SyncStoreEvent) -> Void) {
    // Returns false "if the app doesn't have the required entitlements to access the iCloud
    // key-value store" (the synchronize() page above).
    if !keyValueStore.synchronize() {
      handler(
        .unavailable(
          PreferenceError(
            .syncFailed,
            reason: "the iCloud key-value store cannot synchronize: check the "
              + "app's com.apple.developer.ubiquity-kvstore-identifier entitlement")))
    }
  }
}
