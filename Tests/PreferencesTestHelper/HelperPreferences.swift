// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// An empty key: a programming error that must stop the program at once.
final class EmptyKeyPreferences: Preferences, @unchecked Sendable {
  @Preference(key: "") var fontSize = 12.0
}

/// A key under the library's reserved prefix: a programming error that must stop the program.
final class ReservedKeyPreferences: Preferences, @unchecked Sendable {
  @Preference(key: "PreferencesKit.theme") var theme = "light"
}

/// Version 2 preferences whose migration records every process that ran it, slowly enough that
/// two processes started together overlap.
final class SlowlyMigratingPreferences: Preferences, @unchecked Sendable {
  override class var version: Int { 2 }
  @Preference var theme = "light"

  override func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {
    guard case .array(let runs)? = values["migrations"] ?? .array([]) else { return }
    // Widens the window in which a second process could read the unmigrated store.
    Thread.sleep(forTimeInterval: 0.3)
    values["migrations"] = .array(runs + [.integer(Int64(ProcessInfo.processInfo.processIdentifier))])
  }
}

/// Saves by itself, long after the last assignment unless the process exits first.
final class SlowlySavingPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.seconds(60)) }
  @Preference var fontSize = 12.0
}

/// Saves by itself, soon after the last assignment.
final class QuicklySavingPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.milliseconds(50)) }
  @Preference var fontSize = 12.0
}

/// Saves only when asked.
final class ExplicitlySavingPreferences: Preferences, @unchecked Sendable {
  @Preference var fontSize = 12.0
  @Preference var theme = "light"
}
