// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PropertyListFormats

/// The rules of a write into an existing TOML file, one by one.
struct TOMLEditorTests {
  func edit(_ text: String, _ change: (inout [String: PropertyListValue]) -> Void) throws
    -> String
  {
    let document = try TOMLDocument(parsing: Array(text.utf8))
    var values = document.values
    change(&values)
    let written = try document.updated(to: values)
    #expect(try TOMLDocument.decode(written) == values)
    return String(decoding: written, as: UTF8.self)
  }

  @Test func aChangedValueIsRewrittenInPlainFormKeepingKeyAndComment() throws {
    let text = "\"size\" = 0x1_0   # in points\nname = 'a'\n"
    #expect(
      try edit(text) { $0["size"] = .integer(17) } == "\"size\" = 17   # in points\nname = 'a'\n")
    #expect(
      try edit(text) { $0["name"] = .string("b\"") }
        == "\"size\" = 0x1_0   # in points\nname = \"b\\\"\"\n")
  }

  @Test func aTableChangedInOneFieldChangesOneLine() throws {
    let text = "[window] # main\nwidth = 80\nheight = 24 # rows\n\n[other]\nx = 1\n"
    let written = try edit(text) {
      $0["window"] = .dictionary(["width": .integer(80), "height": .integer(30)])
    }
    #expect(written == "[window] # main\nwidth = 80\nheight = 30 # rows\n\n[other]\nx = 1\n")
    let dotted = try edit("a.b = 1\na.c = 2\n") {
      $0["a"] = .dictionary(["b": .integer(1), "c": .integer(3), "d": .bool(true)])
    }
    #expect(dotted == "a.b = 1\na.c = 3\na.d = true\n")
  }

  @Test func aRemovedKeyTakesOnlyItsOwnLines() throws {
    let text = "# about a\na = [\n  1,\n  2,\n] # end\n\n# about b\nb = 2\n"
    #expect(try edit(text) { $0["a"] = nil } == "# about a\n\n# about b\nb = 2\n")
    let table = "x = 1\n[t]\ny = 2\n[t.u]\nz = 3\n"
    #expect(try edit(table) { $0["t"] = nil } == "x = 1\n")
  }

  @Test func aNewTopLevelKeyGoesAfterTheLastTopLevelKeyBeforeTheFirstHeadersComments() throws {
    let text = "# header\na = 1\n\n# about t\n[t]\nb = 2\n"
    #expect(
      try edit(text) { $0["new"] = .integer(3) }
        == "# header\na = 1\nnew = 3\n\n# about t\n[t]\nb = 2\n")
    let noKeys = "# header\n\n# about t\n[t]\nb = 2\n"
    #expect(
      try edit(noKeys) { $0["new"] = .integer(3) } == "# header\n\nnew = 3\n# about t\n[t]\nb = 2\n"
    )
    #expect(
      try edit("[t]\n  b = 2") { $0["t"] = .dictionary(["b": .integer(2), "c": .integer(1)]) }
        == "[t]\n  b = 2\n  c = 1\n")
    #expect(try edit("a = 1") { $0["b"] = .integer(2) } == "a = 1\nb = 2\n")
    #expect(
      try edit("a = 1") { $0["t"] = .dictionary(["x": .integer(2)]) } == "a = 1\n\n[t]\nx = 2\n")
  }

  @Test func aKeyAssignedUnderACommentedHeaderGetsItsOwnLine() throws {
    let header = try TOMLWriter.encode([:], comment: ["Example", "fontSize = 12.0  # Font size"])
    let text = String(decoding: header, as: UTF8.self)
    #expect(text == "# Example\n# fontSize = 12.0  # Font size\n")
    let written = try edit(text) { $0["fontSize"] = .double(14) }
    #expect(written == text + "fontSize = 14.0\n")
  }

  @Test func theLineEndingAndByteOrderMarkStay() throws {
    let bom = "\u{FEFF}"
    let text = bom + "a = 1\r\n[t]\r\nb = 2\r\n"
    let written = try edit(text) {
      $0["a"] = .integer(5)
      $0["c"] = .string("x")
      $0["t"] = .dictionary(["b": .integer(2), "d": .integer(4)])
    }
    #expect(written == bom + "a = 5\r\nc = \"x\"\r\n[t]\r\nb = 2\r\nd = 4\r\n")
  }

  @Test func nothingChangedIsByteIdenticalEvenWithNaNAndData() throws {
    let text = "n = nan # not a number\nd = 'AAE='\n"
    let document = try TOMLDocument(parsing: Array(text.utf8))
    var values = document.values
    values["d"] = .data(Data([0, 1]))
    #expect(try document.updated(to: values) == Array(text.utf8))
  }

  @Test func anArrayOfTablesGrowsAndShrinksBySections() throws {
    let text = "[[p]]\nn = 1 # one\n\n[[p]]\nn = 2\n"
    let grown = try edit(text) {
      $0["p"] = .array([
        .dictionary(["n": .integer(1)]), .dictionary(["n": .integer(2)]),
        .dictionary(["n": .integer(3)]),
      ])
    }
    #expect(grown == text + "\n[[p]]\nn = 3\n")
    let shrunk = try edit(text) { $0["p"] = .array([.dictionary(["n": .integer(1)])]) }
    #expect(shrunk == "[[p]]\nn = 1 # one\n\n")
  }

  @Test func sectionsAppendedAtTheEndComeAfterKeysAddedToTheLastTable() throws {
    let text = "[[p]]\nn = 1\n\n[t]\nx = 1"
    let written = try edit(text) {
      $0["p"] = .array([.dictionary(["n": .integer(1)]), .dictionary(["n": .integer(2)])])
      $0["t"] = .dictionary(["x": .integer(1), "y": .integer(2)])
      $0["u"] = .dictionary(["z": .integer(3)])
    }
    #expect(written == text + "\ny = 2\n\n[[p]]\nn = 2\n\n[u]\nz = 3\n")
  }

  @Test func aValueTOMLCannotHoldIsRefusedNamingItsKeyPath() throws {
    let document = try TOMLDocument(parsing: Array("[t]\nx = 1\n".utf8))
    #expect {
      try document.updated(to: ["t": .dictionary(["x": .array([.unsignedInteger(.max)])])])
    } throws: { error in
      let error = error as? PropertyListFormatError
      return error?.kind == .unrepresentableValue && error?.key == "t" && error?.path == ".x[0]"
    }
  }
}
