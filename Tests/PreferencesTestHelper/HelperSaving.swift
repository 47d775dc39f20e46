// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import PreferencesKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

/// Saves 50 ms after the last assignment, and at the latest 300 ms after the first change not
/// yet saved.
final class ContinuouslySavingPreferences: Preferences, @unchecked Sendable {
  static let maxDelay = Duration.milliseconds(300)
  override class var savePolicy: SavePolicy {
    .debounced(.milliseconds(50), maxDelay: maxDelay)
  }
  /// When the value was assigned: `DispatchTime.now().uptimeNanoseconds`, which every process
  /// on the machine counts alike.
  @Preference var assignedAt = 0
}

/// `save-continuously <store>`: assigns `assignedAt` every 3 ms, never pausing, and prints
/// "started" after the first assignment; it runs until it is killed.
func saveContinuously(store: FileStore) -> Never {
  let prefs = ContinuouslySavingPreferences(store: store)
  var announced = false
  while true {
    prefs.assignedAt = Int(truncatingIfNeeded: DispatchTime.now().uptimeNanoseconds)
    if !announced {
      say("started")
      announced = true
    }
    usleep(3_000)
  }
}

/// `default-store <folder> [property|environment]`: creates preferences with no store after
/// setting ``Preferences/defaultStoreFolder`` to `<folder>` (`property`), or with it given by
/// the environment (`environment`), assigns and writes, and prints the store's file.
func writeDefaultStore(folder: String, mode: String) throws -> Never {
  if mode == "property" {
    Preferences.defaultStoreFolder = URL(fileURLWithPath: folder, isDirectory: true)
  }
  let prefs = ExplicitlySavingPreferences()
  prefs.fontSize = 23
  try prefs.writePreferences()
  exit(0, (prefs.preferenceStore.location?.path ?? "no file"))
}
