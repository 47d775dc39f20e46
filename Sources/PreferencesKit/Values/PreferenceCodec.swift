// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Converts one preference's values to and from their stored form.
///
/// `@Preference` picks a codec by the type's capabilities: a direct property-list form, a raw
/// value, or `Codable`. It keeps the converting conformance as a metatype, not as closures,
/// which would each box their generic context on the heap for every property created.
@usableFromInline
struct PreferenceCodec<Value: Sendable>: Sendable {
  /// How values convert, with the conformance that converts them: `Value`'s own, except for a
  /// raw value's.
  private enum Conversion {
    /// Through the type's own property-list form.
    case propertyList(any PropertyListRepresentable.Type)
    /// Through the raw value's property-list form.
    case rawValue(any (RawRepresentable & Sendable).Type, raw: any PropertyListRepresentable.Type)
    /// Through the library's own `Codable` encoder and decoder.
    case codable(any (Codable & Sendable).Type)
  }

  private let conversion: Conversion

  /// The stored form of `value`, or `nil` to remove the key.
  func encode(_ value: Value) throws(PreferenceError) -> PropertyListValue? {
    switch conversion {
    case .propertyList(let type): try Self.encode(value, as: type)
    case .rawValue(let type, let raw): try Self.encodeRawValue(of: value, as: type, raw: raw)
    case .codable(let type): try Self.encodeCodable(value, as: type)
    }
  }

  /// A value from its stored form.
  func decode(_ stored: PropertyListValue) throws(PreferenceError) -> Value {
    switch conversion {
    case .propertyList(let type): try Self.decode(stored, as: type)
    case .rawValue(let type, let raw): try Self.decodeRawValue(stored, as: type, raw: raw)
    case .codable(let type): try Self.decodeCodable(stored, as: type)
    }
  }

  // Each helper opens a metatype as `T`, which is `Value` itself (or its raw value's type):
  // the casts between them are between one type and itself, and cannot fail. The metatypes
  // come only from the static members below, each of which stores `Value.self` (and
  // `Value.RawValue.self`), so no codec holds another type's conformance. They are `as!`, not
  // `as?` with a thrown error: the count guard measured `as?` through a helper at 500 more
  // instructions per property created.

  private static func encode<T: PropertyListRepresentable>(
    _ value: Value, as _: T.Type
  ) throws(PreferenceError) -> PropertyListValue? {
    try (value as! T).propertyListValue()  // T is Value.
  }

  private static func decode<T: PropertyListRepresentable>(
    _ stored: PropertyListValue, as _: T.Type
  ) throws(PreferenceError) -> Value {
    try T(propertyListValue: stored) as! Value  // T is Value.
  }

  private static func encodeRawValue<T: RawRepresentable, Raw: PropertyListRepresentable>(
    of value: Value, as _: T.Type, raw _: Raw.Type
  ) throws(PreferenceError) -> PropertyListValue? {
    // T is Value, and Raw is its RawValue.
    try ((value as! T).rawValue as! Raw).propertyListValue()
  }

  private static func decodeRawValue<T: RawRepresentable, Raw: PropertyListRepresentable>(
    _ stored: PropertyListValue, as _: T.Type, raw _: Raw.Type
  ) throws(PreferenceError) -> Value {
    let raw = try Raw(propertyListValue: stored)
    guard let value = T(rawValue: raw as! T.RawValue) else {  // Raw is T.RawValue.
      throw .mismatch(expected: Value.self, found: stored, reason: PreferenceError.noCaseReason)
    }
    return value as! Value  // T is Value.
  }

  private static func encodeCodable<T: Codable>(
    _ value: Value, as _: T.Type
  ) throws(PreferenceError) -> PropertyListValue? {
    try PropertyListValueEncoder().encode(value as! T)  // T is Value.
  }

  private static func decodeCodable<T: Codable>(
    _ stored: PropertyListValue, as _: T.Type
  ) throws(PreferenceError) -> Value {
    try PropertyListValueDecoder().decode(T.self, from: stored) as! Value  // T is Value.
  }
}

extension PreferenceCodec where Value: PropertyListRepresentable {
  /// Uses the type's own property-list form.
  static var propertyList: Self { Self(conversion: .propertyList(Value.self)) }
}

extension PreferenceCodec where Value: RawRepresentable, Value.RawValue: PropertyListRepresentable {
  /// Stores the raw value; an unknown raw value fails to load.
  static var rawValue: Self { Self(conversion: .rawValue(Value.self, raw: Value.RawValue.self)) }
}

extension PreferenceCodec where Value: Codable {
  /// Converts through the library's own `Codable` encoder and decoder, with no bytes between.
  static var codable: Self { Self(conversion: .codable(Value.self)) }
}
