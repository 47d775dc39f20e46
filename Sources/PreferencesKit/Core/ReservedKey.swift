// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Keys the library keeps in a preference store for itself, all starting with ``prefix``. None
/// is written unless its feature is used.
package enum ReservedKey {
  /// The prefix of every key the library keeps for itself.
  package static let prefix = "PreferencesKit."

  /// The version of the preferences that last wrote the store: an integer, written only by a
  /// class whose `version` is above 1.
  static let version = "PreferencesKit.version"

  /// This device's identifier in the order of synced changes: a string, created the first
  /// time the store syncs.
  static let deviceID = "PreferencesKit.deviceID"

  /// The key of the record of a synced key's last change known here: its ``SyncEntry``, value
  /// included. One reserved key per synced key, so that two processes sharing the store merge
  /// their records key by key, as stores apply changes, instead of overwriting each other's.
  package static func syncRecord(_ key: String) -> String {
    "PreferencesKit.sync." + key
  }
}
