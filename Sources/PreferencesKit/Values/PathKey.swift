// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A coding key the coders make themselves: an array index, or `super`.
struct PathKey: CodingKey {
  /// The key's name, when it is not an index.
  private let name: String
  /// The array index, when it is one.
  let intValue: Int?

  /// The key `"super"`, for `superEncoder()` and `superDecoder()`.
  static let `super` = PathKey(stringValue: "super")

  /// A named key.
  init(stringValue: String) {
    name = stringValue
    intValue = nil
  }

  /// An array index.
  init(intValue: Int) {
    name = ""
    self.intValue = intValue
  }

  /// The name, or `Index 3` for an index, as Foundation's coders say.
  var stringValue: String {
    intValue.map { "Index \($0)" } ?? name
  }
}
