// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

struct GeometryTests {
  /// The little-endian bytes of a `Float64`.
  static func bytes(_ value: Double) -> [UInt8] {
    withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) }
  }

  @Test func pointsSizesAndRectsPackAsLittleEndianFloat64() {
    #expect(Array(Data(point: CGPoint(x: 1, y: 2))) == Self.bytes(1) + Self.bytes(2))
    #expect(Array(Data(size: CGSize(width: 3, height: 4))) == Self.bytes(3) + Self.bytes(4))
    let rect = Data(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(rect.count == 32)
    #expect(Array(rect) == [1.0, 2, 3, 4].flatMap(Self.bytes))
  }

  @Test func theExactBytesOfOneAreKnown() {
    #expect(Array(Data(point: CGPoint(x: 1, y: 0)).prefix(8)) == [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
  }

  @Test func packedValuesUnpack() {
    let rect = CGRect(x: -1.5, y: 2.25, width: 300, height: 0.125)
    #expect(Data(rect: rect).rectValue == rect)
    #expect(Data(point: CGPoint(x: 7, y: -8)).pointValue == CGPoint(x: 7, y: -8))
    #expect(Data(size: CGSize(width: 9, height: 10)).sizeValue == CGSize(width: 9, height: 10))
  }

  @Test func theLegacy32BitLayoutIsRead() {
    let floats: [Float] = [1, 2, 3, 4]
    let legacy = Data(
      floats.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian) { Array($0) } })
    #expect(legacy.count == 16)
    #expect(legacy.rectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
    let legacyPoint = Data(legacy.prefix(8))
    #expect(legacyPoint.pointValue == CGPoint(x: 1, y: 2))
    #expect(legacyPoint.sizeValue == CGSize(width: 1, height: 2))
  }

  @Test func lengthsThatDoNotFitGiveNil() {
    #expect(Data().rectValue == nil)
    #expect(Data(count: 31).rectValue == nil)
    #expect(Data(count: 24).pointValue == nil)
    #expect(Data(count: 15).sizeValue == nil)
  }

  @Test func aSliceWithANonZeroStartIndexUnpacks() {
    let packed = Data([0xAA]) + Data(point: CGPoint(x: 5, y: 6))
    #expect(packed.dropFirst().pointValue == CGPoint(x: 5, y: 6))
  }
}
