// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

/// Binary property lists written back as binary, as macOS `defaults` keeps its files.
struct BinaryPropertyListWriterTests {
  static let values: [String: PropertyListValue] = [
    "bool": .bool(true), "false": .bool(false), "zero": .integer(0), "byte": .integer(255),
    "short": .integer(65_535), "word": .integer(1 << 32 - 1), "long": .integer(.max),
    "negative": .integer(.min), "unsigned": .unsignedInteger(.max), "double": .double(-0.1),
    "infinite": .double(-.infinity), "date": .date(Date(timeIntervalSinceReferenceDate: 0.125)),
    "farDate": .date(Date(timeIntervalSinceReferenceDate: 1e300)),
    "infiniteDate": .date(Date(timeIntervalSinceReferenceDate: .infinity)),
    "ascii": .string("plain"), "unicode": .string("Ádám 🎈 \u{0} \u{FFFF}"),
    "long string": .string(String(repeating: "x", count: 300)),
    "data": .data(Data((0..<20).map(UInt8.init))), "empty": .data(Data()),
    "array": .array((0..<300).map { .integer(Int64($0)) }),
    "nested": .dictionary(["deeper": .dictionary(["deepest": .array([.string("é")])])]),
    "emptyArray": .array([]), "emptyDictionary": .dictionary([:]),
  ]

  @Test func everyValueReadsBackExactly() throws {
    let bytes = try PropertyListFormat.propertyList.encode(Self.values, binary: true)
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    #expect(try PropertyListFormat.propertyList.decode(bytes) == Self.values)
  }

  @Test func aNaNDateReadsBackAsNaN() throws {
    let values: [String: PropertyListValue] = [
      "d": .date(Date(timeIntervalSinceReferenceDate: .nan))
    ]
    let bytes = try PropertyListFormat.propertyList.encode(values, binary: true)
    guard case .date(let date) = try PropertyListFormat.propertyList.decode(bytes)["d"] else {
      Issue.record("not a date")
      return
    }
    #expect(date.timeIntervalSinceReferenceDate.isNaN)
  }

  @Test func nestingPastTheLimitIsRefusedNamingTheKey() throws {
    func nested(_ depth: Int) -> PropertyListValue {
      (0..<depth).reduce(PropertyListValue.array([])) { inner, _ in .array([inner]) }
    }
    // The top-level dictionary is one level: 511 arrays inside it reach the 512 allowed.
    let deepest = try PropertyListFormat.propertyList.encode(["k": nested(510)], binary: true)
    #expect(try PropertyListFormat.propertyList.decode(deepest)["k"] == nested(510))
    #expect {
      try PropertyListFormat.propertyList.encode(["k": nested(511)], binary: true)
    } throws: { error in
      (error as? PropertyListFormatError)?.kind == .nestingTooDeep
        && (error as? PropertyListFormatError)?.key == "k"
    }
  }

  /// An undeclared key holding a date no XML property list holds (here infinity, which a
  /// binary file can hold) no longer blocks every write: the file stays binary.
  @Test func aBinaryFileIsRewrittenAsBinaryKeepingWhatXMLCannotHold() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let kept: [String: PropertyListValue] = [
        "other.never": .date(Date(timeIntervalSinceReferenceDate: .infinity)),
        "other.precise": .date(Date(timeIntervalSinceReferenceDate: 0.125)),
      ]
      try Data(PropertyListFormat.propertyList.encode(kept, binary: true)).write(to: url)
      let prefs = DraftPreferences(store: FileStore(url: url))
      prefs.draft = "changed"
      try prefs.writePreferences()
      let bytes = try [UInt8](Data(contentsOf: url))
      #expect(bytes.starts(with: Array("bplist00".utf8)))
      let values = try PropertyListFormat.propertyList.decode(bytes)
      #expect(values["other.never"] == kept["other.never"])
      #expect(values["other.precise"] == kept["other.precise"])
      #expect(values["draft"] == .string("changed"))
    }
  }

  @Test func anXMLFileStaysXML() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      try Data(PropertyListFormat.propertyList.encode(["a": .integer(1)])).write(to: url)
      let prefs = DraftPreferences(store: FileStore(url: url))
      prefs.draft = "changed"
      try prefs.writePreferences()
      #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("<?xml"))
    }
  }
}
