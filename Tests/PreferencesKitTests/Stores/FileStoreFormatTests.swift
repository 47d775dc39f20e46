// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

/// Every value kind through every format the file store reads and writes.
struct FileStoreFormatTests {
  /// One of each kind, with awkward contents. Dates are whole seconds, which every format holds.
  static let everyKind: [String: PropertyListValue] = [
    "true": .bool(true),
    "false": .bool(false),
    "integer": .integer(-42),
    "largest": .integer(.max),
    "smallest": .integer(.min),
    "unsigned": .unsignedInteger(.max),
    "distantPast": .date(.distantPast),
    "double": .double(3.141_592_653_589_793),
    "wholeDouble": .double(5.0),
    "tiny": .double(.leastNonzeroMagnitude),
    "huge": .double(-1.797_693_134_862_315_7e308),
    "infinity": .double(.infinity),
    "negativeInfinity": .double(-.infinity),
    "string": .string("Ada <&> \"quoted\" 'single' \\ tab\t newline\n cr\r é 🎈"),
    "empty": .string(""),
    "data": .data(Data([0, 1, 2, 0xFF, 0xFE])),
    "emptyData": .data(Data()),
    "date": .date(Date(timeIntervalSince1970: 1_704_164_645)),
    "oldDate": .date(Date(timeIntervalSince1970: -2_000_000_000)),
    "array": .array([.integer(1), .string("two"), .array([]), .dictionary([:])]),
    "dictionary": .dictionary(["nested": .dictionary(["deeper": .bool(false)]), "": .integer(0)]),
    "$date": .string("a top-level key that looks like a tag"),
    "looksLikeATag": .dictionary(["$date": .string("2024-01-02T03:04:05Z")]),
    "looksLikeData": .dictionary(["$data": .integer(1)]),
    "escapedAlready": .dictionary(["$$date": .string("x")]),
    "dollarKey": .dictionary(["$other": .bool(true)]),
    "🔑 key with <markup> & \"quotes\"": .integer(7),
  ]

