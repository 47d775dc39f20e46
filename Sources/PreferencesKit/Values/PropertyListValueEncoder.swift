// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Converts any `Encodable` value straight to a ``PropertyListValue``, with no bytes between.
///
/// A value whose type conforms to ``PropertyListRepresentable`` keeps its own form at any
/// depth, so a `Date` becomes `.date`, `Data` becomes `.data` and a `URL` becomes `.string`.
/// Keyed containers become `.dictionary`, unkeyed ones `.array`.
///
/// `package` rather than internal only so that the benchmark target can time it alone.
package struct PropertyListValueEncoder {
  package init() {}

  /// The property-list form of `value`, or `nil` when it encodes nothing, as `Optional.none`
  /// does: the caller then removes the key.
  ///
  /// - Throws: A ``PreferenceError`` whose `path` says where inside `value` the problem is.
  package func encode<T: Encodable>(_ value: T) throws(PreferenceError) -> PropertyListValue? {
    do {
      return try ValueEncoder.encode(value, at: [])
    } catch {
      // `ValueEncoder.encode` throws nothing but `PreferenceError`s.
      throw error as? PreferenceError ?? PreferenceError(encoding: error, at: [])
    }
  }
}

// MARK: - Encoder

/// The `Encoder` that builds one value. It is its own single-value container.
final class ValueEncoder: Encoder, SingleValueEncodingContainer {
  /// What the value under construction is becoming.
  enum Shape { case unset, single, dictionary, array }

  /// Where a nested container's value goes in this one once it is finished.
  enum Slot {
    /// Under a dictionary key.
    case key(String)
    /// At an array index, held meanwhile by a placeholder.
    case index(Int)
  }

  let codingPath: [any CodingKey]
  /// What the value is becoming; the last container asked for wins.
  var shape = Shape.unset
  /// The value a single-value container wrote; `nil` is `Optional.none`.
  var single: PropertyListValue?
  /// The entries a keyed container wrote.
  var dictionary: [String: PropertyListValue] = [:]
  /// The elements an unkeyed container wrote.
  var array: [PropertyListValue] = []
  /// Nested containers and super-encoders, whose values are collected by ``finish()``.
  var pending: [(slot: Slot, builder: ValueEncoder)] = []

  /// No user info: this encoder has no options.
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

  /// The form of `value`, found at `path`: its own form when it is
  /// ``PropertyListRepresentable``, otherwise what its `encode(to:)` writes.
  ///
  /// Each level of a nested value passes through here, so it keeps its frame small (a value
  /// at the nesting limit must encode on a 512 KiB thread stack in a debug build): the
  /// representable case and error handling live in functions that return before recursing,
  /// and it throws untyped errors, as a typed error takes a large slot in every frame.
  ///
  /// - Throws: Only ``PreferenceError``s.
  static func encode<T: Encodable>(
    _ value: T, at path: @autoclosure () -> [any CodingKey]
  ) throws -> PropertyListValue? {
    if let form = try representableForm(of: value, at: path) { return form }
    let encoder = ValueEncoder(codingPath: path())
    if _slowPath(encoder.codingPath.count >= PreferenceError.maximumCodableDepth) {
      throw PreferenceError.tooDeepForCodable(at: encoder.codingPath)
    }
    do {
      try value.encode(to: encoder)
    } catch {
      try encoder.fail(error)
    }
    return try encoder.finishedValue()
  }

  /// The form of `value` when it is ``PropertyListRepresentable`` (which may be `nil`), or
  /// `nil` when it is not.
  @inline(never)
  private static func representableForm<T>(
    of value: T, at path: () -> [any CodingKey]
  ) throws -> PropertyListValue?? {
    guard let representable = value as? any PropertyListRepresentable else { return nil }
    do throws(PreferenceError) {
      return .some(try representable.propertyListValue())
    } catch {
      throw error.located(at: path())
    }
  }

  /// Throws `error`, thrown by an `encode(to:)` writing to this encoder, as a
  /// ``PreferenceError``.
  @inline(never)
  private func fail(_ error: any Error) throws -> Never {
    throw error as? PreferenceError ?? PreferenceError(encoding: error, at: codingPath)
  }

