// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import FuzzSupport

@testable import PreferencesKit

/// A type with a member of most kinds the decoder reads, several of them optional or nested.
struct Sample: Codable, Equatable {
  var name: String
  var count: Int8
  var big: UInt64?
  var ratio: Float?
  var when: Date?
  var blob: Data?
  var link: URL?
  var maybe: Int?
  var tags: [String]?
  var table: [String: Double]?
  var kind: Kind?
  var inner: Inner?
  var nested: [Inner]?
}

enum Kind: String, Codable { case circle, square }

struct Inner: Codable, Equatable {
  var name: String?
  var count: UInt16?
  var inner: [Inner]?
}

/// An enum with associated values, which the synthesized coding nests one level deeper.
enum Shape: Codable, Equatable {
  case circle(radius: Double)
  case square(side: Int)
}

/// A recursive type, so that deep trees reach the decoder at depth.
indirect enum Tree: Codable, Equatable {
  case leaf(Int32)
  case node([Tree])
}

/// Decodes `value` as `T`; when that works, encodes the result and checks that it decodes to
/// the same thing.
func check<T: Codable>(_: T.Type, _ value: PropertyListValue) {
  let decoded: T
  do {
    decoded = try PropertyListValueDecoder().decode(T.self, from: value)
  } catch {
    _ = error.description
    return
  }
  do {
    guard let encoded = try PropertyListValueEncoder().encode(decoded) else { return }
    let again = try PropertyListValueDecoder().decode(T.self, from: encoded)
    let reencoded = try PropertyListValueEncoder().encode(again)
    guard let reencoded, SameValue.check(encoded, reencoded) else {
      fatalError("\(T.self) changed in an encode-decode round trip: \(encoded) \(reencoded)")
    }
  } catch {
    fatalError("\(T.self) decoded from \(value) but does not round-trip: \(error)")
  }
}

/// libFuzzer's entry point: a value tree spelled by the bytes, decoded into several types.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  let value = ValueTree.value(from: input)
  check(Sample.self, value)
  check(Shape.self, value)
  check(Tree.self, value)
  check([String: Inner].self, value)
  check([Int8?].self, value)
  check(UInt64.self, value)
  check(Float.self, value)
  check(Date.self, value)
  check(URL.self, value)
  check(Data.self, value)
  return 0
}

/// The entry point SwiftPM links as `main`; see ``runFuzzer(_:_:_:)``.
@_cdecl("FuzzValueDecoder_main")
public func main(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzz)
}
