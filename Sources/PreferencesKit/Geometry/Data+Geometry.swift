// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation
#if canImport(CoreGraphics)
  // Internal: the types in this file's API (`CGPoint`, `CGSize`, `CGRect`) come with
  // Foundation, from CoreFoundation's CFCGTypes.h; Core Graphics adds only what the bodies
  // use, `CGRect(x:y:width:height:)` (Scripts/check-coregraphics-imports.sh).
  internal import CoreGraphics
#endif

/// Packs points, sizes and rectangles into `Data`, so a window frame can be a `Data`
/// preference.
///
/// Each component is an IEEE-754 `Float64` in little-endian byte order, in the order x, y,
/// width, height, on every architecture. That is byte-identical to a raw `CGRect` on 64-bit
/// little-endian machines, so data written from raw struct bytes still reads. Data of half
/// the length is read as the legacy 32-bit layout of little-endian `Float32` components.
///
/// ```swift
/// @Preference var windowFrameData = Data()
/// var windowFrame: CGRect {
///   get { windowFrameData.rectValue ?? .zero }
///   set { windowFrameData = Data(rect: newValue) }
/// }
/// ```
extension Data {
  /// Packs a point into 16 bytes: x, y.
  ///
  /// - Parameter point: The point to pack.
  public init(point: CGPoint) {
    self.init(packing: [point.x, point.y])
  }

  /// Packs a size into 16 bytes: width, height.
  ///
  /// - Parameter size: The size to pack.
  public init(size: CGSize) {
    self.init(packing: [size.width, size.height])
  }

  /// Packs a rectangle into 32 bytes: x, y, width, height.
  ///
  /// - Parameter rect: The rectangle to pack.
  public init(rect: CGRect) {
    self.init(packing: [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
  }

  /// The point packed in this data, or `nil` when its length is neither 16 nor 8 bytes.
  public var pointValue: CGPoint? {
    unpacked(count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
  }

  /// The size packed in this data, or `nil` when its length is neither 16 nor 8 bytes.
  public var sizeValue: CGSize? {
    unpacked(count: 2).map { CGSize(width: $0[0], height: $0[1]) }
  }

  /// The rectangle packed in this data, or `nil` when its length is neither 32 nor 16 bytes.
  public var rectValue: CGRect? {
    unpacked(count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
  }

  private init(packing components: [CGFloat]) {
    self.init(capacity: components.count * 8)
    for component in components {
      Swift.withUnsafeBytes(of: Double(component).bitPattern.littleEndian) {
        append(contentsOf: $0)
      }
    }
  }

  /// `count` components: 8-byte `Float64`s, or 4-byte `Float32`s in the legacy layout.
  private func unpacked(count: Int) -> [CGFloat]? {
    let width: Int
    switch self.count {
    case count * 8: width = 8
    case count * 4: width = 4
    default: return nil
    }
    var components: [CGFloat] = []
    components.reserveCapacity(count)
    var bits: UInt64 = 0
    for (offset, byte) in enumerated() {
      bits |= UInt64(byte) << (8 * UInt64(offset % width))
      if offset % width == width - 1 {
        let value = width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(bits)))
        components.append(CGFloat(value))
        bits = 0
      }
    }
    return components
  }
}
