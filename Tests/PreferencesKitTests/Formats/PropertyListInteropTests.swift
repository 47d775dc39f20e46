// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// Documents that Apple's and Python's tools write or refuse, which we must read or refuse
/// alike: UTF-16 text, the spellings of a `<real>`, and dates far from today.
struct PropertyListInteropTests {
  static let document = """
    <?xml version="1.0" encoding="UTF-16"?>
    <plist version="1.0"><dict><key>név</key><string>Ádám 🎈</string></dict></plist>
    """

  static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
    let units = (byteOrderMark ? [0xFEFF] : []) + Array(text.utf16)
    return units.flatMap { unit in
      let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
      return bigEndian ? [high, low] : [low, high]
    }
  }

  @Test(arguments: [(true, true), (false, true), (true, false), (false, false)])
  func readsUTF16InEitherByteOrder(bigEndian: Bool, byteOrderMark: Bool) throws {
    let bytes = Self.utf16(Self.document, bigEndian: bigEndian, byteOrderMark: byteOrderMark)
    let values = try PropertyListFormat.propertyList.decode(bytes)
    #expect(values == ["név": .string("Ádám 🎈")])
  }

  @Test func refusesUTF32Clearly() {
    let scalars = [0xFEFF] + Self.document.unicodeScalars.map(\.value)
    let bytes = scalars.flatMap { value in
      (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    #expect {
      try PropertyListFormat.propertyList.decode(bytes)
    } throws: { error in
      "\(error)".contains("UTF-32")
    }
  }

  @Test func refusesUTF16WithAnUnpairedSurrogate() {
    var bytes = Self.utf16(Self.document, bigEndian: false, byteOrderMark: true)
    bytes[bytes.count - 2] = 0x00  // the final ">" becomes a lone high surrogate
    bytes[bytes.count - 1] = 0xD8
    #expect(throws: PropertyListFormatError.self) {
      try PropertyListFormat.propertyList.decode(bytes)
    }
  }

  static func real(_ text: String) throws -> PropertyListValue? {
    let xml = "<plist><dict><key>r</key><real>\(text)</real></dict></plist>"
    return try PropertyListFormat.propertyList.decode(Array(xml.utf8))["r"]
  }

  @Test(arguments: [
    "0x10", "0x1p4", "-0x1.8p1", "nan(0x7)", "-nan", "1_000.5", "1.5 m", "+-1", "e5", ".",
  ])
  func refusesRealsThatAreNotDecimal(text: String) {
    #expect(throws: PropertyListFormatError.self) { try Self.real(text) }
  }

  @Test(arguments: [
    ("1.5", 1.5), ("-2e3", -2000), (".5", 0.5), ("5.", 5), ("+7", 7), (" 3.25\n", 3.25),
    ("+infinity", .infinity), ("-infinity", -.infinity), ("inf", .infinity), ("-INF", -.infinity),
  ])
  func readsDecimalRealsAndApplesSpellings(text: String, number: Double) throws {
    #expect(try Self.real(text) == .double(number))
  }

  @Test func readsNaNAsWritten() throws {
    guard case .double(let number) = try Self.real("nan") else { Issue.record(); return }
    #expect(number.isNaN)
  }
}

/// Integers from 2^63 to 2^64 - 1, which Cocoa writes and Foundation and Python read.
struct PropertyListUnsignedIntegerTests {
  static let big: UInt64 = 9_223_372_036_854_775_852  // 2^63 + 44, as in CPython's tests

