// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import PreferencesKit

extension PublishedSchema {
  /// A value the schema does not allow.
  struct Violation: Equatable {
    /// The top-level key.
    var key: String
    /// What is wrong, such as `maximum 72: found 4000`.
    var message: String
  }

  /// Every value among `values` that breaks its declared key's type or constraints, or whose
  /// key the schema does not declare (`additionalProperties`, which catches a misspelt key),
  /// in key order, as the library's validator finds them: `prefs validate` and `prefs write`
  /// find the same.
  func violations(of values: [String: PropertyListValue]) -> [Violation] {
    validator.violations(of: values).compactMap { violation in
      guard let key = violation.path.first else { return nil }
      let inside = violation.path.dropFirst().map { "at \($0), " }.joined()
      return Violation(
        key: key, message: "\(inside)\(violation.constraint): found \(violation.found)")
    }
  }
}
