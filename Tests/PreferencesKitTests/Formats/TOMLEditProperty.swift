// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// The edit-preservation property: change one key of a parsed document, write, and the result
/// reads back as the changed values and differs from the original only in that key's lines.
enum TOMLEditProperty {
  /// A place in a value tree.
  typealias Path = [TOMLPathComponent]

  /// Every place in `value` (dictionaries by key, arrays by index), `value`'s own first.
  static func places(in value: PropertyListValue, at path: Path = [], into result: inout [Path]) {
    result.append(path)
    switch value {
    case .dictionary(let table):
      for key in table.keys.sorted() {
        places(in: table[key]!, at: path + [.key(key)], into: &result)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        places(in: element, at: path + [.index(index)], into: &result)
      }
    default: break
    }
  }

  /// `value` with the place `path` changed by `change` (`nil` removes a dictionary's key).
  static func changing(
    _ value: PropertyListValue, at path: ArraySlice<TOMLPathComponent>,
    _ change: (PropertyListValue?) -> PropertyListValue?
  ) -> PropertyListValue? {
    guard let first = path.first else { return change(value) }
    switch (value, first) {
    case (.dictionary(var table), .key(let key)):
      table[key] =
        path.count == 1
        ? change(table[key])
        : table[key].flatMap {
          changing($0, at: path.dropFirst(), change)
        }
      return .dictionary(table)
    case (.array(var elements), .index(let index)):
      guard let changed = changing(elements[index], at: path.dropFirst(), change) else {
        return value
      }
      elements[index] = changed
      return .array(elements)
    default: return value
    }
  }

  /// Changes, removes or adds one key of `bytes`' document, chosen by `random`, and checks the
  /// property. Returns a description of what was done, for failure messages.
  @discardableResult
  static func check(_ bytes: [UInt8], name: String, random: inout SplitMix64) throws -> String {
    let document = try TOMLDocument(parsing: bytes)
    let root = PropertyListValue.dictionary(document.values)
    var candidates: [Path] = []
    places(in: root, into: &candidates)
    let path = candidates.randomElement(using: &random)!
    let owner = document.entries.last { path.starts(with: $0.path) }
    let replacement: PropertyListValue = [
      .integer(Int64.random(in: -999...999, using: &random)), .string("new \"text\"\n"),
      .double(2.5), .bool(Bool.random(using: &random)), .array([.integer(1), .string("x")]),
      .date(Date(timeIntervalSinceReferenceDate: 12_345.678_9)),
      .dictionary(["k": .integer(1)]), .array([.dictionary(["n": .integer(1)])]),
      .dictionary([:]),
    ].randomElement(using: &random)!
    var operation: String
    var changed: PropertyListValue?
    let parentIsDictionary = path.last.map { if case .key = $0 { true } else { false } } ?? false
    switch Int.random(in: 0..<3, using: &random) {
    case 0 where owner != nil:
      operation = "change \(path) to \(replacement)"
      changed = changing(root, at: path[...]) { _ in replacement }
    case 1 where parentIsDictionary && owner != nil:
      operation = "remove \(path)"
      changed = changing(root, at: path[...]) { _ in nil }
    default:
      guard case .dictionary = root.node(at: path) ?? .bool(false) else {
        operation = "nothing (\(path) is not a table)"
        changed = root
        break
      }
      operation = "add new-key to \(path)"
      changed = changing(root, at: (path + [.key("new-key")])[...]) { _ in replacement }
    }
    guard case .dictionary(let values) = changed else { return operation }
    let written = try document.updated(to: values)
    let context =
      "\(name): \(operation)\n--- before\n\(String(decoding: bytes, as: UTF8.self))\n"
      + "--- after\n\(String(decoding: written, as: UTF8.self))"
    guard let reread = try? TOMLDocument(parsing: written).values else {
      Issue.record("the edit does not parse: \(context)")
      return operation
    }
    #expect(TOMLEditor.same(.dictionary(reread), .dictionary(values)), "\(context)")
    // Only the owner's lines differ: a removed entry loses exactly its lines, a changed one
    // only its value; an addition to a table only inserts.
    let emptiedTable =
      operation.hasPrefix("remove")
      && changed?.node(at: Array(path.dropLast())) == .dictionary([:])
    if emptiedTable {
      // The table stays, empty: its line may be rewritten or added.
    } else if operation.hasPrefix("nothing") {
      #expect(written == bytes, "\(context)")
    } else if let owner, owner.path == path, operation.hasPrefix("remove") {
      let expected = Array(
        bytes[..<owner.lineRange.lowerBound] + bytes[owner.lineRange.upperBound...])
      #expect(written == expected, "\(context)")
    } else if let owner {
      #expect(
        written.starts(with: bytes[..<owner.valueRange.lowerBound])
          && written.reversed().starts(with: bytes[owner.valueRange.upperBound...].reversed()),
        "\(context)")
    } else {
      let prefix = zip(bytes, written).prefix { $0 == $1 }.count
      let suffix = zip(bytes.reversed(), written.reversed()).prefix { $0 == $1 }.count
      let inserted = written.count - bytes.count
      #expect(prefix + suffix >= bytes.count && inserted > 0, "\(context)")
      // A line, or a new section (blank line, header, line), after a final line break if
      // there was none.
      let lines = written[prefix..<(prefix + inserted)].filter { $0 == 0x0A }.count
      #expect(lines <= 4, "\(context)")
    }
    return operation
  }
}

extension PropertyListValue {
  /// The value at `path`, or `nil`.
  func node(at path: [TOMLPathComponent]) -> PropertyListValue? {
    var value = self
    for component in path {
      switch (value, component) {
      case (.dictionary(let table), .key(let key)):
        guard let next = table[key] else { return nil }
        value = next
      case (.array(let elements), .index(let index)) where elements.indices.contains(index):
        value = elements[index]
      default: return nil
      }
    }
    return value
  }
}
