// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// Every TOML 1.0.0 case of the toml-test suite: each valid file reads as exactly its values,
/// each invalid one is refused with a line and column, and none crashes.
struct TOMLCorpusTests {
  @Test func everyValidCaseReadsAsItsValues() throws {
    let cases = TOMLCorpus.cases("valid/")
    #expect(cases.count > 200)
    var passed = 0
    for name in cases {
      let bytes = try TOMLCorpus.bytes(name)
      let expected = try JSONPropertyListParser.parse(
        TOMLCorpus.bytes(String(name.dropLast(5)) + ".json"))
      do {
        let values = try TOMLDocument.decode(bytes)
        let (salvaged, problems) = TOMLDocument.salvage(bytes)
        #expect(
          problems.isEmpty && TOMLEditor.same(.dictionary(salvaged.values), .dictionary(values)),
          "\(name): salvage")
        let matches = TOMLCorpus.matches(.dictionary(values), expected)
        #expect(matches, "\(name): read \(values), expected \(expected)")
        if matches { passed += 1 }
      } catch {
        Issue.record("\(name): refused: \(error)")
      }
    }
    print("toml-test valid: \(passed) of \(cases.count)")
  }

  @Test func everyInvalidCaseIsRefusedWithItsPlace() throws {
    let cases = TOMLCorpus.cases("invalid/")
    #expect(cases.count > 400)
    var refused = 0
    for name in cases {
      let bytes = try TOMLCorpus.bytes(name)
      do {
        let values = try TOMLDocument.decode(bytes)
        Issue.record("\(name): read \(values)")
      } catch let error as PropertyListFormatError {
        refused += 1
        #expect(error.line != nil && error.column != nil, "\(name): \(error)")
      }
      // Salvage keeps what it can and names the damage's line and column.
      let (_, problems) = TOMLDocument.salvage(bytes)
      #expect(!problems.isEmpty && problems.allSatisfy { $0.line != nil }, "\(name)")
    }
    print("toml-test invalid: \(refused) of \(cases.count) refused")
  }
}
