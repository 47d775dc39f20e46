// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// A new TOML document from values, and the rule for each value TOML cannot say.
struct TOMLWriterTests {
  func text(_ values: [String: PropertyListValue], comment: [String] = []) throws -> String {
    String(decoding: try TOMLWriter.encode(values, comment: comment), as: UTF8.self)
  }

  @Test func aNewDocumentIsSortedScalarsFirstThenTablesAfterItsComment() throws {
    let values: [String: PropertyListValue] = [
      "z": .integer(1), "a": .string("x"),
      "window": .dictionary(["w": .integer(80), "inner": .dictionary(["k": .bool(true)])]),
      "plugins": .array([.dictionary(["n": .integer(1)]), .dictionary([:])]),
      "empty": .dictionary([:]),
    ]
    let written = try text(values, comment: ["Example", "fontSize = 12.0  # Font size"])
    #expect(
      written == """
        # Example
        # fontSize = 12.0  # Font size

        a = "x"
        z = 1

        [empty]

        [[plugins]]
        n = 1

        [[plugins]]

        [window]
        w = 80

        [window.inner]
        k = true

        """)
    #expect(try TOMLDocument.decode(Array(written.utf8)) == values)
  }

  @Test func keysThatNeedQuotingAreQuoted() throws {
    let values: [String: PropertyListValue] = [
      "a b": .integer(1), "": .integer(2), "é.\"": .dictionary(["x y": .integer(3)]),
    ]
    let written = try text(values)
    #expect(written.contains("\"a b\" = 1") && written.contains("\"\" = 2"))
    #expect(written.contains("[\"é.\\\"\"]"))
    #expect(try TOMLDocument.decode(Array(written.utf8)) == values)
  }

  @Test func dataIsBase64TextAndMixedArraysAndNonFiniteNumbersAreWritten() throws {
    let values: [String: PropertyListValue] = [
      "d": .data(Data([0, 255, 7])),
      "m": .array([.integer(1), .string("a"), .dictionary(["k": .integer(2)])]),
      "f": .array([
        .double(.infinity), .double(-.infinity), .double(.nan), .double(5), .double(1e-7),
      ]),
    ]
    let written = try text(values)
    #expect(written.contains("d = \"AP8H\""))
    #expect(written.contains("f = [inf, -inf, nan, 5.0, 1e-07]"))
    #expect(written.contains("m = [1, \"a\", { k = 2 }]"))
    let back = try TOMLDocument.decode(Array(written.utf8))
    #expect(back["d"] == .string("AP8H") && back["m"] == values["m"])
  }

  @Test func anIntegerAboveInt64AndADateOutsideYears1To9999AreRefusedNamingTheKeyPath() throws {
    let cases: [(PropertyListValue, String)] = [
      (.unsignedInteger(UInt64(Int64.max) + 1), "integer"),
      (.date(Date(timeIntervalSince1970: -62_135_596_801)), "year 1 to 9999"),
      (.date(Date(timeIntervalSince1970: 253_402_300_800)), "year 1 to 9999"),
      (.date(Date(timeIntervalSinceReferenceDate: .infinity)), "year 1 to 9999"),
    ]
    for (value, words) in cases {
      #expect {
        try TOMLWriter.encode(["t": .dictionary(["list": .array([value])])])
      } throws: { error in
        let error = error as? PropertyListFormatError
        return error?.kind == .unrepresentableValue && error?.key == "t"
          && error?.path == ".list[0]" && error?.description.contains(words) == true
      }
    }
  }

  @Test func everyDateReadsBackExactly() throws {
    var random = SplitMix64(seed: 1_234)
    for _ in 0..<2_000 {
      let seconds = Double.random(in: -62_135_596_800..<253_402_300_799, using: &random)
      let date = Date(timeIntervalSince1970: seconds)
      let written = try TOMLWriter.encode(["d": .date(date)])
      #expect(try TOMLDocument.decode(written)["d"] == .date(date), "\(seconds)")
    }
  }
}
