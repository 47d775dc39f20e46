// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Declarations that exist only to turn a misuse of `@Preference` into an error that names the
// declaration and says what to do. Nothing here runs.
//
// What the compiler does not let a library improve: `@Preference` in a class that is not a
// `Preferences` subclass. The compiler takes the enclosing-instance subscripts from the
// wrapper's own body alone (an overload in an extension is never considered, and a second one
// in the body is an error), and reports their unmet `Owner: Preferences` requirement at
// `<unknown>:0`; the README's pitfalls show that message and what it means.

extension Preference {
  /// Unavailable: the type of a `@Preference` must have a stored form.
  ///
  /// Chosen only when no other initializer fits, that is for a type that is neither
  /// ``PropertyListRepresentable``, `RawRepresentable` with a property-list raw value, nor
  /// `Codable`, so that the error names the declaration and says what to add rather than
  /// listing the requirements of each initializer.
  @available(
    *, unavailable,
    message: "a @Preference's type must be Codable: add Codable to the type's declaration"
  )
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false,
    help: String? = nil, constraint: PreferenceConstraint<Value>? = nil
  ) {
    // Never runs: `unavailable` above makes every use a compile-time error.
    fatalError("@Preference of a type with no stored form")  // unreachable
  }
}