  @Test(arguments: ["preferences.plist", "preferences.json", "preferences.conf"])
  func everyValueKindRoundTrips(fileName: String) async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file(fileName)
      try FileStore(url: url).apply(Self.everyKind.mapValues(StoredChange.set))
      let read = try FileStore(url: url).allValues()
      #expect(read == Self.everyKind)
      #expect(read["wholeDouble"] == .double(5.0))
      // NaN never equals itself, so it is checked on its own.
      try FileStore(url: url).apply(["nan": .set(.double(.nan))])
      guard case .double(let nan)? = try FileStore(url: url).allValues()["nan"] else {
        Issue.record("NaN did not come back as a double")
        return
      }
      #expect(nan.isNaN)
    }
  }

  @Test func jsonKeepsDatesToFullPrecisionAndXMLToTheSecond() async throws {
    try await withTemporaryDirectory { directory in
      let dates = [
        Date(timeIntervalSinceReferenceDate: 725_943_845.123_456_7),
        Date(timeIntervalSinceReferenceDate: 0.1),
        Date(timeIntervalSinceReferenceDate: -725_943_845.987_654_321),
        Date(timeIntervalSince1970: 1_704_164_645.5),
      ]
      for (index, date) in dates.enumerated() {
        let json = FileStore(url: directory.file("\(index).json"))
        try json.apply(["date": .set(.date(date))])
        #expect(try FileStore(url: json.url).allValues()["date"] == .date(date))
        let xml = FileStore(url: directory.file("\(index).plist"))
        try xml.apply(["date": .set(.date(date))])
        let seconds = date.timeIntervalSinceReferenceDate.rounded(.down)
        #expect(
          try FileStore(url: xml.url).allValues()["date"]
            == .date(Date(timeIntervalSinceReferenceDate: seconds)))
      }
    }
  }

  @Test func jsonUsesTheDocumentedTaggedForms() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.json")
      try FileStore(url: url).apply([
        "date": .set(.date(Date(timeIntervalSince1970: 1_704_164_645.25))),
        "data": .set(.data(Data("hi".utf8))),
        "double": .set(.double(5)),
        "user": .set(.dictionary(["$date": .integer(1)])),
      ])
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains("\"date\": {\"$date\": \"2024-01-02T03:04:05.25Z\"}"))
      #expect(text.contains("\"data\": {\"$data\": \"aGk=\"}"))
      #expect(text.contains("\"double\": 5.0"))
      #expect(text.contains("\"$$date\": 1"))
    }
  }

  @Test func foundationReadsOurXMLAndWeReadFoundationsXMLAndBinary() async throws {
    let values: [String: Any] = [
      "string": "text & <markup>", "integer": 12, "double": 2.5, "bool": true,
      "date": Date(timeIntervalSinceReferenceDate: 700_000_000.25), "data": Data([1, 2, 3]),
      "array": [1, "two"], "dictionary": ["key": false],
    ]
    let expected: [String: PropertyListValue] = [
      "string": .string("text & <markup>"), "integer": .integer(12), "double": .double(2.5),
      "bool": .bool(true), "date": .date(Date(timeIntervalSinceReferenceDate: 700_000_000.25)),
      "data": .data(Data([1, 2, 3])), "array": .array([.integer(1), .string("two")]),
      "dictionary": .dictionary(["key": .bool(false)]),
    ]
    let binary = try PropertyListSerialization.data(
      fromPropertyList: values, format: .binary, options: 0)
    #expect(try PropertyListFormat.propertyList.decode(Array(binary)) == expected)

    let xml = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
    var toTheSecond = expected
    toTheSecond["date"] = .date(Date(timeIntervalSinceReferenceDate: 700_000_000))
    #expect(try PropertyListFormat.propertyList.decode(Array(xml)) == toTheSecond)

    let ours = try XMLPropertyListWriter.encode(toTheSecond)
    let parsed = try PropertyListSerialization.propertyList(from: Data(ours), format: nil)
    let dictionary = try #require(parsed as? [String: Any])
    #expect(dictionary["string"] as? String == "text & <markup>")
    #expect(dictionary["integer"] as? Int == 12)
    #expect(dictionary["double"] as? Double == 2.5)
    #expect(dictionary["date"] as? Date == Date(timeIntervalSinceReferenceDate: 700_000_000))
    #expect(dictionary["data"] as? Data == Data([1, 2, 3]))
  }

  /// As macOS `defaults` keeps its files: Foundation reads what we write back.
  @Test func aBinaryPropertyListIsRewrittenAsBinaryOnTheNextWrite() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let binary = try PropertyListSerialization.data(
        fromPropertyList: ["kept": "yes"], format: .binary, options: 0)
      try binary.write(to: url)
      let store = FileStore(url: url)
      #expect(try store.allValues() == ["kept": .string("yes")])
      try store.apply(["added": .set(.integer(1))])
      let written = try Data(contentsOf: url)
      #expect(written.starts(with: "bplist00".utf8))
      #expect(
        try FileStore(url: url).allValues() == ["kept": .string("yes"), "added": .integer(1)])
      var format = PropertyListSerialization.PropertyListFormat.xml
      let parsed = try PropertyListSerialization.propertyList(from: written, format: &format)
      #expect(format == .binary)
      #expect((parsed as? [String: Any])?["added"] as? Int == 1)
    }
  }

  /// Numbers, dates and data may stand between white space, as other tools write them: the
  /// XML reader trims exactly what Foundation's `.whitespacesAndNewlines` trims.
  @Test func xmlScalarsBetweenWhiteSpaceParse() throws {
    let xml = """
      <plist><dict>
        <key>integer</key><integer>\n  42\u{A0}</integer>
        <key>real</key><real>\t1.5\u{2028}</real>
        <key>date</key><date> 2024-01-02T03:04:05Z\u{3000}</date>
        <key>data</key><data>
          AAEC
        </data>
        <key>text</key><string> a &amp; <![CDATA[<b>]]> </string>
      </dict></plist>
      """
    #expect(
      try PropertyListFormat.propertyList.decode(Array(xml.utf8)) == [
        "integer": .integer(42), "real": .double(1.5),
        "date": .date(Date(timeIntervalSince1970: 1_704_164_645)), "data": .data(Data([0, 1, 2])),
        "text": .string(" a & <b> "),
      ])
    for value in 0..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "\(scalar)\(scalar)x\(scalar)y\(scalar)"
      #expect(
        XMLPropertyListParser.trimmingWhitespace(text)
          == text.trimmingCharacters(in: .whitespacesAndNewlines),
        "U+\(String(value, radix: 16))")
    }
  }

  @Test func parseErrorsSayWhereAndWhat() throws {
    let xml = "<plist>\n<dict>\n  <key>a</key>\n  <integer>abc</integer>\n</dict>\n</plist>"
    let error = try #require(throws: PropertyListFormatError.self) {
      try PropertyListFormat.propertyList.decode(Array(xml.utf8))
    }
    #expect(error.kind == .corruptFile)
    #expect(error.reason?.contains("line 4, column 3") == true)
    #expect(error.reason?.contains("\"abc\" is not an integer from -2^63 to 2^64-1") == true)
    #expect(error.line == 4 && error.column == 3)

    let json = "{\n  \"a\": 1,\n  \"b\": nul\n}"
    let jsonError = try #require(throws: PropertyListFormatError.self) {
      try PropertyListFormat.json.decode(Array(json.utf8))
    }
    #expect(jsonError.reason?.contains("line 3, column 8") == true)
    #expect(jsonError.line == 3 && jsonError.column == 8 && jsonError.byteOffset == 19)

    let array = try #require(throws: PropertyListFormatError.self) {
      try PropertyListFormat.json.decode(Array("[1, 2]".utf8))
    }
    #expect(array.expected == "a dictionary at the top level")
    #expect(array.found == "array")
  }

  /// The format's error reaches the store's caller as a `PreferenceError` naming the file, its
  /// reason still saying the line and the column.
  @Test func aStoreReportsAParseErrorWithItsFileLineAndColumn() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("broken.json")
      try Data("{\n  \"a\": 1,\n  \"b\": nul\n}".utf8).write(to: url)
      let error = try #require(throws: PreferenceError.self) {
        try FileStore(url: url).allValues()
      }
      #expect(error.kind == .corruptFile)
      #expect(error.file == url)
      #expect(error.description.contains("in \(url.path): not valid JSON at line 3, column 8"))
    }
  }
}
