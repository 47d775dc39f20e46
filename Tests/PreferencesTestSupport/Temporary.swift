// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation

/// Runs `body` with a fresh `UserDefaults` suite and removes the suite afterwards.
package func withTemporarySuite<Result>(
  _ body: (String, UserDefaults) throws -> Result
) rethrows -> Result {
  let name = "PreferencesKitTests.\(UUID().uuidString)"
  let defaults = UserDefaults(suiteName: name)!
  defer { defaults.removePersistentDomain(forName: name) }
  return try body(name, defaults)
}
