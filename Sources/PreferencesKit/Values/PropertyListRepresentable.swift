// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// A type with a direct property-list form, converted without going through `Codable`.
///
/// The library conforms `Bool`, every fixed-width integer, `Double`, `Float`, `CGFloat`,
/// `String`, `Data`, `Date`, `URL`, and `Optional`, `Array` and `String`-keyed `Dictionary` of
/// conforming types. A `@Preference` of any other `Codable` type works without conforming;
/// conform only to choose a stored form of your own.
///
/// Conversions accept any lossless numeric form: an integer `5` reads into a `Double` as
/// `5.0`, a `5.0` reads into an `Int` as `5`, and `300` does not fit an `Int8`, so it fails.
public protocol PropertyListRepresentable: Codable, Sendable {
  /// Creates a value from its stored form.
  ///
  /// - Parameter propertyListValue: The stored form.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/typeMismatch`` naming the
  ///   expected type and what was found.
  init(propertyListValue: PropertyListValue) throws(PreferenceError)

  /// The stored form of this value, or `nil` when it is stored by removing its key, as
  /// `Optional.none` is.
  ///
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/unrepresentableValue``
  ///   when the value has no property-list form, such as `Optional.none` inside an array.
  func propertyListValue() throws(PreferenceError) -> PropertyListValue?
}

// MARK: - Scalars

extension Bool: PropertyListRepresentable {
  /// Reads `.bool`, or an integer `0` or `1` as other tools often write Booleans.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    switch propertyListValue {
    case .bool(let value): self = value
    case .integer(0): self = false
    case .integer(1): self = true
    default: throw .mismatch(expected: Bool.self, found: propertyListValue)
    }
  }

  /// `.bool(self)`.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? { .bool(self) }
}

extension String: PropertyListRepresentable {
  /// Reads `.string`.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    guard case .string(let value) = propertyListValue else {
      throw .mismatch(expected: String.self, found: propertyListValue)
    }
    self = value
  }

  /// `.string(self)`.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? { .string(self) }
}

extension Data: PropertyListRepresentable {
  /// Reads `.data`, or a `.string` of base64 text, which is how a TOML file, which has no
  /// data type, holds data.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    switch propertyListValue {
    case .data(let value):
      self = value
    case .string(let text):
      guard let value = Data(base64Encoded: text) else {
        throw .mismatch(expected: Data.self, found: propertyListValue)
      }
      self = value
    default:
      throw .mismatch(expected: Data.self, found: propertyListValue)
    }
  }

  /// `.data(self)`.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? { .data(self) }
}

extension Date: PropertyListRepresentable {
  /// Reads `.date`.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    guard case .date(let value) = propertyListValue else {
      throw .mismatch(expected: Date.self, found: propertyListValue)
    }
    self = value
  }

  /// `.date(self)`.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? { .date(self) }
}

extension URL: PropertyListRepresentable {
  /// Reads a `.string` holding an absolute URL string.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    guard case .string(let string) = propertyListValue, let url = URL(string: string) else {
      throw .mismatch(expected: URL.self, found: propertyListValue)
    }
    self = url
  }

  /// `.string(absoluteString)`.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? {
    .string(absoluteString)
  }
}

// MARK: - Numbers

extension PropertyListValue {
  /// This value as an integer of type `T`, when it holds one exactly.
  func exactInteger<T: FixedWidthInteger>(_: T.Type) throws(PreferenceError) -> T {
    switch self {
    case .integer(let value):
      if let result = T(exactly: value) { return result }
      throw .mismatch(
        expected: T.self, found: self, reason: "out of range \(T.min)...\(T.max)")
    case .unsignedInteger(let value):
      if let result = T(exactly: value) { return result }
      throw .mismatch(
        expected: T.self, found: self, reason: "out of range \(T.min)...\(T.max)")
    case .double(let value):
      // Through Int64, the range stored integers have, so that what loads can be written back:
      // a whole double of 2^63 or more fits a UInt64 but no property list integer.
      if let whole = Int64(exactly: value), let result = T(exactly: whole) { return result }
      throw .mismatch(expected: T.self, found: self, reason: "not a whole number in range")
    default:
      throw .mismatch(expected: T.self, found: self)
    }
  }

  /// This value as a `Double`, when it is a floating-point number or an integer that a
  /// `Double` holds exactly.
  func exactDouble(as type: Any.Type) throws(PreferenceError) -> Double {
    switch self {
    case .double(let value): return value
    case .integer(let value):
      if let result = Double(exactly: value) { return result }
      throw .mismatch(expected: type, found: self, reason: "too large to hold exactly")
    case .unsignedInteger(let value):
      if let result = Double(exactly: value) { return result }
      throw .mismatch(expected: type, found: self, reason: "too large to hold exactly")
    default:
      throw .mismatch(expected: type, found: self)
    }
  }
}

