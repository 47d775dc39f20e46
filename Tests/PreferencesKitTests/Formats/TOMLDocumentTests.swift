// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// Reading TOML: the values each kind maps to, and refusals that name line and column.
struct TOMLDocumentTests {
  func read(_ text: String) throws -> [String: PropertyListValue] {
    try TOMLDocument.decode(Array(text.utf8))
  }

  func refusal(_ bytes: [UInt8]) -> PropertyListFormatError? {
    do {
      _ = try TOMLDocument.decode(bytes)
      return nil
    } catch {
      return error as? PropertyListFormatError
    }
  }

  @Test func eachKindMapsToItsPropertyListValue() throws {
    let values = try read(
      """
      s = "a\\tb\\u00E9\\U0001F600"
      i = 0x7fff_ffff_ffff_ffff
      f = [inf, -inf, 1e3, -0.0]
      n = nan
      b = true
      odt = 1979-05-27T00:32:00.999999-07:00
      ldt = 1979-05-27 07:32:00.5
      ld = 1979-05-27
      lt = 07:32:00
      [t]
      x.y = 1
      [[a]]
      [[a]]
      z = 2
      """)
    #expect(values["s"] == .string("a\tbé😀"))
    #expect(values["i"] == .integer(.max))
    #expect(
      values["f"]
        == .array([.double(.infinity), .double(-.infinity), .double(1000), .double(-0.0)]))
    if case .double(let nan) = values["n"] { #expect(nan.isNaN) } else { Issue.record("nan") }
    #expect(values["b"] == .bool(true))
    #expect(values["odt"] == .date(ISO8601Timestamp.date(from: "1979-05-27T07:32:00.999999Z")!))
    #expect(values["ldt"] == .string("1979-05-27T07:32:00.5"))
    #expect(values["ld"] == .string("1979-05-27"))
    #expect(values["lt"] == .string("07:32:00"))
    #expect(values["t"] == .dictionary(["x": .dictionary(["y": .integer(1)])]))
    #expect(values["a"] == .array([.dictionary([:]), .dictionary(["z": .integer(2)])]))
  }

  @Test func integersAreSixtyFourBitsAndOverflowIsRefused() throws {
    #expect(try read("a = 9_223_372_036_854_775_807")["a"] == .integer(.max))
    #expect(try read("a = -9223372036854775808")["a"] == .integer(.min))
    let overflow = try #require(refusal(Array("a = 9223372036854775808".utf8)))
    #expect(overflow.line == 1 && overflow.column == 5)
  }

  @Test(arguments: [
    ("a = 1\nb = \"x\n", 2, 5, "no closing quote"),
    ("a = [1,\n2", 2, 2, "the end of the file"),
    ("a = \"\"\"\nx", 1, 5, "never ends"),
    ("a = 1\na = 2", 2, 1, "already defined"),
    ("[t]\n[t]", 2, 2, "already defined"),
    ("a = {x = 1}\n[a]", 2, 2, "cannot be extended"),
    ("a = 01", 1, 5, "not a TOML number"),
    ("a = 1__0", 1, 5, "not a TOML number"),
    ("a = \"\\ud800\"", 1, 6, "no Unicode scalar"),
    ("a = 2021-02-29", 1, 13, "no day 29"),
    ("a = 1\r\rb = 2", 1, 6, "carriage return"),
    ("# \u{7F}", 1, 3, "control character"),
  ])
  func aRefusalNamesLineColumnAndWhatIsWrong(
    text: String, line: Int, column: Int, words: String
  ) throws {
    let error = try #require(refusal(Array(text.utf8)), "\(text)")
    #expect(error.kind == .corruptFile)
    #expect(error.line == line && error.column == column, "\(error)")
    #expect(error.description.contains(words), "\(error)")
  }

  @Test func invalidUTF8IsRefusedAtItsByte() throws {
    let error = try #require(refusal(Array("a = 1\nb = \"".utf8) + [0xC3, 0x28, 0x22]))
    #expect(error.line == 2 && error.column == 6)
    #expect(error.description.contains("UTF-8"))
  }

  @Test func nestingDeeperThanTheLimitIsRefusedWithoutCrashing() throws {
    let depth = TOMLParser.maximumDepth + 10
    let arrays =
      "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(refusal(Array(arrays.utf8))?.kind == .nestingTooDeep)
    let header = "[" + Array(repeating: "k", count: depth).joined(separator: ".") + "]"
    #expect(refusal(Array(header.utf8))?.kind == .nestingTooDeep)
    let inline =
      "a = " + String(repeating: "{b = ", count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(refusal(Array(inline.utf8))?.kind == .nestingTooDeep)
  }

  @Test func aValuesPlaceIsItsLineAndColumn() throws {
    let document = try TOMLDocument(parsing: Array("a = 1\n[window]\n  width = 'wide'\n".utf8))
    #expect(document.place(of: ["window", "width"])! == (3, 11))
    #expect(document.place(of: ["window"])! == (2, 1))
    #expect(document.place(of: ["a"])! == (1, 5))
    #expect(document.place(of: ["missing"]) == nil)
  }

  @Test func aByteOrderMarkAndCRLFAreRead() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a = 1\r\n[t]\r\nb = '''\r\nx\r\n'''\r\n".utf8)
    let document = try TOMLDocument(parsing: bytes)
    #expect(document.values == ["a": .integer(1), "t": .dictionary(["b": .string("x\n")])])
    #expect(document.lineEnding == [0x0D, 0x0A])
    #expect(document.keys == ["a", "t"])
  }

  @Test func aDamagedFileIsSalvagedAroundTheDamageWithLineAndColumn() throws {
    let bytes =
      Array("a = 1\nb = [1,\nc = 3\n[t]\nx = 'y\nz = 2\n[u\nw = 1\n".utf8)
      + [0xFF] + Array(" = 2\nlast = true".utf8)
    let (salvaged, problems) = TOMLDocument.salvage(bytes)
    #expect(salvaged.values["a"] == .integer(1))
    #expect(salvaged.values["t"] == .dictionary(["z": .integer(2)]))
    #expect(salvaged.values["b"] == nil && salvaged.lostKeys.contains("b"))
    #expect(problems.count >= 4)
    #expect(problems.allSatisfy { $0.line != nil && $0.column != nil })
    #expect(problems.contains { $0.line == 5 && $0.description.contains("closing quote") })
    #expect(problems.contains { $0.line == 9 && $0.description.contains("UTF-8") })
    // After the damaged header, its key-values are skipped; a new header would read again.
    #expect(salvaged.values["last"] == nil)
  }
}
