// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

/// Thousands of malformed inputs to every parser: each must end in a `PropertyListFormatError` (or, for
/// a byte flip that happens to leave a valid file, a dictionary), never a crash or a hang.
///
/// `FILESTORE_FUZZ_ITERATIONS` sets the number of inputs per format (default 1,500) and
/// `FILESTORE_FUZZ_SEED` the random seed. Coverage-guided fuzzing with libFuzzer, for long
/// campaigns, is in `Fuzz/` (run it with `Scripts/fuzz.sh`).
struct PropertyListParserFuzzTests {
  static let iterations =
    Int(ProcessInfo.processInfo.environment["FILESTORE_FUZZ_ITERATIONS"] ?? "") ?? 1_500
  static let seed =
    UInt64(ProcessInfo.processInfo.environment["FILESTORE_FUZZ_SEED"] ?? "")
    ?? UInt64.random(in: 1...UInt64.max)

  static let sample: [String: PropertyListValue] = [
    "name": .string("Ada & <Lovelace> é"),
    "count": .integer(-12_345),
    "ratio": .double(0.25),
    "flag": .bool(true),
    "when": .date(Date(timeIntervalSince1970: 1_704_164_645)),
    "bytes": .data(Data([0, 1, 2, 3, 250])),
    "list": .array([.integer(1), .array([.string("x")]), .dictionary(["k": .bool(false)])]),
    "nested": .dictionary(["a": .dictionary(["b": .double(1e300)])]),
  ]

  enum Format: String, CaseIterable {
    case xml, json, binary

    var fileFormat: PropertyListFormat { self == .json ? .json : .propertyList }

    func validDocument() throws -> [UInt8] {
      switch self {
      case .xml: return try XMLPropertyListWriter.encode(PropertyListParserFuzzTests.sample)
      case .json: return try JSONPropertyListWriter.encode(PropertyListParserFuzzTests.sample)
      case .binary:
        let values: [String: Any] = [
          "name": "Ada é", "count": -12_345, "ratio": 0.25, "flag": true,
          "when": Date(timeIntervalSince1970: 1_704_164_645), "bytes": Data([0, 1, 2, 3]),
          "list": [1, ["x"], ["k": false]], "nested": ["a": ["b": 1e300]],
        ]
        return Array(
          try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0))
      }
    }

    /// A document nested `depth` levels deep, never closed.
    func deeplyNested(_ depth: Int) -> [UInt8] {
      switch self {
      case .xml:
        return Array(
          ("<plist><dict><key>k</key>" + String(repeating: "<array>", count: depth)).utf8)
      case .json: return Array(("{\"k\":" + String(repeating: "[", count: depth)).utf8)
      case .binary: return BinaryFixtures.selfReferencingArray()
      }
    }
  }

  @Test(arguments: Format.allCases)
  func malformedInputAlwaysEndsInAFormatError(format: Format) throws {
    var random = SplitMix64(seed: Self.seed &+ UInt64(format.rawValue.count))
    let valid = try format.validDocument()
    #expect(try format.fileFormat.decode(valid).count == 8)
    var errors = 0
    for iteration in 0..<Self.iterations {
      var input = valid
      switch iteration % 5 {
      case 0:  // Truncation anywhere before the closing tag or brace.
        input = Array(valid.prefix(Int(random.next() % UInt64(valid.count - 2))))
      case 1:  // A few flipped bytes.
        for _ in 0...(random.next() % 4) {
          let index = Int(random.next() % UInt64(input.count))
          input[index] ^= UInt8(truncatingIfNeeded: random.next() | 1)
        }
      case 2:  // Random bytes, sometimes behind a plausible header.
        let count = Int(random.next() % 300)
        input = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        if iteration % 10 == 2 { input = Array(valid.prefix(40)) + input }
      case 3:  // Deep nesting, at and beyond the limit.
        input = format.deeplyNested(400 + Int(random.next() % 100_000))
      default:  // A chunk of the file duplicated or removed.
        let start = Int(random.next() % UInt64(valid.count))
        let end = min(valid.count, start + Int(random.next() % 64))
        if random.next() % 2 == 0 {
          input.removeSubrange(start..<end)
        } else {
          input.insert(contentsOf: valid[start..<end], at: start)
        }
      }
      do {
        _ = try format.fileFormat.decode(input)
        #expect(iteration % 5 == 1 || iteration % 5 == 4, "input \(iteration) should not parse")
      } catch let error as PropertyListFormatError {
        errors += 1
        #expect(error.kind == .corruptFile || error.kind == .nestingTooDeep)
        #expect(error.description.count > 10)
      } catch {
        Issue.record("input \(iteration) (seed \(Self.seed)) threw \(error)")
      }
    }
    #expect(errors > Self.iterations / 2, "seed \(Self.seed)")
  }

  @Test(arguments: Format.allCases)
  func damagedFilesReachTheCallerAsErrorsNamingTheFile(format: Format) async throws {
    try await withTemporaryDirectory { directory in
      var random = SplitMix64(seed: Self.seed)
      let valid = try format.validDocument()
      let url = directory.file(format == .json ? "fuzz.json" : "fuzz.plist")
      for _ in 0..<100 {
        let length = Int(random.next() % UInt64(valid.count - 2))
        try Data(valid.prefix(length)).write(to: url)
        let error = try #require(throws: PreferenceError.self) {
          try FileStore(url: url).allValues()
        }
        #expect(error.file == url)
      }
    }
  }
}

/// A small deterministic random number generator, so a failing seed can be replayed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Hand-made binary property lists that Foundation would never write.
enum BinaryFixtures {
  /// An array whose only element is itself: infinitely deep unless a parser bounds it.
  static func selfReferencingArray() -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    bytes += [0xA1, 0x00]  // object 0 at offset 8: an array of one reference, to object 0
    let tableOffset = bytes.count
    bytes += [0x08]  // offset table: object 0 is at byte 8
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]  // unused, offset size 1, reference size 1
    bytes += [0, 0, 0, 0, 0, 0, 0, 1]  // one object
    bytes += [0, 0, 0, 0, 0, 0, 0, 0]  // the top object is object 0
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
    return bytes
  }
}
