// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension TOMLDocument {
  /// Every key-value of a damaged document that reads on its own, and where the damage is.
  ///
  /// A line that does not parse (a key-value, a header, or a line with bytes that are not
  /// UTF-8) is skipped and described in `problems` with its line and column; reading resumes
  /// on the next line. Key-values under a damaged header are skipped too, since their table is
  /// unknown. A top-level key whose value could not be read is in `values.lostKeys`, unless
  /// some of its table was kept. Never throws and never traps, whatever the bytes.
  ///
  /// ```swift
  /// let (salvaged, problems) = TOMLDocument.salvage(Array("a = 1\nb = \nc = 3\n".utf8))
  /// // salvaged.values == ["a": .integer(1), "c": .integer(3)], salvaged.lostKeys == ["b"]
  /// // problems[0].line == 2
  /// ```
  package static func salvage(_ bytes: [UInt8])
    -> (values: SalvagedValues, problems: [PropertyListFormatError])
  {
    var readable = bytes
    var problems: [PropertyListFormatError] = []
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    // A line that is not UTF-8 becomes blank (the offsets stay), described as a problem.
    while let invalid = TOMLParser.firstInvalidUTF8(in: readable, from: start) {
      if problems.count < TOMLParser.problemLimit {
        problems.append(
          PropertyListFormatError(
            .corruptFile, "not valid TOML", at: invalid, in: bytes,
            message: "the bytes are not valid UTF-8; the line is skipped"))
      }
      var lineStart = invalid
      while lineStart > start, readable[lineStart - 1] != 0x0A { lineStart -= 1 }
      var lineEnd = invalid
      while lineEnd < readable.count, readable[lineEnd] != 0x0A { lineEnd += 1 }
      for offset in lineStart..<lineEnd { readable[offset] = 0x20 }
      start = lineEnd
    }
    var parser = TOMLParser(bytes: readable, salvaging: true)
    parser.problems = problems
    try? parser.parseDocument()
    problems = parser.problems
    var salvaged = SalvagedValues()
    for key in parser.root.keys { salvaged.keep(key, parser.root.children[key]!.value) }
    for key in parser.lostKeys where salvaged.values[key] == nil {
      if !salvaged.lostKeys.contains(key) { salvaged.lostKeys.append(key) }
    }
    return (salvaged, problems.sorted { ($0.byteOffset ?? 0) < ($1.byteOffset ?? 0) })
  }
}
