// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// Declarations that stop the program, checked in real processes.
struct PreferencesProcessTests {
  @Test func twoPropertiesWithOneKeyStopTheProgramNamingBoth() throws {
    let (message, failed) = try TestHelperProcess.standardError(of: "duplicate-keys")
    #expect(failed)
    #expect(message.contains("'fontSize' and 'size' both use the preference key \"size\""))
  }

  /// "café" (U+00E9) and "cafe\u{301}" are one key to Swift's `String` and to every store's
  /// dictionary: declaring both is a duplicate, and the message shows the two spellings.
  @Test func keysEqualUpToUnicodeNormalizationStopTheProgramShowingBothSpellings() throws {
    let (message, failed) = try TestHelperProcess.standardError(of: "equivalent-keys")
    #expect(failed)
    #expect(message.contains("'composed' and 'decomposed' both use the preference key"))
    #expect(message.contains("U+63 U+61 U+66 U+E9 and U+63 U+61 U+66 U+65 U+301"))
  }

  @Test(arguments: [
    ("rejected-default", "RejectedDefaultPreferences"),
    ("rejected-set-default", "RejectedSetDefaultPreferences"),
  ])
  func aDefaultThatBreaksItsOwnConstraintStopsTheProgramNamingClassAndKey(
    _ command: String, className: String
  ) throws {
    let (message, failed) = try TestHelperProcess.standardError(of: command)
    #expect(failed)
    #expect(
      message.contains("\(className): the default of preference \"fontSize\" breaks"),
      "\(message)")
    #expect(message.contains("expected a value in 8.0...72.0"))
  }
}

#endif