  @Test(arguments: ["9223372036854775852", " +9223372036854775852 ", "0x800000000000002C"])
  func xmlReadsThemExactly(text: String) throws {
    let xml = "<plist><dict><key>n</key><integer>\(text)</integer></dict></plist>"
    #expect(
      try PropertyListFormat.propertyList.decode(Array(xml.utf8)) == [
        "n": .unsignedInteger(Self.big)
      ])
  }

  @Test func binaryReadsTheSixteenByteForm() throws {
    let low = (0..<8).reversed().map { UInt8(truncatingIfNeeded: Self.big >> ($0 * 8)) }
    let integer = [0x14] + [UInt8](repeating: 0, count: 8) + low
    let bytes = BinaryPropertyListBudgetTests.document(referencing: integer, count: 1)
    #expect(
      try PropertyListFormat.propertyList.decode(bytes) == [
        "d": .array([.unsignedInteger(Self.big)])
      ])
  }

  @Test(arguments: [PropertyListFormat.propertyList, .json])
  func everyFormatWritesThemBackExactly(format: PropertyListFormat) throws {
    let values: [String: PropertyListValue] = [
      "big": .unsignedInteger(Self.big), "max": .unsignedInteger(.max), "min": .integer(.min),
    ]
    #expect(try format.decode(format.encode(values)) == values)
  }

  /// TOML's integers are 64-bit signed: an unsigned integer above `Int64.max` is refused,
  /// naming its key, so that a store leaves that key out; `Int64.min` is kept.
  @Test func tomlRefusesThoseAboveInt64MaxNamingTheKey() throws {
    let error = #expect(throws: PropertyListFormatError.self) {
      try PropertyListFormat.toml.encode(["min": .integer(.min), "big": .unsignedInteger(Self.big)])
    }
    #expect(error?.kind == .unrepresentableValue)
    #expect(error?.key == "big")
    let kept = try PropertyListFormat.toml.encode(["min": .integer(.min)])
    #expect(try PropertyListFormat.toml.decode(kept) == ["min": .integer(.min)])
  }

  @Test(arguments: ["18446744073709551616", "-9223372036854775809"])
  func integersBeyondThemAreRefused(text: String) {
    let xml = "<plist><dict><key>n</key><integer>\(text)</integer></dict></plist>"
    #expect(throws: PropertyListFormatError.self) {
      try PropertyListFormat.propertyList.decode(Array(xml.utf8))
    }
    #expect(throws: PropertyListFormatError.self) {
      try PropertyListFormat.json.decode(Array("{\"n\": \(text)}".utf8))
    }
  }

  @Test func smallerIntegersAreAlwaysTheSignedCase() throws {
    #expect(PropertyListValue.integer(exactly: UInt64(Int64.max)) == .integer(.max))
    #expect(PropertyListValue.integer(exactly: UInt64(Int64.max) + 1) == .unsignedInteger(1 << 63))
    let json = try PropertyListFormat.json.decode(
      Array("{\"n\": 9223372036854775807, \"z\": -0}".utf8))
    #expect(json == ["n": .integer(.max), "z": .integer(0)])
  }
}

/// The date rules: every date a file holds is read; JSON writes every date exactly, an XML
/// property list every finite date within about 31 million years to the second.
struct PropertyListDateTests {
  static func date(_ interval: Double) -> PropertyListValue {
    .date(Date(timeIntervalSinceReferenceDate: interval))
  }

  @Test(arguments: [
    Date.distantPast.timeIntervalSinceReferenceDate,
    Date.distantFuture.timeIntervalSinceReferenceDate,
    -63_145_526_399.5,  // 0000-01-01T00:00:00.5Z
    275_492_102_400.25,  // 10731-01-01T00:00:00.25Z
    -1e-300, 1e300, -1e300, .infinity, -.infinity, .leastNonzeroMagnitude,
  ])
  func jsonKeepsEveryDateExactly(interval: Double) throws {
    let bytes = try JSONPropertyListWriter.encode(["d": Self.date(interval)])
    #expect(try JSONPropertyListParser.parse(bytes) == .dictionary(["d": Self.date(interval)]))
  }

  @Test func jsonKeepsANaNDate() throws {
    let bytes = try JSONPropertyListWriter.encode(["d": Self.date(.nan)])
    guard case .dictionary(let values) = try JSONPropertyListParser.parse(bytes),
      case .date(let date) = values["d"]
    else { Issue.record("not a date"); return }
    #expect(date.timeIntervalSinceReferenceDate.isNaN)
  }

