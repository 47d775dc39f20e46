// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Builds a property-list value from fuzz input, so that libFuzzer's mutations explore trees
/// of every kind and depth rather than file syntax.
public struct ValueTree {
  private var bytes: ArraySlice<UInt8>

  /// Keys that the fuzzed `Codable` types use, so that a tree often fits one of them.
  static let keys = [
    "name", "count", "big", "ratio", "when", "blob", "link", "maybe", "tags", "table", "kind",
    "inner", "nested", "circle", "square", "radius", "side", "leaf", "node", "_0", "",
  ]

  /// The value `bytes` spell; whatever is left over is ignored.
  public static func value(from bytes: [UInt8]) -> PropertyListValue {
    var tree = ValueTree(bytes: bytes[...])
    return tree.next(depth: 0)
  }

  private mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

  private mutating func word() -> UInt64 {
    var result: UInt64 = 0
    for _ in 0..<8 { result = result << 8 | UInt64(byte()) }
    return result
  }

  private mutating func text() -> String {
    let count = Int(byte() % 16)
    let chunk = bytes.prefix(count)
    bytes = bytes.dropFirst(count)
    return String(decoding: chunk, as: UTF8.self)
  }

  private mutating func key() -> String {
    let choice = Int(byte())
    return choice < 200 ? Self.keys[choice % Self.keys.count] : text()
  }

  private mutating func next(depth: Int) -> PropertyListValue {
    let kind = byte()
    // Past 600 levels, beyond every limit, only leaves: the input decides the depth.
    let canNest = depth < 600 && !bytes.isEmpty
    switch kind % 10 {
    case 0: return .bool(kind & 0x10 != 0)
    case 1: return .integer(Int64(bitPattern: word()))
    case 2 where kind & 0x10 != 0: return .integer(exactly: word())  // often 2^63 or more
    case 2: return .integer(Int64(Int8(bitPattern: byte())))
    case 3: return .double(Double(bitPattern: word()))
    case 4: return .string(text())
    case 5: return .data(Data(text().utf8))
    case 6: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: word())))
    case 7 where canNest, 9 where canNest:
      let count = Int(byte() % 5)
      return .array((0..<count).map { _ in next(depth: depth + 1) })
    case 8 where canNest:
      let count = Int(byte() % 6)
      var values: [String: PropertyListValue] = [:]
      for _ in 0..<count { values[key()] = next(depth: depth + 1) }
      return .dictionary(values)
    default: return .string(key())
    }
  }
}
