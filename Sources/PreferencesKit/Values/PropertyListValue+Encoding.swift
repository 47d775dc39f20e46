// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension PropertyListValue {
  /// The stored form of `value`: what a `@Preference` of its type stores.
  ///
  /// Use it where raw stored values are changed by hand, in
  /// ``Preferences/migrate(from:values:)`` or an import's conversion, to turn a value an
  /// older program kept in another form into the form its property reads:
  ///
  /// ```swift
  /// try prefs.importValues(from: oldStore) { values in
  ///   if case .data(let json)? = values["person"] {   // kept by UserDefaults as JSON bytes
  ///     values["person"] = try PropertyListValue(
  ///       encoding: JSONDecoder().decode(Person.self, from: json))
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter value: The value to convert.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/unrepresentableValue``
  ///   for a value with no property-list form, and for one that encodes nothing (`nil`), whose
  ///   stored form is no key at all.
  public init(encoding value: some Encodable) throws(PreferenceError) {
    guard let form = try PropertyListValueEncoder().encode(value) else {
      throw PreferenceError(
        .unrepresentableValue, expected: "a value with a stored form",
        found: "nil, which is stored by removing the key")
    }
    self = form
  }
}
