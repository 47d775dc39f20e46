// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension PreferenceSchema {
  /// What values a preference accepts besides its type, as data: what a JSON Schema, a comment
  /// in a settings file or a Settings bundle's slider can say without running the app's code.
  ///
  /// ```swift
  /// // @Preference(constraint: .clamped(to: 8...72)) var fontSize = 12.0
  /// let constraints = AppPreferences.schema.entries[0].constraints
  /// constraints.minimum            // .double(8)
  /// constraints.maximum            // .double(72)
  /// constraints.clampsAssignments  // true
  /// ```
  ///
  /// A ``PreferenceConstraint/validated(_:)`` closure cannot be described: only
  /// ``hasCustomValidation`` says that one exists, so a value a schema accepts may still be
  /// rejected by the app.
  public struct Constraints: Sendable, Hashable {
    /// The least value accepted, in stored form, for a ``PreferenceConstraint/range(_:)``.
    public var minimum: PropertyListValue?
    /// The greatest value accepted, in stored form, for a ``PreferenceConstraint/range(_:)``.
    public var maximum: PropertyListValue?
    /// The values accepted, in stored form: those of ``PreferenceConstraint/oneOf(_:)``, or
    /// else every case of a `CaseIterable` type.
    public var allowedValues: [PropertyListValue]?
    /// The most characters of a string, or elements of an array or dictionary, accepted.
    public var maximumCount: Int?
    /// Whether a ``PreferenceConstraint/validated(_:)`` closure decides too, which no schema
    /// can render.
    public var hasCustomValidation: Bool
    /// Whether an assignment in code beyond the range stores the nearer bound instead of
    /// being rejected (``PreferenceConstraint/clamped(to:)``).
    public var clampsAssignments: Bool

    /// Creates a description of constraints; every part is optional.
    ///
    /// - Parameters:
    ///   - minimum: The least value accepted, in stored form.
    ///   - maximum: The greatest value accepted, in stored form.
    ///   - allowedValues: The values accepted, in stored form.
    ///   - maximumCount: The most characters or elements accepted.
    ///   - hasCustomValidation: Whether a closure decides too.
    ///   - clampsAssignments: Whether an assignment beyond the range is clamped.
    public init(
      minimum: PropertyListValue? = nil, maximum: PropertyListValue? = nil,
      allowedValues: [PropertyListValue]? = nil, maximumCount: Int? = nil,
      hasCustomValidation: Bool = false, clampsAssignments: Bool = false
    ) {
      self.minimum = minimum
      self.maximum = maximum
      self.allowedValues = allowedValues
      self.maximumCount = maximumCount
      self.hasCustomValidation = hasCustomValidation
      self.clampsAssignments = clampsAssignments
    }

    /// Whether nothing limits the values beyond their type.
    public var isEmpty: Bool { self == Constraints() }
  }
}
