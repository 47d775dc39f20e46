// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

/// Keys equal only up to Unicode normalization, `"café"` (U+00E9) and `"cafe\u{301}"`: Swift's
/// `String` compares them as one key, Foundation's dictionaries as two. A file holding both
/// is refused rather than merged, so the next write cannot drop one.
struct KeySpellingTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  static func xml(_ inner: String) -> [UInt8] {
    Array("<plist><dict>\(inner)</dict></plist>".utf8)
  }

  static let bothKeys =
    "<key>\(composed)</key><integer>1</integer><key>\(decomposed)</key><integer>2</integer>"

  @Test func theyAreDifferentKeysToFoundationButOneToSwift() {
    #expect(Self.composed == Self.decomposed)
    #expect(!Self.composed.utf8.elementsEqual(Self.decomposed.utf8))
  }

  @Test func aDocumentHoldingBothIsRefusedNamingThem() {
    let documents: [(PropertyListFormat, [UInt8])] = [
      (.propertyList, Self.xml(Self.bothKeys)),
      (.propertyList, Self.xml("<key>outer</key><dict>\(Self.bothKeys)</dict>")),
      (.json, Array("{\"\(Self.composed)\": 1, \"\(Self.decomposed)\": 2}".utf8)),
    ]
    for (format, bytes) in documents {
      #expect {
        try format.decode(bytes)
      } throws: { error in
        "\(error)".contains("U+65 U+301") && "\(error)".contains("Unicode normalization")
      }
    }
  }

  @Test func aKeyWrittenTwiceExactlyStillHoldsItsLastValue() throws {
    let inner = "<key>a</key><integer>1</integer><key>a</key><integer>2</integer>"
    #expect(try PropertyListFormat.propertyList.decode(Self.xml(inner)) == ["a": .integer(2)])
  }

  @Test func salvageKeepsTheFirstAndListsTheOtherAsLost() {
    let salvage = PropertyListFormat.propertyList.salvage(Self.xml(Self.bothKeys))
    #expect(salvage.values.count == 1)
    #expect(salvage.values.keys.first.map { $0.utf8.elementsEqual(Self.composed.utf8) } == true)
    #expect(salvage.lostKeys.count == 1)
    #expect(salvage.lostKeys.first.map { $0.utf8.elementsEqual(Self.decomposed.utf8) } == true)
  }

  /// The store reports the file, and the write that follows keeps the original bytes beside
  /// it, both keys intact.
  @Test func aFileStoreKeepsBothSpellingsInTheFileItSetsAside() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let original = Data(Self.xml(Self.bothKeys))
      try original.write(to: url)
      let prefs = DraftPreferences(store: FileStore(url: url))
      #expect(prefs.problemErrors(.load).contains { $0.description.contains("Unicode normalization") })
      prefs.draft = "kept"
      try prefs.writePreferences()
      let kept = directory.names().filter { $0 != "preferences.plist" }.compactMap {
        try? Data(contentsOf: directory.file($0))
      }
      #expect(kept.contains(original))
    }
  }
}
