// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PropertyListFormats

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

  /// Our TOML writer against CPython's `tomllib`, an independent TOML 1.0 reader, on random
  /// documents of every value kind (see `Scripts/tomllib_interop.py`).
  ///
  /// `TOMLLIB_INTEROP_COUNT` sets the number of documents (default 300) and
  /// `TOMLLIB_INTEROP_SEED` the seed: fixed by default, `random` for a new one each run.
  struct TomllibInteropTests {
    static let count =
      Int(ProcessInfo.processInfo.environment["TOMLLIB_INTEROP_COUNT"] ?? "") ?? 300
    static let seed: Int = {
      let setting = ProcessInfo.processInfo.environment["TOMLLIB_INTEROP_SEED"]
      if setting == "random" { return Int.random(in: 1...1_000_000) }
      return setting.flatMap { Int($0) } ?? 34_034
    }()

    static let script =
      (packageRoot(containing: URL(fileURLWithPath: #filePath))
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
      .appendingPathComponent("Scripts/tomllib_interop.py")

    @Test func tomllibReadsWhatOurWriterWritesAsTheValuesWritten() throws {
      try withDirectory { directory in
        let folder = directory.file("documents")
        let arguments = ["--seed", "\(Self.seed)", "--count", "\(Self.count)", folder.path]
        let generated = try run([Self.script.path, "generate"] + arguments, in: directory)
        try #require(generated.status == 0, "python3 failed: \(generated.output)")
        for index in 0..<Self.count {
          let stem = folder.appendingPathComponent(String(format: "%04d", index)).path
          let json = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stem + ".json")))
          let values = try JSONPropertyListParser.parse(json)
          guard case .dictionary(let table) = values else { continue }
          let written = try TOMLWriter.encode(table)
          try Data(written).write(to: URL(fileURLWithPath: stem + ".toml"))
          // Our own reader agrees too (data comes back as its base64 text).
          let back = try TOMLDocument.decode(written)
          #expect(TOMLEditor.same(.dictionary(back), values), "\(stem).toml")
        }
        let checked = try run([Self.script.path, "check"] + arguments, in: directory)
        #expect(checked.status == 0, "seed \(Self.seed): \(checked.output)")
        #expect(checked.output.contains("\(Self.count)/\(Self.count) documents"))
        print("tomllib interop, seed \(Self.seed): \(checked.output)")
      }
    }

    /// Runs `python3` with `arguments` and returns its exit status and output.
    func run(_ arguments: [String], in directory: TemporaryDirectory) throws
      -> (status: Int32, output: String)
    {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3"] + arguments
      let output = directory.file("python3-\(UUID().uuidString).out")
      try Data().write(to: output)
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = process.standardOutput
      try process.run()
      let finished = waitForExit(of: process, deadline: 300)
      #expect(finished, "python3 \(arguments) ran past its deadline")
      return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
  }

#endif
