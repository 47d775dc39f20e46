// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// Timestamps with a UTC offset, as the `prefs` tool reads them, are as exact as UTC ones:
/// every fractional digit counts, whatever the offset.
struct TimestampOffsetTests {
  /// Each text, CPython's `datetime.fromisoformat(text).timestamp()` for it (which keeps six
  /// fractional digits), and the same instant in UTC.
  @Test(arguments: [
    ("1979-05-27T00:32:00.999999-07:00", 296_638_320.999999, "1979-05-27T07:32:00.999999Z"),
    ("1979-05-27T00:32:00.1-07:00", 296_638_320.1, "1979-05-27T07:32:00.1Z"),
    ("1979-05-27T00:32:00.12-0700", 296_638_320.12, "1979-05-27T07:32:00.12Z"),
    ("1979-05-27T00:32:00.123+05", 296_595_120.123, "1979-05-26T19:32:00.123Z"),
    ("1969-12-31T23:59:59.5+00:00", -0.5, "1969-12-31T23:59:59.5Z"),
    ("2024-02-29T23:59:59.123456+14:00", 1_709_200_799.123456, "2024-02-29T09:59:59.123456Z"),
    ("2024-01-01T00:00:00.000001-12:00", 1_704_110_400.000001, "2024-01-01T12:00:00.000001Z"),
    ("2024-01-01T00:00:00.1234567-01:30", 1_704_072_600.123456, "2024-01-01T01:30:00.1234567Z"),
    ("2024-01-01T00:00:00.12345678+01:30", 1_704_061_800.123456, "2023-12-31T22:30:00.12345678Z"),
    ("2024-01-01T00:00:00.123456789+00:00", 1_704_067_200.123456, "2024-01-01T00:00:00.123456789Z"),
  ])
  func anOffsetIsReadAsExactlyAsUTC(text: String, python: Double, utc: String) throws {
    let date = try #require(ISO8601Timestamp.date(from: text, allowingOffset: true))
    #expect(date == ISO8601Timestamp.date(from: utc))
    // CPython keeps microseconds, rounding down: within one of them.
    let seconds = date.timeIntervalSince1970
    #expect(seconds - python > -1e-6 && seconds - python < 1e-6, "\(seconds) vs \(python)")
    // What `prefs read` prints reads back as the same date: to the microsecond, the same
    // digits in UTC; past it, the fewest digits a `Date` keeps.
    let printed = ISO8601Timestamp.exactText(for: date).text
    #expect(ISO8601Timestamp.date(from: printed) == date)
    if utc.split(separator: ".").last.map({ $0.count <= 7 }) ?? true { #expect(printed == utc) }
  }

  @Test(arguments: [
    "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00+01:60", "2024-01-01T00:00:00+1",
    "2024-01-01T00:00:00+01:0", "2024-01-01T00:00:00+0100Z", "2024-01-01T00:00:00.+01:00",
    "2024-01-01T00:00:00 +01:00", "2024-01-01T00:00:00", "2024-01-01T00:00:00.5",
  ])
  func aMalformedOffsetIsRefused(text: String) {
    #expect(ISO8601Timestamp.date(from: text, allowingOffset: true) == nil)
  }

  /// Property-list files hold UTC alone, as Apple's and Python's readers require.
  @Test func filesTakeOnlyUTC() {
    #expect(ISO8601Timestamp.date(from: "2024-01-01T00:00:00+01:00") == nil)
    #expect(ISO8601Timestamp.date(from: "2024-01-01T00:00:00.25Z") != nil)
  }
}
