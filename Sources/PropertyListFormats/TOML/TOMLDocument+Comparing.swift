// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension TOMLDocument {
  /// Whether `a` and `b` are the same value as a TOML file holds it: NaN is NaN, and data is the
  /// same as the string of its base64 text, which is how TOML holds it.
  ///
  /// ```swift
  /// TOMLDocument.holdsSame(.data(Data([1])), .string("AQ=="))  // true
  /// ```
  package static func holdsSame(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
    TOMLEditor.same(a, b)
  }
}
