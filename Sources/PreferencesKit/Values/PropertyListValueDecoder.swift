// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Converts a ``PropertyListValue`` straight to any `Decodable` type, with no bytes between.
///
/// A type that conforms to ``PropertyListRepresentable`` reads with its own
/// `init(propertyListValue:)` at any depth, with the same lenient, lossless numeric rules.
/// Every failure is a ``PreferenceError`` whose `path` says where, such as `.items[2].name`.
///
/// `package` rather than internal only so that the benchmark target can time it alone.
package struct PropertyListValueDecoder {
  package init() {}

  /// The value of type `T` that `value` holds.
  ///
  /// - Throws: A ``PreferenceError``, usually of kind ``PreferenceError/Kind/typeMismatch``.
  package func decode<T: Decodable>(
    _ type: T.Type, from value: PropertyListValue
  ) throws(PreferenceError) -> T {
    do {
      return try ValueDecoder.decode(T.self, from: value, at: [])
    } catch {
      // `ValueDecoder.decode` throws nothing but `PreferenceError`s.
      throw error as? PreferenceError
        ?? PreferenceError(decoding: error, expected: T.self, found: value, at: [])
    }
  }
}

// MARK: - Decoder

/// The `Decoder` that reads one value. It is its own single-value container.
final class ValueDecoder: Decoder, SingleValueDecodingContainer {
  let value: PropertyListValue
  let codingPath: [any CodingKey]
  /// The type being read, named when the value has the wrong shape.
  let type: Any.Type
  /// No user info: this decoder has no options.
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: PropertyListValue, codingPath: [any CodingKey], type: Any.Type) {
    self.value = value
    self.codingPath = codingPath
    self.type = type
  }

  /// Reads `value`, found at `path`, as `T`: with its own `init(propertyListValue:)` when
  /// `T` is ``PropertyListRepresentable``, otherwise with its `init(from:)`.
  ///
  /// Each level of a nested value passes through here, so it keeps its frame small (a value
  /// at the nesting limit must decode on a 512 KiB thread stack in a debug build): the
  /// representable case and error handling live in functions that return before recursing,
  /// and it throws untyped errors, as a typed error takes a large slot in every frame.
  ///
  /// - Throws: Only ``PreferenceError``s.
  static func decode<T: Decodable>(
    _: T.Type, from value: PropertyListValue, at path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    if T.self is any PropertyListRepresentable.Type { return try representable(value, at: path) }
    let decoder = ValueDecoder(value: value, codingPath: path(), type: T.self)
    if _slowPath(decoder.codingPath.count >= PreferenceError.maximumCodableDepth) {
      throw PreferenceError.tooDeepForCodable(at: decoder.codingPath)
    }
    do {
      return try T(from: decoder)
    } catch {
      try decoder.fail(error)
    }
  }

  /// Reads `value` as `T`, a ``PropertyListRepresentable`` type, with its own initializer.
  @inline(never)
  private static func representable<T>(
    _ value: PropertyListValue, at path: () -> [any CodingKey]
  ) throws -> T {
    do throws(PreferenceError) {
      if let type = T.self as? any PropertyListRepresentable.Type,
        let result = try type.init(propertyListValue: value) as? T
      {
        return result
      }
      throw .mismatch(expected: T.self, found: value)
    } catch {
      throw error.located(at: path())
    }
  }

  /// Throws `error`, thrown by an `init(from:)` reading this decoder, as a ``PreferenceError``.
  @inline(never)
  private func fail(_ error: any Error) throws -> Never {
    throw error as? PreferenceError
      ?? PreferenceError(decoding: error, expected: type, found: value, at: codingPath)
  }

  /// Reads `value`, found at `path`, as a ``PropertyListRepresentable`` type.
  static func scalar<T: PropertyListRepresentable>(
    _: T.Type, from value: PropertyListValue, at path: @autoclosure () -> [any CodingKey]
  ) throws(PreferenceError) -> T {
    do throws(PreferenceError) {
      return try T(propertyListValue: value)
    } catch {
      throw error.located(at: path())
    }
  }

  /// The error for `value`, at `codingPath`, not being the `wanted` kind of container.
  static func wrongShape(
    _ value: PropertyListValue, expected: String, wanted: String, at codingPath: [any CodingKey]
  ) -> PreferenceError {
    PreferenceError(
      .typeMismatch, path: PreferenceError.render(codingPath), expected: expected,
      found: value.description, reason: "expected \(wanted)")
  }

  /// A keyed container over `value`, found at `path`, which must be a dictionary; `expected`
  /// names what was expected when it is not.
  static func keyed<Key: CodingKey>(
    _ value: PropertyListValue, expected: String, at path: [any CodingKey]
  ) throws -> KeyedDecodingContainer<Key> {
    guard case .dictionary(let dictionary) = value else {
      throw wrongShape(value, expected: expected, wanted: "a dictionary", at: path)
    }
    return KeyedDecodingContainer(
      KeyedValueDecodingContainer(codingPath: path, dictionary: dictionary))
  }

  /// An unkeyed container over `value`, found at `path`, which must be an array.
  static func unkeyed(
    _ value: PropertyListValue, expected: String, at path: [any CodingKey]
  ) throws -> any UnkeyedDecodingContainer {
    guard case .array(let array) = value else {
      throw wrongShape(value, expected: expected, wanted: "an array", at: path)
    }
    return UnkeyedValueDecodingContainer(codingPath: path, array: array)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try Self.keyed(value, expected: PreferenceError.typeName(self.type), at: codingPath)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try Self.unkeyed(value, expected: PreferenceError.typeName(type), at: codingPath)
  }

  func singleValueContainer() -> any SingleValueDecodingContainer { self }

  // MARK: Single value

  /// Reads this value as a ``PropertyListRepresentable`` type.
  private func read<T: PropertyListRepresentable>(_: T.Type) throws(PreferenceError) -> T {
    try Self.scalar(T.self, from: value, at: codingPath)
  }

  /// `false`: a value that is present is never null in a property list.
  func decodeNil() -> Bool { false }
  // The primitive requirements, each read by the representable rules of its type.
  func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
  func decode(_ type: String.Type) throws -> String { try read(type) }
  func decode(_ type: Double.Type) throws -> Double { try read(type) }
  func decode(_ type: Float.Type) throws -> Float { try read(type) }
  func decode(_ type: Int.Type) throws -> Int { try read(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }

  /// Reads any decodable type.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try Self.decode(type, from: value, at: codingPath)
  }
}