  /// ``finish()``, apart so that its typed error takes no room in ``encode(_:at:)``'s frame.
  @inline(never)
  private func finishedValue() throws -> PropertyListValue? {
    try finish()
  }

  /// The finished value, with nested containers' values in place. An encoder nothing was
  /// written to gives an empty dictionary, as an empty struct does.
  func finish() throws(PreferenceError) -> PropertyListValue? {
    for (slot, builder) in pending {
      let value = try builder.finish()
      switch slot {
      case .key(let key):
        dictionary[key] = value
      case .index(let index):
        guard let value else {
          throw PreferenceError.nilInCollection().located(at: builder.codingPath)
        }
        if array.indices.contains(index) { array[index] = value }
      }
    }
    pending = []
    switch shape {
    case .unset: return .dictionary([:])
    case .single: return single
    case .dictionary: return .dictionary(dictionary)
    case .array: return .array(array)
    }
  }

  /// A new encoder, at `path`, whose value will fill `slot` of this one.
  func pend(_ slot: Slot, path: [any CodingKey]) -> ValueEncoder {
    let builder = ValueEncoder(codingPath: path)
    if case .index = slot { array.append(.bool(false)) }
    pending.append((slot, builder))
    return builder
  }

  /// A keyed container writing this value as a dictionary.
  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if shape != .dictionary {
      shape = .dictionary
      // Room for a typical struct's fields at once, rather than growing one at a time.
      if dictionary.isEmpty { dictionary = Dictionary(minimumCapacity: 8) }
    }
    return KeyedEncodingContainer(KeyedValueEncodingContainer(encoder: self))
  }

  /// An unkeyed container writing this value as an array.
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    shape = .array
    return UnkeyedValueEncodingContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  // MARK: Single value

  /// Stores `value` as this encoder's single value.
  private func set(_ value: PropertyListValue?) {
    shape = .single
    single = value
  }

  /// Stores `nil`, which removes the key at top level.
  func encodeNil() { set(nil) }
  // The primitive requirements: integers become `.integer` (`.unsignedInteger` above
  // `Int64.max`), floating-point numbers `.double`.
  func encode(_ value: Bool) { set(.bool(value)) }
  func encode(_ value: String) { set(.string(value)) }
  func encode(_ value: Double) { set(.double(value)) }
  func encode(_ value: Float) { set(.double(Double(value))) }
  func encode(_ value: Int) { set(.integer(Int64(value))) }
  func encode(_ value: Int8) { set(.integer(Int64(value))) }
  func encode(_ value: Int16) { set(.integer(Int64(value))) }
  func encode(_ value: Int32) { set(.integer(Int64(value))) }
  func encode(_ value: Int64) { set(.integer(value)) }
  func encode(_ value: UInt) { set(.unsigned(UInt64(value))) }
  func encode(_ value: UInt8) { set(.integer(Int64(value))) }
  func encode(_ value: UInt16) { set(.integer(Int64(value))) }
  func encode(_ value: UInt32) { set(.integer(Int64(value))) }
  func encode(_ value: UInt64) { set(.unsigned(value)) }

  /// Stores the form of any encodable value.
  func encode<T: Encodable>(_ value: T) throws {
    set(try ValueEncoder.encode(value, at: codingPath))
  }
}

// MARK: - Keyed container

