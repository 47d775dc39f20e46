// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

/// What `PropertyListFormat.salvage(_:)` recovers from damaged files.
struct PropertyListSalvageTests {
  static let xmlFormat = PropertyListFormat.propertyList

  @Test func xmlSkipsTheDamagedEntryAndKeepsTheOthers() {
    let file =
      "<dict><key>a</key><integer>1</integer><key>b</key><integer>3</integr>"
      + "<key>c</key><string>x</string></dict>"
    let salvage = Self.xmlFormat.salvage(Array(file.utf8))
    #expect(salvage.values == ["a": .integer(1), "c": .string("x")])
    #expect(salvage.lostKeys == ["b"])
  }

  @Test func xmlResynchronizesAtTheNextLineIndentedAsATopLevelKey() throws {
    let values: [String: PropertyListValue] = [
      "a": .array([.integer(1), .dictionary(["inner": .string("x")])]),
      "b": .dictionary(["deep": .array([.bool(true)])]),
      "c": .string("kept"),
    ]
    var text = String(decoding: try XMLPropertyListWriter.encode(values), as: UTF8.self)
    // Lose b's closing </dict>: counting depth alone would never find c again.
    let damaged = text.range(of: "\t</dict>\n\t<key>c</key>")!
    text.replaceSubrange(damaged, with: "\t<key>c</key>")
    let salvage = Self.xmlFormat.salvage(Array(text.utf8))
    #expect(salvage.values == ["a": values["a"]!, "c": .string("kept")])
    #expect(salvage.lostKeys == ["b"])
  }

  /// `{"userName": "Ada", "fontSize": 1` might have said 14.5: a number is salvaged only when
  /// the byte after it shows it is whole.
  @Test(arguments: [
    ("{\"userName\": \"Ada\", \"fontSize\": 1", PropertyListFormat.json),
    ("{\"userName\": \"Ada\", \"fontSize\": 1\n", .json),
    ("{\"userName\": \"Ada\", \"fontSize\": 1.5e", .json),
    ("{\"userName\": \"Ada\", \"fontSize\": -", .json),
    ("<dict><key>userName</key><string>Ada</string><key>fontSize</key><real>1", .propertyList),
    (
      "<dict><key>userName</key><string>Ada</string><key>fontSize</key><real>1</real", .propertyList
    ),
  ])
  func aNumberCutByTheEndOfTheFileIsNotSalvaged(text: String, format: PropertyListFormat) {
    let salvage = format.salvage(Array(text.utf8))
    #expect(salvage.values == ["userName": .string("Ada")])
    #expect(salvage.lostKeys == ["fontSize"])
  }

  @Test func aNumberFollowedByItsDelimiterIsSalvaged() {
    let salvage = PropertyListFormat.json.salvage(Array("{\"a\": 1 , \"b\": 2}  x".utf8))
    #expect(salvage.values == ["a": .integer(1), "b": .integer(2)])
  }

  @Test func aTruncatedFileKeepsEveryEntryBeforeTheCut() throws {
    let values: [String: PropertyListValue] = [
      "a": .integer(1), "b": .array([.string("two")]), "c": .double(3.5),
    ]
    for format in PropertyListFormat.allCases {
      let bytes = try format.encode(values, file: URL(fileURLWithPath: "/t"))
      let text = String(decoding: bytes, as: UTF8.self)
      let cut = text.range(of: "3.5")!.lowerBound
      let salvage = format.salvage(Array(text[..<cut].utf8))
      #expect(salvage.values == ["a": .integer(1), "b": .array([.string("two")])])
      #expect(salvage.lostKeys == ["c"])
    }
  }

  @Test func jsonSkipsTheDamagedEntryOnOneLineOrMany() throws {
    let compact = #"{"a": 1, "b": [1, 2, oops], "c": {"$date": "2024-01-02T03:04:05Z"}}"#
    let salvage = PropertyListFormat.json.salvage(Array(compact.utf8))
    #expect(Array(salvage.values.keys).sorted() == ["a", "c"])
    #expect(salvage.lostKeys == ["b"])
    let indented = "{\n  \"a\": \"x\",\n  \"b\": \"never closed,\n  \"c\": [\n    true\n  ]\n}\n"
    let lines = PropertyListFormat.json.salvage(Array(indented.utf8))
    #expect(lines.values == ["a": .string("x"), "c": .array([.bool(true)])])
    #expect(lines.lostKeys == ["b"])
  }

  @Test func aWholeFileIsSalvagedWhole() throws {
    let values = FileStoreFormatTests.everyKind
    for format in [PropertyListFormat.propertyList, .json] {
      let bytes = try format.encode(values, file: URL(fileURLWithPath: "/t"))
      #expect(format.salvage(bytes) == SalvagedValues(values: values))
    }
    let lone = try JSONPropertyListWriter.encode(["$date": .integer(1)])
    #expect(PropertyListFormat.json.salvage(lone).values == ["$date": .integer(1)])
  }

  @Test func binaryKeepsEntriesWhoseReferencesAreValid() throws {
    let values: [String: Any] = ["a": 1, "b": "two", "c": [true]]
    var bytes = [UInt8](
      try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0))
    #expect(Self.xmlFormat.salvage(bytes).values.count == 3)
    // Point the string "two" past the end of the object table by damaging its offset entry.
    let tableStart = bytes[(bytes.count - 8)...].reduce(0) { $0 << 8 | Int($1) }
    let offsetSize = Int(bytes[bytes.count - 26])
    let stringOffset = bytes.firstRange(of: Array("two".utf8))!.lowerBound - 1
    for index in 0..<((bytes.count - 32 - tableStart) / offsetSize) {
      let entry = tableStart + index * offsetSize
      if bytes[(entry + offsetSize - 1)] == UInt8(stringOffset) {
        bytes[entry + offsetSize - 1] = 0xFF
      }
    }
    #expect(throws: PropertyListFormatError.self) { try Self.xmlFormat.decode(bytes) }
    let salvage = Self.xmlFormat.salvage(bytes)
    #expect(salvage.values == ["a": .integer(1), "c": .array([.bool(true)])])
    #expect(salvage.lostKeys == ["b"])
  }

  @Test func nothingUsableGivesAnEmptySalvage() {
    for bytes in [[], Array("garbage".utf8), Array("bplist00".utf8), [0xEF, 0xBB, 0xBF]] {
      #expect(Self.xmlFormat.salvage(bytes) == SalvagedValues())
      #expect(PropertyListFormat.json.salvage(bytes) == SalvagedValues())
    }
  }
}