// MARK: - Keyed container

/// Reads entries from a dictionary.
struct KeyedValueDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let codingPath: [any CodingKey]
  let dictionary: [String: PropertyListValue]

  /// The stored keys that `Key` can represent.
  var allKeys: [Key] { dictionary.keys.compactMap { Key(stringValue: $0) } }

  /// Whether `key` is stored.
  func contains(_ key: Key) -> Bool { dictionary[key.stringValue] != nil }

  /// Whether `key` is absent, which is how property lists store `nil`.
  func decodeNil(forKey key: Key) -> Bool { dictionary[key.stringValue] == nil }

  /// The value stored under `key`, or a missing-field error naming `type`.
  private func entry(_ key: Key, for type: Any.Type) throws(PreferenceError) -> PropertyListValue {
    guard let value = dictionary[key.stringValue] else {
      throw PreferenceError(
        .typeMismatch, path: PreferenceError.render(codingPath + [key]),
        expected: PreferenceError.typeName(type), found: "nothing",
        reason: "missing field \"\(key.stringValue)\"")
    }
    return value
  }

  /// Reads the value under `key` as a ``PropertyListRepresentable`` type.
  private func read<T: PropertyListRepresentable>(
    _: T.Type, _ key: Key
  ) throws(PreferenceError) -> T {
    try ValueDecoder.scalar(T.self, from: entry(key, for: T.self), at: codingPath + [key])
  }

  // The primitive requirements, each read by the representable rules of its type.
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, key) }

  /// Reads any decodable type; an absent key is a missing-field error.
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try ValueDecoder.decode(type, from: entry(key, for: type), at: codingPath + [key])
  }

  /// Reads any decodable type, or `nil` when the key is absent.
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let value = dictionary[key.stringValue] else { return nil }
    return try ValueDecoder.decode(type, from: value, at: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let value = try entry(key, for: [String: PropertyListValue].self)
    return try ValueDecoder.keyed(value, expected: "dictionary", at: codingPath + [key])
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let value = try entry(key, for: [PropertyListValue].self)
    return try ValueDecoder.unkeyed(value, expected: "array", at: codingPath + [key])
  }

  /// A decoder for the value under `"super"`.
  func superDecoder() throws -> any Decoder {
    let path = codingPath + [PathKey.super]
    guard let value = dictionary[PathKey.super.stringValue] else {
      throw PreferenceError(
        .typeMismatch, path: PreferenceError.render(path), found: "nothing",
        reason: "missing field \"super\"")
    }
    return ValueDecoder(value: value, codingPath: path, type: PropertyListValue.self)
  }

  /// A decoder for the value under `key`.
  func superDecoder(forKey key: Key) throws -> any Decoder {
    let value = try entry(key, for: PropertyListValue.self)
    return ValueDecoder(value: value, codingPath: codingPath + [key], type: PropertyListValue.self)
  }
}

