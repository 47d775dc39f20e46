// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension PropertyListValue {
  /// Converts a property-list object as Foundation hands it over (`NSNumber`, `NSString`,
  /// `NSArray`, ... or their Swift counterparts).
  ///
  /// - Parameter object: The object, such as a value from `UserDefaults.object(forKey:)`.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/typeMismatch`` for an
  ///   object that is not a property-list value.
  init(foundationObject object: Any) throws(PreferenceError) {
    switch object {
    case let string as String:
      self = .string(string)
    case let number as NSNumber:
      self = Self(number: number)
    case let data as Data:
      self = .data(data)
    case let date as Date:
      self = .date(date)
    case let array as [Any]:
      var values: [PropertyListValue] = []
      values.reserveCapacity(array.count)
      for (index, element) in array.enumerated() {
        do throws(PreferenceError) {
          values.append(try PropertyListValue(foundationObject: element))
        } catch {
          throw error.nested(in: "[\(index)]")
        }
      }
      self = .array(values)
    case let dictionary as [String: Any]:
      var values: [String: PropertyListValue] = [:]
      values.reserveCapacity(dictionary.count)
      for (key, element) in dictionary {
        do throws(PreferenceError) {
          values[key] = try PropertyListValue(foundationObject: element)
        } catch {
          throw error.nested(in: "[\"\(key)\"]")
        }
      }
      self = .dictionary(values)
    default:
      throw PreferenceError(
        .typeMismatch, expected: "a property-list value", found: "\(type(of: object))")
    }
  }

  /// A Boolean, integer or floating-point number, told apart by the number's own type.
  private init(number: NSNumber) {
    if number.isBoolean {
      self = .bool(number.boolValue)
      return
    }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "f"), UInt8(ascii: "d"):
      self = .double(number.doubleValue)
    case UInt8(ascii: "Q") where number.uint64Value > UInt64(Int64.max):
      self = .unsignedInteger(number.uint64Value)
    default:
      self = .integer(number.int64Value)
    }
  }

  /// The Foundation property-list object for this value, as `UserDefaults` and
  /// `PropertyListSerialization` take it.
  var foundationObject: Any {
    switch self {
    case .bool(let value): value
    case .integer(let value): value
    case .unsignedInteger(let value): value
    case .double(let value): value
    case .string(let value): value
    case .data(let value): value
    case .date(let value): value
    case .array(let values): values.map(\.foundationObject)
    case .dictionary(let values): values.mapValues(\.foundationObject)
    }
  }
}
