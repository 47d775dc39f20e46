// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// One step of a place in a TOML document: a key of a table, or an element of an array of
/// tables.
enum TOMLPathComponent: Hashable, Sendable {
  case key(String)
  case index(Int)
}

/// The structure of a TOML document as its text defines it: which tables a `[header]` defines,
/// which are only implied by a longer header, which dotted keys define, and which values are
/// fixed (a value, an inline table or an inline array, none of which may be extended).
///
/// The parser checks TOML's rules against it (no key or table defined twice, nothing added to
/// an inline table or array), and the editor reads from it where each value came from.
struct TOMLNode {
  /// How a table came to be.
  enum Origin: Equatable {
    /// The document itself.
    case root
    /// Named only as a prefix of a longer header, such as `a` by `[a.b]`: a header may still
    /// define it.
    case implicit
    /// Defined by the header of section `section`; for an array of tables, an element.
    case header(section: Int)
    /// Defined by dotted keys (`a.b = 1`) in section `section`, or inside an inline table
    /// (`section` -1).
    case dotted(section: Int)
  }

  enum Kind {
    case table(Origin)
    case arrayOfTables
    /// A value, with the entry that defines it (-1 inside an inline table).
    case value(PropertyListValue, entry: Int)
  }

  var kind: Kind
  /// A table's keys in document order.
  var keys: [String] = []
  var children: [String: TOMLNode] = [:]
  /// An array of tables' elements, each a table with a `.header` origin.
  var elements: [TOMLNode] = []

  init(_ kind: Kind) { self.kind = kind }

  var isTable: Bool {
    if case .table = kind { return true }
    return false
  }

  var origin: Origin? {
    if case .table(let origin) = kind { return origin }
    return nil
  }

  mutating func insert(_ key: String, _ node: TOMLNode) {
    keys.append(key)
    children[key] = node
  }

  /// The value this node stands for.
  var value: PropertyListValue {
    switch kind {
    case .value(let value, _): value
    case .arrayOfTables: .array(elements.map(\.value))
    case .table:
      .dictionary(Dictionary(uniqueKeysWithValues: keys.map { ($0, children[$0]!.value) }))
    }
  }

  /// The node at `path`, relative to this one.
  func node(at path: ArraySlice<TOMLPathComponent>) -> TOMLNode? {
    guard let first = path.first else { return self }
    switch first {
    case .key(let key): return children[key]?.node(at: path.dropFirst())
    case .index(let index):
      return elements.indices.contains(index) ? elements[index].node(at: path.dropFirst()) : nil
    }
  }

  /// Calls `body` with the node at `path`, which must exist.
  mutating func withNode<Result>(
    at path: ArraySlice<TOMLPathComponent>, _ body: (inout TOMLNode) throws -> Result
  ) rethrows -> Result {
    guard let first = path.first else { return try body(&self) }
    switch first {
    case .key(let key): return try children[key]!.withNode(at: path.dropFirst(), body)
    case .index(let index): return try elements[index].withNode(at: path.dropFirst(), body)
    }
  }

  /// Every entry and every section defined at or under this node.
  func collect(entries: inout [Int], sections: inout [Int]) {
    switch kind {
    case .value(_, let entry):
      if entry >= 0 { entries.append(entry) }
    case .arrayOfTables:
      for element in elements { element.collect(entries: &entries, sections: &sections) }
    case .table(let origin):
      if case .header(let section) = origin { sections.append(section) }
      for key in keys { children[key]!.collect(entries: &entries, sections: &sections) }
    }
  }
}
