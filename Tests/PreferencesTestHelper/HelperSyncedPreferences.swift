// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// The preferences the sync tests share between processes: two synced keys and one that
/// stays on its machine.
final class HelperSyncedPreferences: Preferences, @unchecked Sendable {
  @Preference(synced: true) var fontSize = 12.0
  @Preference(synced: true) var notes = ""
  @Preference var windowFrameData = Data()
}

/// Two properties with one key: a programming error that must stop the program at once.
final class DuplicateKeyPreferences: Preferences, @unchecked Sendable {
  @Preference(key: "size") var fontSize = 12.0
  @Preference var size = 1
}

/// A default outside its own range: a programming error that must stop the program at once.
final class RejectedDefaultPreferences: Preferences, @unchecked Sendable {
  @Preference(constraint: .range(8...72)) var fontSize = 4.0
}

/// A default that `setDefaults()` assigns outside its range: the same error.
final class RejectedSetDefaultPreferences: Preferences, @unchecked Sendable {
  @Preference(constraint: .range(8...72)) var fontSize = 12.0
  override func setDefaults() { fontSize = 100 }
}

/// Two keys equal only up to Unicode normalization, which Swift compares as one key.
final class EquivalentKeyPreferences: Preferences, @unchecked Sendable {
  @Preference(key: "caf\u{E9}") var composed = 1
  @Preference(key: "cafe\u{301}") var decomposed = 2
}
