// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension PreferenceCell {
  /// Says that an assignment was refused because an administrator manages the key, in a debug
  /// build. The value stays, and ``store(_:hotPath:isChecked:exchange:)`` noted the refusal
  /// (``CellFlags/refuse()``) so that the next write reports the key in
  /// ``Preferences/preferenceProblems``.
  @usableFromInline
  func refuseAssignment() {
    #if DEBUG
      FileHandle.standardError.write(
        Data(
          ("PreferencesKit: \"\(key)\" is managed by an administrator; the assignment is "
            + "ignored and never written\n").utf8))
    #endif
  }
}
