// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Builds a ``PropertyListValue`` tree from a parser's events without recursion, and bounds its
/// nesting.
///
/// Parsers call ``beginArray()`` / ``beginDictionary()`` when a container opens, ``setKey(_:)``
/// before each dictionary value, ``add(_:)`` for each value, and ``end()`` when a container
/// closes. Failures are plain descriptions; the parser adds the position.
struct PropertyListTreeBuilder {
  /// The deepest nesting of arrays and dictionaries accepted, in files and in values written.
  static let maximumDepth = 512

  /// Why an event was refused.
  enum Failure: Error {
    /// The value nests more than ``PropertyListTreeBuilder/maximumDepth`` levels deep.
    case tooDeep
    /// The event does not fit the structure, described for a person.
    case invalid(String)

    /// The error a parser reports for this failure at byte `offset` of `bytes`, using
    /// `invalid` to describe a structural problem in the parser's own terms.
    func error(
      at offset: Int, in bytes: [UInt8], invalid: (String) -> PropertyListFormatError
    ) -> PropertyListFormatError {
      switch self {
      case .tooDeep:
        PropertyListFormatError(
          .nestingTooDeep, "refused", at: offset, in: bytes,
          expected: "at most \(PropertyListTreeBuilder.maximumDepth) levels of nesting")
      case .invalid(let message):
        invalid(message)
      }
    }
  }

  /// The open containers, innermost last. Arrays and dictionaries live in their own stacks
  /// and are mutated in place there, so adding a value never copies a container. An open
  /// dictionary is a list of entries, hashed once into a dictionary of the right size when it
  /// closes, rather than rehashed each time it grows.
  private var openKinds: [Bool] = []  // true for a dictionary
  private var arrays: [[PropertyListValue]] = []
  private var dictionaries: [[(String, PropertyListValue)]] = []
  private var pendingKeys: [String?] = []
  /// The finished top-level value, once there is one.
  private(set) var root: PropertyListValue?

  /// How many containers are open.
  var depth: Int { openKinds.count }

  /// Whether the innermost open container is a dictionary.
  var isInDictionary: Bool { openKinds.last == true }

  /// Whether the innermost open container is a dictionary with a key awaiting its value.
  var hasPendingKey: Bool { pendingKeys.last.map { $0 != nil } ?? false }

  /// A builder for one top-level entry on its own, for salvage: the top-level dictionary is
  /// open, so nesting counts as in a whole file, and `key` awaits its value.
  static func entry(_ key: String) -> Self {
    var builder = Self()
    builder.openKinds = [true]
    builder.dictionaries = [[]]
    builder.pendingKeys = [key]
    return builder
  }

  /// Whether the entry an ``entry(_:)`` builder was made for has its value, which it returns.
  var entryValue: PropertyListValue? {
    guard openKinds.count == 1, !hasPendingKey else { return nil }
    return dictionaries.first?.first?.1
  }

  mutating func beginArray() throws(Failure) {
    try checkCanAddValue()
    guard depth < Self.maximumDepth else { throw .tooDeep }
    openKinds.append(false)
    arrays.append([])
  }

  mutating func beginDictionary() throws(Failure) {
    try checkCanAddValue()
    guard depth < Self.maximumDepth else { throw .tooDeep }
    openKinds.append(true)
    dictionaries.append([])
    pendingKeys.append(nil)
  }

  mutating func setKey(_ key: String) throws(Failure) {
    guard isInDictionary else { throw .invalid("a key outside a dictionary") }
    guard pendingKeys[pendingKeys.count - 1] == nil else {
      throw .invalid("two keys in a row, without a value between")
    }
    pendingKeys[pendingKeys.count - 1] = key
  }

  /// Closes the innermost container and returns it, without adding it to its parent: call
  /// ``add(_:)`` with the result (a parser may transform it first).
  mutating func end() throws(Failure) -> PropertyListValue {
    guard let isDictionary = openKinds.popLast() else {
      throw .invalid("a closing without an opening")
    }
    guard isDictionary else { return .array(arrays.removeLast()) }
    if let key = pendingKeys.removeLast() { throw .invalid("the key \"\(key)\" has no value") }
    // A key given twice holds its last value.
    let entries = dictionaries.removeLast()
    let dictionary = Dictionary(entries) { $1 }
    if dictionary.count < entries.count, let (first, second) = Self.equivalentKeys(in: entries) {
      throw .invalid(Self.equivalentKeysMessage(first, second))
    }
    return .dictionary(dictionary)
  }

  /// Two keys of `entries` that Swift's `String` compares as equal (canonical equivalence)
  /// but whose code units differ, such as `"café"` with U+00E9 and `"cafe\u{301}"`; `nil` when
  /// every merged key is the same key written twice.
  static func equivalentKeys(in entries: [(String, PropertyListValue)]) -> (String, String)? {
    var seen: [String: String] = [:]
    for (key, _) in entries {
      if let other = seen[key], !other.utf8.elementsEqual(key.utf8) { return (other, key) }
      seen[key] = key
    }
    return nil
  }

  /// Why a dictionary holding `first` and `second`, equal only up to Unicode normalization,
  /// is refused.
  static func equivalentKeysMessage(_ first: String, _ second: String) -> String {
    "the keys \"\(first)\" (\(first.codePoints)) and \"\(second)\" (\(second.codePoints)) "
      + "differ only in Unicode normalization; Swift compares them as one key, so both cannot "
      + "be kept (rename one with Apple's tools or a text editor)"
  }

  mutating func add(_ value: PropertyListValue) throws(Failure) {
    guard let isDictionary = openKinds.last else {
      guard root == nil else { throw .invalid("a second top-level value") }
      root = value
      return
    }
    guard isDictionary else {
      arrays[arrays.count - 1].append(value)
      return
    }
    guard let key = pendingKeys[pendingKeys.count - 1] else {
      throw .invalid("a dictionary value without a key")
    }
    dictionaries[dictionaries.count - 1].append((key, value))
    pendingKeys[pendingKeys.count - 1] = nil
  }

  private func checkCanAddValue() throws(Failure) {
    if openKinds.isEmpty, root != nil { throw .invalid("a second top-level value") }
    if isInDictionary, pendingKeys.last == .some(nil) {
      throw .invalid("a dictionary value without a key")
    }
  }
}

extension String {
  /// The string's Unicode scalars as `U+0065 U+0301`, to show two keys that look alike apart.
  package var codePoints: String {
    unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
      .joined(separator: " ")
  }
}
