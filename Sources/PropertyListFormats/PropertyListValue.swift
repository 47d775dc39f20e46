// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// A value that any property-list tool can read: the closed set of types every store holds.
///
/// Stores traffic in `PropertyListValue` rather than `Any`, so a store never has to guess
/// what it was handed and a value read from disk is checked once, at the boundary.
///
/// ```swift
/// let value: PropertyListValue = .dictionary(["name": .string("Ada"), "age": .integer(36)])
/// ```
public enum PropertyListValue: Sendable, Hashable {
  /// A Boolean.
  case bool(Bool)
  /// An integer from `Int64.min` to `Int64.max`.
  case integer(Int64)
  /// An integer from 2^63 to 2^64 − 1, above what ``integer(_:)`` holds. Property lists
  /// hold them (Cocoa writes them, Foundation and Python read them); the readers give every
  /// smaller integer as ``integer(_:)``, and ``integer(exactly:)`` chooses the case for you.
  case unsignedInteger(UInt64)
  /// A floating-point number.
  case double(Double)
  /// A string.
  case string(String)
  /// Raw bytes.
  case data(Data)
  /// A point in time.
  case date(Date)
  /// An ordered list of values.
  case array([PropertyListValue])
  /// String keys mapped to values.
  case dictionary([String: PropertyListValue])
}

extension PropertyListValue {
  /// The name of this value's kind, as error messages show it: `"integer"`, `"string"`, ...
  public var kindName: String {
    switch self {
    case .bool: "Boolean"
    case .integer, .unsignedInteger: "integer"
    case .double: "floating-point number"
    case .string: "string"
    case .data: "data"
    case .date: "date"
    case .array: "array"
    case .dictionary: "dictionary"
    }
  }
}

extension PropertyListValue {
  /// `value` as ``integer(_:)`` when it fits an `Int64`, otherwise as
  /// ``unsignedInteger(_:)``.
  ///
  /// ```swift
  /// PropertyListValue.integer(exactly: UInt64.max)  // .unsignedInteger(18446744073709551615)
  /// ```
  public static func integer(exactly value: UInt64) -> PropertyListValue {
    value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
  }
}

extension PropertyListValue: CustomStringConvertible {
  /// A short, readable rendering used in error messages, for example `string "abc"`.
  public var description: String {
    switch self {
    case .bool(let value): "Boolean \(value)"
    case .integer(let value): "integer \(value)"
    case .unsignedInteger(let value): "integer \(value)"
    case .double(let value): "floating-point number \(value)"
    case .string(let value): "string \(Self.quoted(value))"
    case .data(let value): "data of \(value.count) bytes"
    case .date(let value): "date \(ISO8601Timestamp.exactText(for: value).text)"
    case .array(let values): "array of \(values.count) values"
    case .dictionary(let values): "dictionary of \(values.count) keys"
    }
  }

  private static func quoted(_ string: String) -> String {
    let limit = 40
    let shown = string.count > limit ? string.prefix(limit) + "…" : Substring(string)
    return "\"\(shown)\""
  }
}
