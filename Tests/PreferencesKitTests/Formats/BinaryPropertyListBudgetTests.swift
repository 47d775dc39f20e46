// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// Binary property lists whose shared references expand: what Apple's writer makes of repeated
/// values must load, what an attacker makes of them must not take the process's memory.
struct BinaryPropertyListBudgetTests {
  /// `{"d": [x, x, ...]}`, with `count` references to one object `x` whose encoding is
  /// `shared` (marker byte included): four objects, 4-byte offsets, 2-byte references.
  static func document(referencing shared: [UInt8], count: Int) -> [UInt8] {
    func big(_ value: Int, _ size: Int) -> [UInt8] {
      (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.append(bytes.count)
    bytes += [0xD1] + big(1, 2) + big(2, 2)  // object 0: {object 1: object 2}
    offsets.append(bytes.count)
    bytes += [0x51, UInt8(ascii: "d")]  // object 1: "d"
    offsets.append(bytes.count)
    bytes += [0xAF, 0x12] + big(count, 4)  // object 2: an array of `count` references
    for _ in 0..<count { bytes += big(3, 2) }
    offsets.append(bytes.count)
    bytes += shared  // object 3
    let tableStart = bytes.count
    for offset in offsets { bytes += big(offset, 4) }
    bytes += [0, 0, 0, 0, 0, 0, 4, 2]  // unused; offset size 4; reference size 2
    bytes += big(offsets.count, 8) + big(0, 8) + big(tableStart, 8)
    return bytes
  }

  static func data(count: Int) -> [UInt8] {
    [0x4F, 0x12] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
      + [UInt8](repeating: 0xAB, count: count)
  }

  static let date: [UInt8] =
    [0x33]
    + (0..<8).reversed().map {
      UInt8(truncatingIfNeeded: Double.leastNonzeroMagnitude.bitPattern >> ($0 * 8))
    }

  @Test func sixtyThousandReferencesToOneDateLoad() throws {
    let bytes = Self.document(referencing: Self.date, count: 60_000)
    #expect(bytes.count < 125_000)
    let values = try PropertyListFormat.propertyList.decode(bytes)
    guard case .array(let elements) = values["d"] else { Issue.record("no array"); return }
    #expect(elements.count == 60_000)
    #expect(elements.last == .date(Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude)))
  }

  /// 2,000 references to 64 KiB of data: 128 MiB from a 70 kB file, over the 64 MiB budget.
  @Test func sharedReferencesThatExpandPastTheBudgetAreRefused() {
    let bytes = Self.document(referencing: Self.data(count: 64 << 10), count: 2_000)
    #expect(bytes.count < 70_000)
    #expect {
      try PropertyListFormat.propertyList.decode(bytes)
    } throws: { error in
      guard let error = error as? PropertyListFormatError else { return false }
      return error.kind == .corruptFile && "\(error)".contains("more than 67108864 bytes")
    }
  }

  @Test func theBudgetGrowsWithTheFile() {
    #expect(BinaryPropertyListParser.budget(forFileOfSize: 1_000) == 64 << 20)
    #expect(BinaryPropertyListParser.budget(forFileOfSize: 8 << 20) == 128 << 20)
  }

  /// 900 references to 64 KiB (56 MiB, within the budget) share one copy of the bytes.
  @Test func repeatedReferencesShareTheirBytes() throws {
    let bytes = Self.document(referencing: Self.data(count: 64 << 10), count: 900)
    let values = try PropertyListFormat.propertyList.decode(bytes)
    guard case .array(let elements) = values["d"], case .data(let first) = elements.first,
      case .data(let last) = elements.last
    else { Issue.record("no data"); return }
    #expect(first.count == 64 << 10)
    let firstAddress = first.withUnsafeBytes { $0.baseAddress }
    let lastAddress = last.withUnsafeBytes { $0.baseAddress }
    #expect(firstAddress == lastAddress)
  }
}