  @Test(arguments: [
    (Date.distantPast.timeIntervalSinceReferenceDate, "0000-12-30T00:00:00Z"),
    (-63_177_062_400, "-0001-01-01T00:00:00Z"),
    (275_492_102_400.75, "10731-01-01T00:00:00Z"),
    (Date.distantFuture.timeIntervalSinceReferenceDate, "4001-01-01T00:00:00Z"),
  ])
  func propertyListsKeepDatesOutsideTheYears1To9999ToTheSecond(interval: Double, text: String)
    throws
  {
    let bytes = try PropertyListFormat.propertyList.encode(["d": Self.date(interval)])
    #expect(String(decoding: bytes, as: UTF8.self).contains("<date>\(text)</date>"))
    let back = try PropertyListFormat.propertyList.decode(bytes)
    #expect(back == ["d": Self.date(interval.rounded(.down))])
  }

  /// Dates before 1582 are read, and written, in the proleptic Gregorian calendar, as ISO 8601
  /// and Python's `datetime` count them (the seconds since 1970 below are CPython's
  /// `datetime.fromisoformat(text).timestamp()`; it has no year 0). Apple's Foundation reads
  /// them as Julian dates: swift-foundation's `badDate_decode` reads `0000-01-02T00:00:00Z` as
  /// -63145612800 s since 2001, two days before our -63145440000.
  @Test(arguments: [
    ("0000-01-02T00:00:00Z", -63_145_440_000 + 978_307_200),
    ("0001-01-01T00:00:00Z", -62_135_596_800), ("1582-10-04T00:00:00Z", -12_220_243_200),
    ("1582-10-15T00:00:00Z", -12_219_292_800),
  ])
  func datesBefore1582AreProlepticGregorian(text: String, secondsSince1970: Int) throws {
    let date = Date(timeIntervalSince1970: Double(secondsSince1970))
    let xml = "<plist><dict><key>d</key><date>\(text)</date></dict></plist>"
    #expect(try PropertyListFormat.propertyList.decode(Array(xml.utf8)) == ["d": .date(date)])
    let json = #"{"d": {"$date": "\#(text)"}}"#
    #expect(try PropertyListFormat.json.decode(Array(json.utf8)) == ["d": .date(date)])
    let written = try PropertyListFormat.propertyList.encode(["d": .date(date)])
    #expect(String(decoding: written, as: UTF8.self).contains("<date>\(text)</date>"))
  }

  @Test(arguments: [Double.infinity, -.infinity, .nan, 1e300])
  func propertyListsRefuseOnlyTheKeyOfADateTheyCannotHold(interval: Double) {
    #expect {
      try PropertyListFormat.propertyList.encode(["fine": .integer(1), "when": Self.date(interval)])
    } throws: { error in
      guard let error = error as? PropertyListFormatError else { return false }
      return error.kind == .unrepresentableValue && error.key == "when"
        && "\(error)".contains(".json")
    }
  }

  @Test func valuesDescribeEveryDate() {
    #expect(Self.date(.infinity).description == "date +infinity")
    #expect(
      Self.date(Date.distantPast.timeIntervalSinceReferenceDate).description
        == "date 0000-12-30T00:00:00Z")
  }

  /// 5e-324 s after 2001 needs 324 fractional digits; finding them once took 324 formatting
  /// attempts of growing length (about 1.2 ms a date: 20,000 such dates took 23 seconds).
  /// Now a debug build writes 10,000 in about a second.
  @Test func formattingADateWithAVeryLongFractionTakesLinearTime() throws {
    let date = Self.date(.leastNonzeroMagnitude)
    let values = PropertyListValue.array(Array(repeating: date, count: 10_000))
    let clock = ContinuousClock()
    let start = clock.now
    let bytes = try JSONPropertyListWriter.encode(["d": values])
    #expect(clock.now - start < .seconds(4))
    #expect(try JSONPropertyListParser.parse(bytes) == .dictionary(["d": values]))
  }
}