extension FixedWidthInteger where Self: PropertyListRepresentable {
  /// Reads an integer, or a whole floating-point number, that fits this type.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    self = try propertyListValue.exactInteger(Self.self)
  }

  /// `.integer`, or `.unsignedInteger` for an unsigned value above `Int64.max`.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? {
    if let value = Int64(exactly: self) { return .integer(value) }
    // Every fixed-width integer type the library conforms is at most 64 bits wide, so a value
    // that is not an Int64 is an unsigned one above Int64.max.
    guard let value = UInt64(exactly: self) else {
      throw PreferenceError(
        .unrepresentableValue, expected: "an integer from -2^63 to 2^64-1", found: "\(self)",
        reason: "property lists hold no wider integers")
    }
    return .unsignedInteger(value)
  }
}

extension Int: PropertyListRepresentable {}
extension Int8: PropertyListRepresentable {}
extension Int16: PropertyListRepresentable {}
extension Int32: PropertyListRepresentable {}
extension Int64: PropertyListRepresentable {}
extension UInt: PropertyListRepresentable {}
extension UInt8: PropertyListRepresentable {}
extension UInt16: PropertyListRepresentable {}
extension UInt32: PropertyListRepresentable {}
extension UInt64: PropertyListRepresentable {}

extension Double: PropertyListRepresentable {
  /// Reads a floating-point number, or an integer that a `Double` holds exactly.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    self = try propertyListValue.exactDouble(as: Double.self)
  }

  /// `.double(self)`.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? { .double(self) }
}

extension Float: PropertyListRepresentable {
  /// Reads a number, rounded to the nearest `Float`. Finite numbers beyond `Float`'s range
  /// fail rather than becoming infinity.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    let double = try propertyListValue.exactDouble(as: Float.self)
    let value = Float(double)
    if value.isInfinite && double.isFinite {
      throw .mismatch(expected: Float.self, found: propertyListValue, reason: "out of range")
    }
    self = value
  }

  /// `.double`, holding this value exactly.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? {
    .double(Double(self))
  }
}

extension CGFloat: PropertyListRepresentable {
  /// Reads a floating-point number, or an integer that a `Double` holds exactly.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    self = CGFloat(try propertyListValue.exactDouble(as: CGFloat.self))
  }

  /// `.double`, holding this value exactly.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? {
    .double(Double(self))
  }
}

// MARK: - Containers

extension Optional: PropertyListRepresentable where Wrapped: PropertyListRepresentable {
  /// Reads the wrapped type. An absent key, not a stored value, is what reads as `nil`.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    self = try Wrapped(propertyListValue: propertyListValue)
  }

  /// The wrapped value's form, or `nil` for `.none`, which removes the key.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? {
    switch self {
    case .some(let value): try value.propertyListValue()
    case .none: nil
    }
  }
}

extension Array: PropertyListRepresentable where Element: PropertyListRepresentable {
  /// Reads an `.array` whose every element reads as `Element`.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    guard case .array(let elements) = propertyListValue else {
      throw .mismatch(expected: Self.self, found: propertyListValue)
    }
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      do throws(PreferenceError) {
        result.append(try Element(propertyListValue: element))
      } catch {
        throw error.nested(in: "[\(index)]")
      }
    }
    self = result
  }

  /// `.array` of the elements' forms. A `nil` element has no form and fails.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? {
    var result: [PropertyListValue] = []
    result.reserveCapacity(count)
    for (index, element) in enumerated() {
      do throws(PreferenceError) {
        guard let value = try element.propertyListValue() else {
          throw PreferenceError.nilInCollection()
        }
        result.append(value)
      } catch {
        throw error.nested(in: "[\(index)]")
      }
    }
    return .array(result)
  }
}

extension Dictionary: PropertyListRepresentable
where Key == String, Value: PropertyListRepresentable {
  /// Reads a `.dictionary` whose every value reads as `Value`.
  public init(propertyListValue: PropertyListValue) throws(PreferenceError) {
    guard case .dictionary(let elements) = propertyListValue else {
      throw .mismatch(expected: Self.self, found: propertyListValue)
    }
    var result: [String: Value] = [:]
    result.reserveCapacity(elements.count)
    for (key, element) in elements {
      do throws(PreferenceError) {
        result[key] = try Value(propertyListValue: element)
      } catch {
        throw error.nested(in: "[\"\(key)\"]")
      }
    }
    self = result
  }

  /// `.dictionary` of the values' forms. A `nil` value has no form and fails.
  public func propertyListValue() throws(PreferenceError) -> PropertyListValue? {
    var result: [String: PropertyListValue] = [:]
    result.reserveCapacity(count)
    for (key, element) in self {
      do throws(PreferenceError) {
        guard let value = try element.propertyListValue() else {
          throw PreferenceError.nilInCollection()
        }
        result[key] = value
      } catch {
        throw error.nested(in: "[\"\(key)\"]")
      }
    }
    return .dictionary(result)
  }
}