/// Writes entries into the encoder's dictionary.
struct KeyedValueEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  /// The encoder whose dictionary this container fills.
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  /// Stores `value` under `key`; `nil` leaves the key out.
  private func set(_ value: PropertyListValue?, _ key: Key) {
    encoder.dictionary[key.stringValue] = value
  }

  /// Leaves the key out: property lists have no null.
  mutating func encodeNil(forKey key: Key) { set(nil, key) }
  // The primitive requirements: integers become `.integer` (`.unsignedInteger` above
  // `Int64.max`), floating-point numbers `.double`.
  mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) { set(.double(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) { set(.double(Double(value)), key) }
  mutating func encode(_ value: Int, forKey key: Key) { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) { set(.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) { set(.unsigned(UInt64(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) { set(.integer(Int64(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) { set(.unsigned(value), key) }

  /// Stores the form of any encodable value; one that encodes `nil` leaves the key out.
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    set(try ValueEncoder.encode(value, at: codingPath + [key]), key)
  }

  /// Stores the form of `value` when there is one and leaves the key out otherwise, as the
  /// standard library's default does, but without its frames between the levels of a value.
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    guard let value else { return }
    set(try ValueEncoder.encode(value, at: codingPath + [key]), key)
  }

  /// A keyed container whose dictionary is stored under `key`.
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.pend(.key(key.stringValue), path: codingPath + [key]).container(keyedBy: keyType)
  }

  /// An unkeyed container whose array is stored under `key`.
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.pend(.key(key.stringValue), path: codingPath + [key]).unkeyedContainer()
  }

  /// An encoder whose value is stored under `"super"`.
  mutating func superEncoder() -> any Encoder {
    encoder.pend(.key(PathKey.super.stringValue), path: codingPath + [PathKey.super])
  }

  /// An encoder whose value is stored under `key`.
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    encoder.pend(.key(key.stringValue), path: codingPath + [key])
  }
}

// MARK: - Unkeyed container

/// Appends elements to the encoder's array.
struct UnkeyedValueEncodingContainer: UnkeyedEncodingContainer {
  /// The encoder whose array this container fills.
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.array.count }

  /// The path of the next element.
  private var nextPath: [any CodingKey] { codingPath + [PathKey(intValue: count)] }

  /// Appends `value`.
  private func append(_ value: PropertyListValue) {
    encoder.array.append(value)
  }

  /// Fails: property lists cannot hold `nil` inside an array.
  mutating func encodeNil() throws {
    throw PreferenceError.nilInCollection().located(at: nextPath)
  }

  // The primitive requirements: integers become `.integer` (`.unsignedInteger` above
  // `Int64.max`), floating-point numbers `.double`.
  mutating func encode(_ value: Bool) { append(.bool(value)) }
  mutating func encode(_ value: String) { append(.string(value)) }
  mutating func encode(_ value: Double) { append(.double(value)) }
  mutating func encode(_ value: Float) { append(.double(Double(value))) }
  mutating func encode(_ value: Int) { append(.integer(Int64(value))) }
  mutating func encode(_ value: Int8) { append(.integer(Int64(value))) }
  mutating func encode(_ value: Int16) { append(.integer(Int64(value))) }
  mutating func encode(_ value: Int32) { append(.integer(Int64(value))) }
  mutating func encode(_ value: Int64) { append(.integer(value)) }
  mutating func encode(_ value: UInt) { append(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt8) { append(.integer(Int64(value))) }
  mutating func encode(_ value: UInt16) { append(.integer(Int64(value))) }
  mutating func encode(_ value: UInt32) { append(.integer(Int64(value))) }
  mutating func encode(_ value: UInt64) { append(.unsigned(value)) }

  /// Appends the form of any encodable value; one that encodes `nil` fails.
  mutating func encode<T: Encodable>(_ value: T) throws {
    guard let form = try ValueEncoder.encode(value, at: nextPath) else {
      throw PreferenceError.nilInCollection().located(at: nextPath)
    }
    append(form)
  }

  /// A keyed container whose dictionary is the next element.
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.pend(.index(count), path: nextPath).container(keyedBy: keyType)
  }

  /// An unkeyed container whose array is the next element.
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.pend(.index(count), path: nextPath).unkeyedContainer()
  }

  /// An encoder whose value is the next element.
  mutating func superEncoder() -> any Encoder {
    encoder.pend(.index(count), path: nextPath)
  }
}

extension PropertyListValue {
  /// `.integer`, or `.unsignedInteger` above `Int64.max`.
  static func unsigned(_ value: UInt64) -> PropertyListValue {
    Int64(exactly: value).map(PropertyListValue.integer) ?? .unsignedInteger(value)
  }
}
