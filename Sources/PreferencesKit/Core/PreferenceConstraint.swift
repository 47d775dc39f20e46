// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What values a preference accepts besides its type, declared once with `constraint:` and
/// applied on every path a value comes in by.
///
/// ```swift
/// @Preference(help: "Font size in points", constraint: .range(8...72)) var fontSize = 12.0
/// @Preference(constraint: .clamped(to: 0...1)) var volume = 0.5
/// @Preference(constraint: .maximumCount(10)) var recentFiles: [String] = []
/// ```
///
/// A value that breaks the constraint is **rejected**: an assignment in code keeps the
/// previous value (or, with ``clamped(to:)``, stores the nearest bound); a value loaded from
/// the store, imported, migrated, given by an argument, the environment or an administrator,
/// or pulled by sync is not used, and the next layer down (in the end the default) decides.
/// Either way ``Preferences/preferenceProblems`` lists a ``PreferenceError/Kind/rejectedValue``
/// naming the key, where the value came from, the constraint and the value, and
/// ``PreferenceHandle/rejection`` says so. A default that breaks its own constraint stops the
/// program when the class is first instantiated, as a duplicate key does.
///
/// A `CaseIterable` enum stored as its raw value needs no constraint: a raw value that is no
/// case is rejected already, and the schema lists the cases.
public struct PreferenceConstraint<Value: Sendable>: Sendable {
  /// What the constraint says, in an object: a struct whose size does not depend on `Value`
  /// costs the unspecialized code that makes each cell no type-metadata lookup (about 5,000
  /// instructions a preference on creation, `create` in `Scripts/instruction-counts.sh`).
  let rules: Rules

  /// The least and greatest values accepted, when the constraint is a range.
  var bounds: (lower: Value, upper: Value)? { rules.bounds }
  /// The values accepted, when the constraint is a list.
  var allowed: [Value]? { rules.allowed }
  /// The most elements (characters of a string) accepted.
  var maximumCount: Int? { rules.maximumCount }
  /// Whether a closure the schema cannot render decides, in part.
  var validates: Bool { rules.validates }
  /// Brings an assigned value into range instead of rejecting it.
  var clamp: (@Sendable (Value) -> Value)? { rules.clamp }
  /// Why `value` is rejected: an error of kind ``PreferenceError/Kind/rejectedValue`` saying
  /// what was expected and found; `nil` when it is accepted.
  var rejection: @Sendable (Value) -> PreferenceError? { rules.rejection }

  init(
    bounds: (lower: Value, upper: Value)? = nil, allowed: [Value]? = nil,
    maximumCount: Int? = nil, validates: Bool = false,
    clamp: (@Sendable (Value) -> Value)? = nil,
    rejection: @escaping @Sendable (Value) -> PreferenceError?
  ) {
    rules = Rules(
      bounds: bounds, allowed: allowed, maximumCount: maximumCount, validates: validates,
      clamp: clamp, rejection: rejection)
  }

  /// The parts of a constraint (see the properties above), immutable.
  final class Rules: Sendable {
    let bounds: (lower: Value, upper: Value)?
    let allowed: [Value]?
    let maximumCount: Int?
    let validates: Bool
    let clamp: (@Sendable (Value) -> Value)?
    let rejection: @Sendable (Value) -> PreferenceError?

    init(
      bounds: (lower: Value, upper: Value)?, allowed: [Value]?, maximumCount: Int?,
      validates: Bool, clamp: (@Sendable (Value) -> Value)?,
      rejection: @escaping @Sendable (Value) -> PreferenceError?
    ) {
      self.bounds = bounds
      self.allowed = allowed
      self.maximumCount = maximumCount
      self.validates = validates
      self.clamp = clamp
      self.rejection = rejection
    }
  }

  /// An error rejecting `value`, which was expected to be `expected`.
  static func rejecting(_ value: Value, expected: String?, reason: String? = nil)
    -> PreferenceError
  {
    PreferenceError(.rejectedValue, expected: expected, found: "\(value)", reason: reason)
  }
}

extension PreferenceConstraint where Value: Comparable {
  /// Accepts values from `range.lowerBound` through `range.upperBound`; rejects the rest.
  ///
  /// ```swift
  /// @Preference(constraint: .range(8...72)) var fontSize = 12.0
  /// ```
  ///
  /// - Parameter range: The values accepted.
  public static func range(_ range: ClosedRange<Value>) -> Self {
    Self(bounds: (range.lowerBound, range.upperBound)) { value in
      range.contains(value) ? nil : rejecting(value, expected: "a value in \(range)")
    }
  }

