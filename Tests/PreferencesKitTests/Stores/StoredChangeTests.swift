// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import PreferencesKit
import Testing

/// A change set applied to values, by the package's own function.
struct StoredChangeTests {
  static let values: [String: PropertyListValue] = ["kept": .bool(true), "gone": .integer(1)]
  static let changes: [String: StoredChange] = ["gone": .remove, "new": .set(.string("n"))]
  static let expected: [String: PropertyListValue] = ["kept": .bool(true), "new": .string("n")]

  @Test func aChangeSetSetsAndRemovesItsKeysAndLeavesTheRest() {
    var values = Self.values
    values.applyChanges(Self.changes)
    #expect(values == Self.expected)
  }
}
