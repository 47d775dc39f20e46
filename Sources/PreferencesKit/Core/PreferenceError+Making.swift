// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

// How the library makes its errors: one place for every way a `PreferenceError` is built
// from what went wrong (a value of the wrong type, a Codable type's own error, a coding path,
// a store's error), so that every message names the same things in the same words.

extension PreferenceError {
  /// How deep a `Codable` type may nest through the library's coders: fewer levels than the
  /// formats allow (512), because each level of a `Codable` type also runs the standard
  /// library's and the type's own code, about 1,500 bytes of stack a level in a debug build. At
  /// 256 levels a value still decodes on the 512 KiB stack of a secondary thread; deeper, a
  /// hostile file would overflow that stack and stop the app, so the value fails to decode
  /// instead (the preference keeps its default and the error is listed in `preferenceProblems`).
  static let maximumCodableDepth = 256

  /// A `Codable` value nested more deeply than ``maximumCodableDepth``, at `codingPath`.
  @inline(never)
  static func tooDeepForCodable(at codingPath: [any CodingKey]) -> PreferenceError {
    PreferenceError(
      .nestingTooDeep, path: render(codingPath),
      expected: "at most \(maximumCodableDepth) levels of nesting in a Codable value",
      found: "more")
  }

  /// `count` and the words that fit it, for messages: `1 entry`, `2 entries`.
  package static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }

  /// The reason of the mismatch of a stored raw value that is no case of its enumeration:
  /// ``PreferenceHandle/rejection`` tells it from other mismatches by it.
  static let noCaseReason = "not a raw value of any case"

  /// A stored value that does not fit the expected type.
  static func mismatch(
    expected: Any.Type, found: PropertyListValue, reason: String? = nil
  ) -> PreferenceError {
    PreferenceError(
      .typeMismatch, expected: typeName(expected), found: found.description, reason: reason)
  }

  /// The name people write for a type: `Int`, `[String]`, `Person?`, `[String: [Int]]`.
  static func typeName(_ type: Any.Type) -> String {
    sugared(String(describing: type))
  }

  /// `Optional<X>`, `Array<X>` and `Dictionary<K, V>` written as `X?`, `[X]` and `[K: V]`.
  private static func sugared(_ name: String) -> String {
    guard name.hasSuffix(">"), let open = name.firstIndex(of: "<") else { return name }
    let base = name[..<open]
    let arguments = genericArguments(
      name[name.index(after: open)..<name.index(before: name.endIndex)])
    switch (base, arguments.count) {
    case ("Optional", 1): return sugared(arguments[0]) + "?"
    case ("Array", 1): return "[\(sugared(arguments[0]))]"
    case ("Dictionary", 2): return "[\(sugared(arguments[0])): \(sugared(arguments[1]))]"
    default: return "\(base)<\(arguments.map(sugared).joined(separator: ", "))>"
    }
  }

  /// The comma-separated arguments of a generic type, split only at the outermost level.
  private static func genericArguments(_ text: Substring) -> [String] {
    var arguments: [String] = []
    var depth = 0
    var current = ""
    for character in text {
      switch character {
      case "<", "[", "(": depth += 1
      case ">", "]", ")": depth -= 1
      case "," where depth == 0:
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    arguments.append(current.trimmingCharacters(in: .whitespaces))
    return arguments
  }

  /// A `nil` inside an array or dictionary, which property lists cannot hold.
  static func nilInCollection() -> PreferenceError {
    PreferenceError(
      .unrepresentableValue, expected: "a value", found: "nil",
      reason: "property lists cannot hold nil inside an array or dictionary")
  }

  /// This error, located one step deeper inside a value: `[3]`, `["name"]`, `.age`.
  func nested(in component: String) -> PreferenceError {
    var copy = self
    copy.path = component + (path ?? "")
    return copy
  }

  /// The form of an error that `expected`'s own `init(from:)` threw while reading `found`
  /// at `codingPath`. A `DecodingError` keeps its own path and debug description.
  init(
    decoding error: any Error, expected: Any.Type, found: PropertyListValue,
    at codingPath: [any CodingKey]
  ) {
    let expectedName = Self.typeName(expected)
    guard let error = error as? DecodingError else {
      self.init(
        .typeMismatch, path: Self.render(codingPath), expected: expectedName,
        found: found.description, reason: String(describing: error))
      return
    }
    /// What was found, when the error is about the value itself rather than a part of it.
    func foundHere(_ context: DecodingError.Context) -> String? {
      context.codingPath.count == codingPath.count ? found.description : nil
    }
    switch error {
    case .typeMismatch(let type, let context):
      self.init(
        .typeMismatch, path: Self.render(context.codingPath), expected: Self.typeName(type),
        found: foundHere(context), reason: context.debugDescription)
    case .valueNotFound(let type, let context):
      self.init(
        .typeMismatch, path: Self.render(context.codingPath), expected: Self.typeName(type),
        found: "nothing", reason: context.debugDescription)
    case .keyNotFound(let key, let context):
      self.init(
        .typeMismatch, path: Self.render(context.codingPath + [key]), found: "nothing",
        reason: "missing field \"\(key.stringValue)\"")
    case .dataCorrupted(let context):
      let here = context.codingPath.count == codingPath.count
      self.init(
        .typeMismatch, path: Self.render(context.codingPath),
        expected: here ? expectedName : nil, found: foundHere(context),
        reason: context.debugDescription)
    @unknown default:
      self.init(
        .typeMismatch, path: Self.render(codingPath), expected: expectedName,
        found: found.description, reason: String(describing: error))
    }
  }

  /// A coding path as errors show it: `.address.city`, `.items[2].name`; `nil` when empty.
  static func render(_ codingPath: [any CodingKey]) -> String? {
    guard !codingPath.isEmpty else { return nil }
    var text = ""
    for key in codingPath {
      if let index = (key as? PathKey)?.intValue {
        text += "[\(index)]"
      } else {
        text += "." + key.stringValue
      }
    }
    return text
  }

  /// This error, located at `codingPath` in front of any path it already has.
  func located(at codingPath: [any CodingKey]) -> PreferenceError {
    guard let prefix = Self.render(codingPath) else { return self }
    return nested(in: prefix)
  }

  /// The form of an error that a type's own `encode(to:)` threw at `codingPath`.
  init(encoding error: any Error, at codingPath: [any CodingKey]) {
    if case .invalidValue(let value, let context) = error as? EncodingError {
      self.init(
        .unrepresentableValue, path: Self.render(context.codingPath),
        found: Self.typeName(type(of: value)), reason: context.debugDescription)
    } else {
      self.init(
        .unrepresentableValue, path: Self.render(codingPath), reason: String(describing: error))
    }
  }

  /// `error` itself when it is a `PreferenceError`, otherwise an error of `kind` carrying its
  /// description.
  init(_ error: any Error, kind: Kind) {
    if let error = error as? PreferenceError {
      self = error
    } else {
      self.init(kind, reason: String(describing: error))
    }
  }
}
