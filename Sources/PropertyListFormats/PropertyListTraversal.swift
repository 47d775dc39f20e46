// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Visits a value depth-first for the writers, without recursion, so that writing a value at
/// the nesting limit takes the same stack as writing a flat one.
///
/// It tracks where it is, so that a writer's error can name the top-level key and the path
/// inside it, and it enforces ``PropertyListTreeBuilder/maximumDepth``.
struct PropertyListTraversal {
  /// What the traversal reached. `level` counts the containers around the event's subject.
  enum Event {
    /// A value other than an array or a dictionary.
    case scalar(PropertyListValue)
    /// An array or a dictionary opens; an ``end(isDictionary:count:)`` follows its entries.
    case begin(isDictionary: Bool, count: Int)
    /// A dictionary entry starts with its key; its value follows. `index` counts from 0.
    case key(String, index: Int, count: Int)
    /// An array element starts; its value follows.
    case element(index: Int)
    /// The innermost open container closes.
    case end(isDictionary: Bool, count: Int)
  }

  private enum Frame {
    case array([PropertyListValue], next: Int)
    /// Entries sorted by key, so that files are stable and diff well.
    case dictionary([(key: String, value: PropertyListValue)], next: Int)
  }

  private var frames: [Frame] = []

  /// Walks `root`, whose own level is `level`, handing every event to `visit` in file order.
  ///
  /// - Throws: What `visit` throws, or `.nestingTooDeep` when a
  ///   container would sit deeper than ``PropertyListTreeBuilder/maximumDepth`` counting `root`
  ///   as level `level + 1`.
  static func walk(
    _ root: PropertyListValue, level: Int = 0,
    visit: (inout PropertyListTraversal, Event, _ level: Int) throws -> Void
  ) throws {
    var traversal = PropertyListTraversal()
    try traversal.enter(root, baseLevel: level, visit: visit)
    while let frame = traversal.frames.popLast() {
      // The level of the frame's entries.
      let inside = level + traversal.frames.count + 1
      switch frame {
      case .array(let values, let next) where next < values.count:
        traversal.frames.append(.array(values, next: next + 1))
        try visit(&traversal, .element(index: next), inside)
        try traversal.enter(values[next], baseLevel: level, visit: visit)
      case .dictionary(let entries, let next) where next < entries.count:
        traversal.frames.append(.dictionary(entries, next: next + 1))
        try visit(&traversal, .key(entries[next].key, index: next, count: entries.count), inside)
        try traversal.enter(entries[next].value, baseLevel: level, visit: visit)
      case .array(let values, _):
        try visit(&traversal, .end(isDictionary: false, count: values.count), inside - 1)
      case .dictionary(let entries, _):
        try visit(&traversal, .end(isDictionary: true, count: entries.count), inside - 1)
      }
    }
  }

  private mutating func enter(
    _ value: PropertyListValue, baseLevel: Int,
    visit: (inout PropertyListTraversal, Event, _ level: Int) throws -> Void
  ) throws {
    let level = baseLevel + frames.count
    switch value {
    case .array(let values):
      guard level < PropertyListTreeBuilder.maximumDepth else { throw tooDeep() }
      try visit(&self, .begin(isDictionary: false, count: values.count), level)
      frames.append(.array(values, next: 0))
    case .dictionary(let values):
      guard level < PropertyListTreeBuilder.maximumDepth else { throw tooDeep() }
      try visit(&self, .begin(isDictionary: true, count: values.count), level)
      frames.append(.dictionary(values.sorted { $0.key < $1.key }, next: 0))
    default:
      try visit(&self, .scalar(value), level)
    }
  }

  /// The top-level key of the entry being written, and the path to the current value inside
  /// it (`nil` at the entry itself), such as `.inner[0]`.
  var location: (key: String?, path: String?) {
    var key: String?
    var path = ""
    for (index, frame) in frames.enumerated() {
      let component: String
      switch frame {
      case .array(_, let next): component = "[\(next - 1)]"
      case .dictionary(let entries, let next): component = "." + entries[next - 1].key
      }
      if index == 0, case .dictionary = frame {
        key = String(component.dropFirst())
      } else {
        path += component
      }
    }
    return (key, path.isEmpty ? nil : path)
  }

  /// An error of `kind` at the current ``location``.
  func error(
    _ kind: PropertyListFormatError.Kind, expected: String? = nil, found: String? = nil,
    reason: String? = nil
  ) -> PropertyListFormatError {
    let (key, path) = location
    return PropertyListFormatError(
      kind, key: key, path: path, expected: expected, found: found, reason: reason)
  }

  private func tooDeep() -> PropertyListFormatError {
    error(
      .nestingTooDeep,
      expected: "at most \(PropertyListTreeBuilder.maximumDepth) levels of arrays and dictionaries")
  }
}
