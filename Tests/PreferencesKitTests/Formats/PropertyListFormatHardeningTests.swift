// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

/// Inputs and values that once crashed a reader or made a writer produce a file other tools
/// refuse.
struct PropertyListFormatHardeningTests {
  /// A 50-byte binary property list: an array whose one reference is 2^64 - 1, above `Int.max`.
  static let referenceAboveIntMax: [UInt8] = {
    var bytes = Array("bplist00".utf8)
    bytes += [0xA1] + [UInt8](repeating: 0xFF, count: 8)  // array of 1, reference 2^64 - 1
    let tableStart = UInt64(bytes.count)
    bytes += [8]  // the offset table: object 0 is at byte 8
    bytes += [0, 0, 0, 0, 0, 0, 1, 8]  // unused; offset size 1; reference size 8
    for number: UInt64 in [1, 0, tableStart] {  // object count, top object, table start
      bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) }
    }
    return bytes
  }()

  @Test func aBinaryReferenceAboveIntMaxIsACorruptFileNotACrash() throws {
    #expect(Self.referenceAboveIntMax.count == 50)
    let error = try #require(throws: PropertyListFormatError.self) {
      try PropertyListFormat.propertyList.decode(Self.referenceAboveIntMax)
    }
    #expect(error.kind == .corruptFile)
  }

  @Test(arguments: ["\u{1}", "\u{0}", "a\u{1F}b", "\u{FFFE}", "\u{FFFF}", "x\u{8}"])
  func theXMLWriterRefusesCharactersXMLCannotHold(text: String) throws {
    let inValue = try #require(throws: PropertyListFormatError.self) {
      try XMLPropertyListWriter.encode(["top": .dictionary(["inner": .array([.string(text)])])])
    }
    #expect(inValue.kind == .unrepresentableValue)
    #expect(inValue.key == "top")
    #expect(inValue.path == ".inner[0]")
    #expect(inValue.description.contains("JSON"))
    let inKey = try #require(throws: PropertyListFormatError.self) {
      try XMLPropertyListWriter.encode(["k" + text: .integer(1)])
    }
    #expect(inKey.kind == .unrepresentableValue)
    #expect(inKey.key == "k" + text)
    #expect(inKey.path == nil)
  }

  @Test func theXMLWriterKeepsTabNewlineAndCarriageReturn() throws {
    let text = "a\tb\nc\rd\u{7F}e\u{FFFD}\u{10FFFF}"
    let bytes = try XMLPropertyListWriter.encode(["k": .string(text)])
    #expect(try XMLPropertyListParser.parse(bytes) == .dictionary(["k": .string(text)]))
  }

  @Test func theJSONWriterHoldsControlCharactersAndTheXMLReaderStillReadsThem() throws {
    let text = "\u{0}\u{1}\u{1F}\u{FFFE}\u{FFFF}"
    let bytes = try JSONPropertyListWriter.encode([text: .string(text)])
    #expect(String(decoding: bytes, as: UTF8.self).contains("\\u0001"))
    #expect(try JSONPropertyListParser.parse(bytes) == .dictionary([text: .string(text)]))
    let xml = Array("<plist><dict><key>k</key><string>a&#1;b</string></dict></plist>".utf8)
    #expect(try XMLPropertyListParser.parse(xml) == .dictionary(["k": .string("a\u{1}b")]))
  }

  @Test func importReadsJSONThatStartsWithAByteOrderMark() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let document = [0xEF, 0xBB, 0xBF] + Array("\n{\"userName\": \"Ada\"}".utf8)
    try prefs.importValues(from: Data(document))
    #expect(prefs.userName == "Ada")
  }

  @Test(arguments: [Double.leastNonzeroMagnitude, 1e-300, 1e-20, 0.1, -725_943_845.987_654_321])
  func jsonKeepsDatesWithTinyFractionsExactly(interval: Double) throws {
    let date = PropertyListValue.date(Date(timeIntervalSinceReferenceDate: interval))
    let bytes = try JSONPropertyListWriter.encode(["d": date])
    #expect(try JSONPropertyListParser.parse(bytes) == .dictionary(["d": date]))
  }

  @Test func aDateJustBelowAWholeSecondIsWrittenAsThatSecondNotTheOneBefore() throws {
    let text = ISO8601Timestamp.string(for: Date(timeIntervalSinceReferenceDate: -1e-300))
    #expect(text == "2001-01-01T00:00:00Z")
  }
}