  /// Accepts values in `range`; an assignment in code beyond it stores the nearer bound. A
  /// value from anywhere else (the store, a layer, sync) beyond it is rejected, as with
  /// ``range(_:)``, since nobody chose the bound.
  ///
  /// ```swift
  /// @Preference(constraint: .clamped(to: 0...1)) var volume = 0.5
  /// prefs.volume = 3  // prefs.volume == 1
  /// ```
  ///
  /// - Parameter range: The values accepted.
  public static func clamped(to range: ClosedRange<Value>) -> Self {
    let plain = Self.range(range)
    return Self(
      bounds: plain.bounds,
      clamp: { Swift.min(Swift.max($0, range.lowerBound), range.upperBound) },
      rejection: plain.rejection)
  }
}

extension PreferenceConstraint where Value: Equatable {
  /// Accepts only the values listed.
  ///
  /// ```swift
  /// @Preference(constraint: .oneOf(["en", "fr", "de"])) var language = "en"
  /// ```
  ///
  /// - Parameter allowed: The values accepted.
  public static func oneOf(_ allowed: [Value]) -> Self {
    Self(allowed: allowed) { value in
      allowed.contains(value)
        ? nil
        : rejecting(
          value, expected: "one of " + allowed.map { "\($0)" }.joined(separator: ", "))
    }
  }
}

extension PreferenceConstraint where Value: Collection {
  /// Accepts strings of at most `maximum` characters, and arrays and dictionaries of at most
  /// `maximum` elements.
  ///
  /// ```swift
  /// @Preference(constraint: .maximumCount(10)) var recentFiles: [String] = []
  /// ```
  ///
  /// - Parameter maximum: The most characters or elements accepted.
  public static func maximumCount(_ maximum: Int) -> Self {
    Self(maximumCount: maximum) { value in
      let count = value.count
      let isString = Value.self == String.self
      let unit = isString ? "characters" : "elements"
      // The problem names an array or dictionary by its count already, a string by its text.
      return count <= maximum
        ? nil
        : rejecting(
          value, expected: "at most \(maximum) \(unit)",
          reason: isString ? "it has \(count) \(unit)" : nil)
    }
  }
}

extension PreferenceConstraint {
  /// Accepts the values `validate` returns `nil` for; it returns why it rejects any other,
  /// as a sentence a person can read. Schemas cannot render a closure: they say only that
  /// one exists (``PreferenceSchema/Constraints/hasCustomValidation``).
  ///
  /// ```swift
  /// @Preference(constraint: .validated { $0.hasPrefix("https://") ? nil : "not an https URL" })
  /// var server = "https://example.com"
  /// ```
  ///
  /// - Parameter validate: Returns `nil` for a value it accepts, and otherwise the reason.
  ///   It may run on any thread, and must not read or assign preferences.
  public static func validated(_ validate: @escaping @Sendable (Value) -> String?) -> Self {
    Self(validates: true) { value in
      validate(value).map { rejecting(value, expected: nil, reason: $0) }
    }
  }

  /// Accepts only values every one of `constraints` accepts; an assignment is clamped by the
  /// first that clamps, then checked by all. The schema gives the intersection of the ranges,
  /// of the allowed lists, and the least maximum count.
  ///
  /// ```swift
  /// @Preference(constraint: .all(.maximumCount(64), .validated { $0.isEmpty ? "empty" : nil }))
  /// var userName = "guest"
  /// ```
  ///
  /// - Parameter constraints: The constraints to combine.
  public static func all(_ constraints: Self...) -> Self {
    Self(
      bounds: intersectedBounds(of: constraints),
      allowed: intersectedAllowed(of: constraints),
      maximumCount: constraints.compactMap(\.maximumCount).min(),
      validates: constraints.contains(where: \.validates),
      clamp: constraints.lazy.compactMap(\.clamp).first
    ) { value in
      constraints.lazy.compactMap { $0.rejection(value) }.first
    }
  }

  /// The range every ranged constraint among `constraints` accepts: the greatest lower bound
  /// and the least upper bound are the ones all of them accept.
  private static func intersectedBounds(of constraints: [Self]) -> (lower: Value, upper: Value)? {
    let ranged = constraints.filter { $0.bounds != nil }
    guard ranged.count > 1, let first = ranged[0].bounds else { return ranged.first?.bounds }
    func common(_ candidates: [Value]) -> Value? {
      candidates.first { bound in ranged.allSatisfy { $0.rejection(bound) == nil } }
    }
    // Ranges with nothing in common leave any default rejected, which stops the program.
    return (
      common(ranged.compactMap(\.bounds?.lower)) ?? first.lower,
      common(ranged.compactMap(\.bounds?.upper)) ?? first.upper
    )
  }

  /// The values every allowed list among `constraints` accepts, in the first list's order.
  private static func intersectedAllowed(of constraints: [Self]) -> [Value]? {
    let listed = constraints.filter { $0.allowed != nil }
    guard listed.count > 1, let first = listed[0].allowed else { return listed.first?.allowed }
    return first.filter { value in listed.allSatisfy { $0.rejection(value) == nil } }
  }
}
