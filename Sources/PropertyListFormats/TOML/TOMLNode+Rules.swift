// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// TOML's rules for defining tables and keys, checked as the parser meets each header and key.
extension TOMLNode {
  /// A broken rule, described for a person; the parser adds the place.
  struct Violation: Error {
    var message: String
  }

  /// Applies the header `[keys]` (or `[[keys]]` when `isArray`) of section `section` below this
  /// table, appending to `path` where the section's table is.
  ///
  /// - Throws: When the header defines a table a second time, or goes through a value.
  mutating func openHeader(
    _ keys: ArraySlice<String>, isArray: Bool, section: Int, path: inout [TOMLPathComponent]
  ) throws(Violation) {
    // Cannot trap: a key has at least one part, and the recursion below passes on at least
    // one. Each `children[key]!` below follows a check or an insert of that key.
    let key = keys.first!
    path.append(.key(key))
    let defined = TOMLNode(.table(.header(section: section)))
    guard keys.count > 1 else {
      guard let existing = children[key] else {
        if isArray {
          var array = TOMLNode(.arrayOfTables)
          array.elements = [defined]
          insert(key, array)
          path.append(.index(0))
        } else {
          insert(key, defined)
        }
        return
      }
      switch (existing.kind, isArray) {
      case (.arrayOfTables, true):
        path.append(.index(existing.elements.count))
        children[key]!.elements.append(defined)
      case (.table(.implicit), false):
        children[key]!.kind = defined.kind
      case (.table(.dotted), _):
        throw Violation(message: "the table \"\(key)\" is already defined by dotted keys")
      case (.table, false), (.table, true):
        throw Violation(message: "the table \"\(key)\" is already defined")
      case (.arrayOfTables, false):
        throw Violation(message: "\"\(key)\" is already an array of tables")
      case (.value, _):
        throw Violation(message: "\"\(key)\" is already a value, which cannot be extended")
      }
      return
    }
    if children[key] == nil { insert(key, TOMLNode(.table(.implicit))) }
    switch children[key]!.kind {
    case .table:
      try children[key]!.openHeader(
        keys.dropFirst(), isArray: isArray, section: section, path: &path)
    case .arrayOfTables:
      let last = children[key]!.elements.count - 1
      path.append(.index(last))
      try children[key]!.elements[last].openHeader(
        keys.dropFirst(), isArray: isArray, section: section, path: &path)
    case .value:
      throw Violation(message: "\"\(key)\" is already a value, which cannot be extended")
    }
  }

  /// Defines the (dotted) key `keys` as `value` below this table, from entry `entry` of
  /// section `section` (both -1 inside an inline table).
  ///
  /// - Throws: When the key is already defined, or a dotted key goes into a table defined
  ///   elsewhere or into a value.
  mutating func define(
    _ keys: ArraySlice<String>, as value: PropertyListValue, entry: Int, section: Int
  ) throws(Violation) {
    // Cannot trap: as in openHeader, a key has at least one part; `children[key]!` below
    // follows a check or an insert of that key.
    let key = keys.first!
    guard keys.count > 1 else {
      guard children[key] == nil else {
        throw Violation(message: "the key \"\(key)\" is already defined")
      }
      insert(key, TOMLNode(.value(value, entry: entry)))
      return
    }
    if children[key] == nil { insert(key, TOMLNode(.table(.dotted(section: section)))) }
    switch children[key]!.kind {
    case .table(.dotted(let owner)) where owner == section:
      break
    case .table(.implicit):
      children[key]!.kind = .table(.dotted(section: section))
    case .table:
      throw Violation(
        message: "the table \"\(key)\" is defined elsewhere and cannot be extended by dotted keys")
    case .arrayOfTables:
      throw Violation(message: "\"\(key)\" is an array of tables, not extended by dotted keys")
    case .value:
      throw Violation(message: "\"\(key)\" is already a value, which cannot be extended")
    }
    try children[key]!.define(keys.dropFirst(), as: value, entry: entry, section: section)
  }
}
