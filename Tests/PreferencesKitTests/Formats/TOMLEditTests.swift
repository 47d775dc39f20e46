// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// Writing back only what changed, over every valid toml-test case and a hand-written file.
struct TOMLEditTests {
  /// Edits per file: `TOML_EDIT_ROUNDS` (default 3).
  static let rounds = Int(ProcessInfo.processInfo.environment["TOML_EDIT_ROUNDS"] ?? "") ?? 3

  static let commented = """
    # Settings of Example, edited by hand.
    title = 'My "app"'   # the window's title
    size  = 0x10         # hex stays hex until changed
    ratio = 1_000.5
    colors = [
      "red",   # warm
      "blue",
    ]
    server.host = "example.org"
    server.port = 8_080

    # The database, for the sync feature.
    [database]
    enabled = true
    ports = [ 8000, 8001 ]
    limits = { max = 10, min = 1 }

    [[plugins]]
    name = "a"

    [[plugins]]
    name = "b" # last

    [owner.address]
    city = "Paris"
    """

  @Test func nothingChangedWritesTheSameBytesForEveryValidCase() throws {
    for name in TOMLCorpus.cases("valid/") {
      let bytes = try TOMLCorpus.bytes(name)
      let document = try TOMLDocument(parsing: bytes)
      #expect(try document.updated(to: document.values) == bytes, "\(name)")
    }
  }

  @Test func oneKeyChangedTouchesOnlyThatKeysLinesInEveryValidCase() throws {
    var random = SplitMix64(seed: 34)
    for name in TOMLCorpus.cases("valid/") {
      let bytes = try TOMLCorpus.bytes(name)
      for _ in 0..<Self.rounds { try TOMLEditProperty.check(bytes, name: name, random: &random) }
    }
  }

  @Test(arguments: ["\n", "\r\n"])
  func oneKeyChangedTouchesOnlyThatKeysLinesInAHandWrittenFile(lineEnding: String) throws {
    let bytes = Array(Self.commented.replacingOccurrences(of: "\n", with: lineEnding).utf8)
    var random = SplitMix64(seed: 3_400)
    for _ in 0..<(100 * Self.rounds) {
      try TOMLEditProperty.check(bytes, name: "commented", random: &random)
    }
  }
}
