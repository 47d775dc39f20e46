// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation
import Testing

@testable import PreferencesKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

// Starting processes needs `Process`, which Foundation has on macOS and Linux only: on iOS,
// tvOS, watchOS and visionOS what follows compiles to nothing, and the tests that use it are
// absent there (README, "What is verified where").
#if os(macOS) || os(Linux)

  /// One of the package's executables (`prefs`, `Sample`), run by an end-to-end test inside a
  /// temporary directory, with `HOME` and `XDG_CONFIG_HOME` pointed into that directory so that
  /// no run ever touches the real user's settings.
  package struct BuiltProgram {
    /// What a finished run reported.
    package struct Outcome {
      package var status: Int32
      package var output: String
      package var error: String
      /// Whether the program ended by a signal (a crash) rather than by exiting.
      package var crashed: Bool
    }

    /// The executable's name in the build folder.
    package let name: String
    /// The directory the program runs in; its `config` folder is `XDG_CONFIG_HOME`.
    package let directory: TemporaryDirectory
    /// Further environment variables for the program, such as `XDG_CONFIG_DIRS`.
    package var extraEnvironment: [String: String] = [:]

    package static func prefs(in directory: TemporaryDirectory) -> BuiltProgram {
      BuiltProgram(name: "prefs", directory: directory)
    }

    package static func sample(in directory: TemporaryDirectory) -> BuiltProgram {
      BuiltProgram(name: "Sample", directory: directory)
    }

    /// `XDG_CONFIG_HOME` for the program: where app identifiers resolve to.
    package var configurationFolder: URL {
      directory.url.appendingPathComponent("config", isDirectory: true)
    }

    /// What the program's environment changes: `HOME` and `XDG_CONFIG_HOME` inside `directory`.
    package var environment: [String: String] {
      ["HOME": directory.url.path, "XDG_CONFIG_HOME": configurationFolder.path].merging(
        extraEnvironment
      ) { $1 }
    }

    /// Where the program's `FileStore.defaultURL(for: identifier)` is.
    package func defaultURL(for identifier: String) -> URL {
      FileStore.defaultURL(
        for: identifier,
        environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    /// Starts the program with its standard output going to `output` and returns at once.
    package func start(_ arguments: [String], output: URL, input: URL? = nil, error: URL? = nil) throws
      -> Process
    {
      let process = Process()
      // The executables are built next to the test helper, which the file store tests find.
      process.executableURL = try TestHelperProcess.executableURL()
        .deletingLastPathComponent().appendingPathComponent(name)
      process.arguments = arguments
      process.currentDirectoryURL = directory.url
      process.environment = ProcessInfo.processInfo.environment.merging(
        environment, uniquingKeysWith: { $1 })
      try Data().write(to: output)
      process.standardOutput = try FileHandle(forWritingTo: output)
      if let error {
        try Data().write(to: error)
        process.standardError = try FileHandle(forWritingTo: error)
      }
      process.standardInput =
        try input.map { try FileHandle(forReadingFrom: $0) }
        ?? FileHandle.nullDevice
      try process.run()
      return process
    }

    /// Runs the program to completion, failing the test if it runs past `deadline` seconds.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's name.
    ///   - input: What the program reads from standard input.
    @discardableResult
    package func run(_ arguments: [String], input: Data? = nil, deadline: Double = 60) throws -> Outcome {
      let stem = "\(name)-\(UUID().uuidString)"
      let output = directory.file("\(stem).out")
      let error = directory.file("\(stem).err")
      var inputFile: URL?
      if let input {
        inputFile = directory.file("\(stem).in")
        try input.write(to: directory.file("\(stem).in"))
      }
      let process = try start(arguments, output: output, input: inputFile, error: error)
      let finished = waitForExit(of: process, deadline: deadline)
      defer {
        for file in [output, error] + (inputFile.map { [$0] } ?? []) {
          try? FileManager.default.removeItem(at: file)
        }
      }
      if !finished { Issue.record("\(name) \(arguments) ran past its \(deadline) s deadline") }
      return Outcome(
        status: process.terminationStatus,
        output: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
        error: (try? String(contentsOf: error, encoding: .utf8)) ?? "",
        crashed: process.terminationReason == .uncaughtSignal)
    }
  }

  /// Waits for `process` to exit; kills it and returns `false` after `deadline` seconds.
  package func waitForExit(of process: Process, deadline: Double) -> Bool {
    let limit = Date().addingTimeInterval(deadline)
    while process.isRunning {
      if Date() > limit {
        sendSignal(SIGKILL, to: process.processIdentifier)
        process.waitUntilExit()
        return false
      }
      usleep(2_000)
    }
    process.waitUntilExit()
    return true
  }
#endif
