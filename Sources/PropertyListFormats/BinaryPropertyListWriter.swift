// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Writes a dictionary as a binary property list (`bplist00`), as macOS `defaults` keeps its
/// files, so that a binary file is rewritten in its own format.
///
/// Every value has a binary form: dates of any size (infinities and NaN too, which XML cannot
/// hold), strings with any character, integers up to 2^64 − 1. Objects are laid out
/// breadth-first without recursion; a repeated value is written again, not shared (Apple's
/// writer shares them; the format allows both). Keys are sorted, so the file is stable.
struct BinaryPropertyListWriter {
  /// The objects in file order: each value, with the object numbers of its keys and elements.
  private var objects: [(value: PropertyListValue, children: [Int])] = []

  /// The bytes of the binary property list.
  ///
  /// - Throws: `.nestingTooDeep` beyond 512 levels, naming the top-level key.
  static func encode(_ values: [String: PropertyListValue]) throws -> [UInt8] {
    var writer = BinaryPropertyListWriter()
    try writer.layOut(.dictionary(values))
    return writer.bytes()
  }

  /// Numbers every object breadth-first: a container's children get the next numbers.
  private mutating func layOut(_ root: PropertyListValue) throws {
    // Each object's depth and the top-level key it lies under, for the nesting check.
    var places: [(depth: Int, key: String?)] = [(0, nil)]
    objects.append((root, []))
    var next = 0
    while next < objects.count {
      let (value, place) = (objects[next].value, places[next])
      var children: [PropertyListValue] = []
      var childKeys: [String?] = []
      var isContainer = true
      switch value {
      case .array(let elements):
        children = elements
        childKeys = Array(repeating: place.key, count: elements.count)
      case .dictionary(let entries):
        let sorted = entries.sorted { $0.key < $1.key }
        children = sorted.map { .string($0.key) } + sorted.map(\.value)
        let keys = sorted.map { place.key ?? $0.key }
        childKeys = keys + keys
      default:
        isContainer = false
      }
      if isContainer, place.depth >= PropertyListTreeBuilder.maximumDepth {
        throw PropertyListFormatError(
          .nestingTooDeep, key: place.key,
          expected: "at most \(PropertyListTreeBuilder.maximumDepth) levels of nesting")
      }
      objects[next].children = Array(objects.count..<(objects.count + children.count))
      for (child, key) in zip(children, childKeys) {
        objects.append((child, []))
        places.append((place.depth + 1, key))
      }
      next += 1
    }
  }

  private func bytes() -> [UInt8] {
    let referenceSize = Self.size(for: UInt64(objects.count))
    var output = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for (value, children) in objects {
      offsets.append(output.count)
      Self.append(value, children: children, referenceSize: referenceSize, to: &output)
    }
    let tableStart = output.count
    let offsetSize = Self.size(for: UInt64(tableStart))
    for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
    output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    Self.appendBigEndian(UInt64(objects.count), size: 8, to: &output)
    Self.appendBigEndian(0, size: 8, to: &output)  // the top object is object 0
    Self.appendBigEndian(UInt64(tableStart), size: 8, to: &output)
    return output
  }

  /// The fewest bytes, 1, 2, 4 or 8, that hold `value`.
  private static func size(for value: UInt64) -> Int {
    value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
  }

  private static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
    for index in (0..<size).reversed() {
      output.append(UInt8(truncatingIfNeeded: value >> (index * 8)))
    }
  }

  /// A marker whose low nibble is `count`, or 0xF followed by an integer object.
  private static func appendMarker(_ high: UInt8, count: Int, to output: inout [UInt8]) {
    guard count >= 15 else {
      output.append(high << 4 | UInt8(count))
      return
    }
    output.append(high << 4 | 0x0F)
    let size = Self.size(for: UInt64(count))
    output.append(0x10 | UInt8(size.trailingZeroBitCount))
    appendBigEndian(UInt64(count), size: size, to: &output)
  }

  private static func append(
    _ value: PropertyListValue, children: [Int], referenceSize: Int, to output: inout [UInt8]
  ) {
    switch value {
    case .bool(let flag):
      output.append(flag ? 0x09 : 0x08)
    case .integer(let number) where number >= 0:
      let size = Self.size(for: UInt64(number))
      output.append(0x10 | UInt8(size.trailingZeroBitCount))
      appendBigEndian(UInt64(number), size: size, to: &output)
    case .integer(let number):
      output.append(0x13)  // negative integers take 8 bytes
      appendBigEndian(UInt64(bitPattern: number), size: 8, to: &output)
    case .unsignedInteger(let number):
      output.append(0x14)  // 16 bytes, the high 8 zero: 8 would read back as negative
      appendBigEndian(0, size: 8, to: &output)
      appendBigEndian(number, size: 8, to: &output)
    case .double(let number):
      output.append(0x23)
      appendBigEndian(number.bitPattern, size: 8, to: &output)
    case .date(let date):
      output.append(0x33)
      appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &output)
    case .data(let data):
      appendMarker(0x4, count: data.count, to: &output)
      output += data
    case .string(let text) where text.utf8.allSatisfy({ $0 < 0x80 }):
      appendMarker(0x5, count: text.utf8.count, to: &output)
      output += text.utf8
    case .string(let text):
      appendMarker(0x6, count: text.utf16.count, to: &output)
      for unit in text.utf16 { appendBigEndian(UInt64(unit), size: 2, to: &output) }
    case .array, .dictionary:
      let isDictionary = if case .dictionary = value { true } else { false }
      appendMarker(
        isDictionary ? 0xD : 0xA, count: isDictionary ? children.count / 2 : children.count,
        to: &output)
      for child in children { appendBigEndian(UInt64(child), size: referenceSize, to: &output) }
    }
  }
}
