// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// One property of each property-list kind, for ``ValueFidelityTests``.
final class EdgePreferences: Preferences, @unchecked Sendable {
  @Preference var text = "default"
  @Preference var integer = 7
  @Preference var unsigned: UInt64 = 7
  @Preference var number = 7.0
  @Preference var flag = false
  @Preference var date = Date(timeIntervalSinceReferenceDate: 7)
  @Preference var data = Data([7])
  @Preference var dates: [Date] = []
  @Preference var numbers: [String: Double] = [:]
}

/// The kinds of file a `FileStore` writes: an XML property list, a binary one (a `.plist` that
/// is binary already stays binary) and JSON.
enum FileKind: String, CaseIterable, Sendable {
  case xml, binary, json

  /// A new store file of this kind, holding one unrelated entry.
  func makeFile(in directory: TemporaryDirectory) throws -> URL {
    let url = directory.file(self == .json ? "edge.json" : "edge.plist")
    let format = PropertyListFormat(fileExtension: url.pathExtension)
    let bytes = try format.encode(["seed": .integer(1)], binary: self == .binary)
    try Data(bytes).write(to: url)
    return url
  }

  /// `date` as this kind of file holds it: to the second in XML, exactly otherwise.
  func holds(_ date: Date) -> Date {
    let interval = date.timeIntervalSinceReferenceDate
    return self == .xml ? Date(timeIntervalSinceReferenceDate: interval.rounded(.down)) : date
  }
}

/// A value at the edge of what a kind holds: assigned to an ``EdgePreferences``, then checked
/// in the instance that wrote it and in a fresh one that loads the file.
struct Edge: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let assign: @Sendable (EdgePreferences) -> Void
  let check: @Sendable (EdgePreferences, FileKind) -> Void

  static let megabyteText = String(repeating: "é✓a😀 <&>", count: 1024 * 1024 / 16)
  static let megabyteData = Data((0..<(1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 * 7) })
  /// Dates with fractions of a second, before and after 2001, and the far ends `Date` names.
  static let edgeDates = [
    Date(timeIntervalSinceReferenceDate: 123_456.789), Date(timeIntervalSinceReferenceDate: -0.5),
    Date(timeIntervalSince1970: 1_000_000_000.000001), Date(timeIntervalSinceReferenceDate: 1e-9),
    Date(timeIntervalSinceReferenceDate: -62_135_596_800.25), .distantPast, .distantFuture,
  ]

  static func text(_ name: String, _ value: String) -> Edge {
    Edge(testDescription: name, assign: { $0.text = value }) { prefs, _ in
      #expect(prefs.text == value)
    }
  }

  static func integer(_ name: String, _ value: Int) -> Edge {
    Edge(testDescription: name, assign: { $0.integer = value }) { prefs, _ in
      #expect(prefs.integer == value)
    }
  }

  /// A double, alone and inside a dictionary.
  static func number(_ name: String, _ value: Double) -> Edge {
    Edge(testDescription: name) {
      $0.number = value
      $0.numbers = ["x": value]
    } check: { prefs, _ in
      #expect(prefs.number.bitPattern == value.bitPattern, "\(prefs.number) is not \(value)")
      #expect(prefs.numbers["x"]?.bitPattern == value.bitPattern)
    }
  }

  static let all: [Edge] = [
    text("empty string", ""),
    text("markup, emoji, combining marks", "<&>\"' ]]> \t\n\r ✓ 😀 e\u{301} \u{FEFF}"),
    text("1 MB string", megabyteText),
    integer("Int.min", .min), integer("Int.max", .max),
    Edge(testDescription: "UInt64.max", assign: { $0.unsigned = .max }) { prefs, _ in
      #expect(prefs.unsigned == .max)
    },
    number("-0.0", -0.0), number("NaN", .nan), number("infinity", .infinity),
    number("-infinity", -.infinity), number("smallest subnormal", .leastNonzeroMagnitude),
    number("largest double", .greatestFiniteMagnitude), number("0.1", 0.1),
    Edge(testDescription: "true", assign: { $0.flag = true }) { prefs, _ in #expect(prefs.flag) },
  ]
    + edgeDates.map { date in
      Edge(testDescription: "date \(date.timeIntervalSinceReferenceDate)") {
        $0.date = date
      } check: { prefs, kind in
        #expect(prefs.date == kind.holds(date))
      }
    }
    + [
      Edge(testDescription: "dates in an array", assign: { $0.dates = edgeDates }) { prefs, kind in
        #expect(prefs.dates == edgeDates.map(kind.holds))
      },
      Edge(testDescription: "empty data", assign: { $0.data = Data() }) { prefs, _ in
        #expect(prefs.data == Data())
      },
      Edge(testDescription: "1 MB of data", assign: { $0.data = megabyteData }) { prefs, _ in
        #expect(prefs.data == megabyteData)
      },
    ]
}

/// Every property-list kind, at the edges of what it holds, through each kind of file:
/// `writePreferences()`, then a fresh instance's load, read back what README's table of formats
/// promises (every value exactly, but dates to the second in XML).
struct ValueFidelityTests {
  @Test(arguments: FileKind.allCases, Edge.all)
  func aValueAtTheEdgeReadsBackAsTheFormatPromises(kind: FileKind, edge: Edge) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try kind.makeFile(in: directory)
    let prefs = EdgePreferences(store: FileStore(url: url))
    edge.assign(prefs)
    try prefs.writePreferences()
    #expect(prefs.preferenceProblems.isEmpty)
    // The writer holds what the file holds, as a reload would give.
    edge.check(prefs, kind)

    let loaded = EdgePreferences(store: FileStore(url: url))
    #expect(loaded.preferenceProblems.isEmpty)
    edge.check(loaded, kind)
    #expect(try Data(contentsOf: url).starts(with: "bplist00".utf8) == (kind == .binary))
    #expect(try FileStore(url: url).allValues()["seed"] == .integer(1))
  }
}