// MARK: - Unkeyed container

/// Reads the elements of an array in order.
struct UnkeyedValueDecodingContainer: UnkeyedDecodingContainer {
  let codingPath: [any CodingKey]
  let array: [PropertyListValue]
  /// The index of the next element to read.
  private(set) var currentIndex = 0
  var count: Int? { array.count }
  var isAtEnd: Bool { currentIndex >= array.count }

  /// The path of the next element.
  private var nextPath: [any CodingKey] { codingPath + [PathKey(intValue: currentIndex)] }

  /// The next element, without moving past it, or an error naming `type` at the end.
  private func peek(for type: Any.Type) throws(PreferenceError) -> PropertyListValue {
    guard currentIndex < array.count else {
      throw PreferenceError(
        .typeMismatch, path: PreferenceError.render(nextPath),
        expected: PreferenceError.typeName(type), found: "nothing",
        reason: "the array has only \(array.count) elements")
    }
    return array[currentIndex]
  }

  /// Reads the next element as a ``PropertyListRepresentable`` type.
  private mutating func read<T: PropertyListRepresentable>(
    _: T.Type
  ) throws(PreferenceError) -> T {
    let result = try ValueDecoder.scalar(T.self, from: peek(for: T.self), at: nextPath)
    currentIndex += 1
    return result
  }

  /// `false`: property lists hold no `nil` inside an array. Fails at the end.
  mutating func decodeNil() throws -> Bool {
    _ = try peek(for: Optional<PropertyListValue>.self)
    return false
  }

  // The primitive requirements, each read by the representable rules of its type.
  mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
  mutating func decode(_ type: String.Type) throws -> String { try read(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }

  /// Reads the next element as any decodable type.
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let result = try ValueDecoder.decode(type, from: peek(for: type), at: nextPath)
    currentIndex += 1
    return result
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let value = try peek(for: [String: PropertyListValue].self)
    let container: KeyedDecodingContainer<NestedKey> = try ValueDecoder.keyed(
      value, expected: "dictionary", at: nextPath)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let value = try peek(for: [PropertyListValue].self)
    let container = try ValueDecoder.unkeyed(value, expected: "array", at: nextPath)
    currentIndex += 1
    return container
  }

  /// A decoder for the next element.
  mutating func superDecoder() throws -> any Decoder {
    let value = try peek(for: PropertyListValue.self)
    let path = nextPath
    currentIndex += 1
    return ValueDecoder(value: value, codingPath: path, type: PropertyListValue.self)
  }
}
