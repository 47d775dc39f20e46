// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Equality of property-list values in which NaN equals NaN, as a file round trip keeps it,
/// and the sign of a zero double counts.
public enum SameValue {
  public static func check(_ first: PropertyListValue, _ second: PropertyListValue) -> Bool {
    var pending = [(first, second)]
    while let (left, right) = pending.popLast() {
      switch (left, right) {
      case (.double(let a), .double(let b)):
        guard a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) || a == b && a != 0 else {
          return false
        }
      case (.date(let a), .date(let b)):
        let (x, y) = (a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
        // JSON holds every date exactly (a date no timestamp holds is written as a number).
        guard x == y || (x.isNaN && y.isNaN) else { return false }
      case (.array(let a), .array(let b)):
        guard a.count == b.count else { return false }
        pending.append(contentsOf: zip(a, b))
      case (.dictionary(let a), .dictionary(let b)):
        guard a.count == b.count else { return false }
        for (key, value) in a {
          guard let other = b[key] else { return false }
          pending.append((value, other))
        }
      default:
        guard left == right else { return false }
      }
    }
    return true
  }
}
