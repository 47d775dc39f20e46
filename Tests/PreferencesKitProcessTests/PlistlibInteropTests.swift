// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// Our XML and binary readers and our XML writer against CPython's `plistlib`, an independent
/// implementation, on random documents of every value kind (see `Scripts/plistlib_interop.py`).
///
/// `PLISTLIB_INTEROP_COUNT` sets the number of documents (default 300) and
/// `PLISTLIB_INTEROP_SEED` the seed: fixed by default, so that a run of the test suite is
/// reproducible; `random` for a new one each run, printed on failure.
struct PlistlibInteropTests {
  static let count =
    Int(ProcessInfo.processInfo.environment["PLISTLIB_INTEROP_COUNT"] ?? "") ?? 300
  static let seed: Int = {
    let setting = ProcessInfo.processInfo.environment["PLISTLIB_INTEROP_SEED"]
    if setting == "random" { return Int.random(in: 1...1_000_000) }
    return setting.flatMap { Int($0) } ?? 631_555
  }()

  /// The committed script, found from this file's place in the package.
  static let script = (packageRoot(containing: URL(fileURLWithPath: #filePath))
    ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    .appendingPathComponent("Scripts/plistlib_interop.py")

  /// Runs `tool` (looked up on `PATH`) and returns its exit status and output.
  func run(_ tool: String, _ arguments: [String], in directory: TemporaryDirectory) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let output = directory.file("\(tool)-\(UUID().uuidString).out")
    try Data().write(to: output)
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = process.standardOutput
    try process.run()
    let finished = waitForExit(of: process, deadline: 300)
    #expect(finished, "\(tool) \(arguments) ran past its deadline")
    return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
  }

  @Test func plistlibAndOurFormatsAgreeOnRandomDocuments() throws {
    try withDirectory { directory in
      let folder = directory.file("documents")
      let generated = try run(
        "python3",
        [
          Self.script.path, "generate", "--seed", "\(Self.seed)", "--count", "\(Self.count)",
          folder.path,
        ], in: directory)
      try #require(generated.status == 0, "python3 failed: \(generated.output)")
      for index in 0..<Self.count {
        let stem = folder.appendingPathComponent(String(format: "%04d", index)).path
        for (input, output) in [(".xml", ".from-xml.json"), (".bplist", ".from-bplist.json")] {
          let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stem + input)))
          let values = try PropertyListFormat(sniffing: bytes).decode(bytes)
          try Data(JSONPropertyListWriter.encode(values))
            .write(to: URL(fileURLWithPath: stem + output))
        }
        let json = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stem + ".json")))
        let values = try PropertyListFormat.json.decode(json)
        try Data(XMLPropertyListWriter.encode(values))
          .write(to: URL(fileURLWithPath: stem + ".ours.xml"))
      }
      let checked = try run("python3", [Self.script.path, "check", folder.path], in: directory)
      #expect(checked.status == 0, "seed \(Self.seed): \(checked.output)")
      #expect(checked.output.contains("\(Self.count)/\(Self.count) documents: our XML"))
      print("plistlib interop, seed \(Self.seed):\n\(checked.output)")
    }
  }

  /// `plutil` comes with the Swift toolchain on Linux as on macOS.
  @Test func plutilFindsOurXMLWellFormed() throws {
    try withDirectory { directory in
      var files: [String] = []
      let strings = ["plain", "tab\tnew line\ncarriage\rreturn", "<&>\"'", "\u{7F} é 🎈 \u{FFFD}"]
      for (index, text) in strings.enumerated() {
        let file = directory.file("\(index).plist")
        try Data(
          XMLPropertyListWriter.encode([
            text: .string(text), "nested": .array([.dictionary([text: .double(-0.0)])]),
            "date": .date(Date(timeIntervalSince1970: -62_135_596_800)),
            "data": .data(Data(text.utf8)), "infinity": .double(.infinity),
          ])
        ).write(to: file)
        files.append(file.path)
      }
      let linted = try run("plutil", ["-lint"] + files, in: directory)
      #expect(linted.status == 0, "\(linted.output)")
    }
  }
}

#endif
