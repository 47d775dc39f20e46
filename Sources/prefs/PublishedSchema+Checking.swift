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

  /// Every value among `values` that breaks its declared key's type or constraints, in key
  /// order, as the library's validator finds them (`prefs validate` lists the same); keys the
  /// schema does not declare are not checked (an app keeps them as they are).
  func violations(of values: [String: PropertyListValue]) -> [Violation] {
    validator.violations(of: values).compactMap { violation in
      guard let key = violation.path.first,
        !violation.constraint.hasPrefix("additionalProperties")
      else { return nil }
      let inside = violation.path.dropFirst().map { "at \($0), " }.joined()
      return Violation(
        key: key, message: "\(inside)\(violation.constraint): found \(violation.found)")
    }
  }
}
