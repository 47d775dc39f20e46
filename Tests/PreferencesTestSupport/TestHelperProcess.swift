// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

/// The nearest folder above `file` that holds a `Package.swift`: the package's root, found
/// however deep the support files sit.
package func packageRoot(containing file: URL) -> URL? {
  var folder = file.deletingLastPathComponent()
  while folder.path != "/" && !folder.path.isEmpty {
    let manifest = folder.appendingPathComponent("Package.swift")
    if FileManager.default.fileExists(atPath: manifest.path) { return folder }
    folder = folder.deletingLastPathComponent()
  }
  return nil
}

// Starting processes needs `Process`, which Foundation has on macOS and Linux only: on iOS,
// tvOS, watchOS and visionOS what follows compiles to nothing, and the tests that use it are
// absent there (README, "What is verified where").
#if os(macOS) || os(Linux)

  /// A running `PreferencesTestHelper` process, started by a test.
  package final class TestHelperProcess {
    /// What a finished helper reported.
    package struct Outcome {
      package var status: Int32
      package var output: String
      package var killed: Bool
    }

    package let process = Process()
    private let output = Pipe()
    private var buffered = Data()

    /// Starts the helper with `arguments`, and an environment changed by `environment`; with a
    /// `launcher` (a program and its arguments, such as ``PIDNamespace/launcher``), starts the
    /// launcher, which starts the helper.
    package init(
      _ arguments: [String], environment: [String: String] = [:], launcher: [String] = []
    ) throws {
      let helper = try Self.executableURL()
      if let program = launcher.first {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = launcher.dropFirst() + [helper.path] + arguments
      } else {
        process.executableURL = helper
        process.arguments = arguments
      }
      var merged = ProcessInfo.processInfo.environment
      merged.merge(environment) { _, new in new }
      process.environment = merged
      process.standardOutput = output
      try process.run()
    }

    /// Runs the helper to completion, failing the test if it runs past `deadline` seconds.
    package static func run(
      _ arguments: [String], environment: [String: String] = [:], deadline: Double = 60
    ) throws -> Outcome {
      let helper = try TestHelperProcess(arguments, environment: environment)
      return try helper.finish(deadline: deadline)
    }

    /// Runs the helper with `command` on a store that does not exist, to its end, and returns
    /// what it wrote to standard error and whether it failed (a trap ends it by a signal; under
    /// the thread sanitizer, whose runtime catches the signal, by a failing exit status).
    ///
    /// The helper runs without the Swift runtime's backtracer, whose child process inherits
    /// standard error and could outlive the helper; its standard error goes to a file, and it
    /// is killed, failing the test, if it runs past `deadline` seconds.
    package static func standardError(
      of command: String, deadline: Double = 60
    ) throws -> (text: String, failed: Bool) {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("PreferencesTestHelper-\(UUID().uuidString).err")
      try Data().write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let process = Process()
      process.executableURL = try executableURL()
      process.arguments = [command, "/nonexistent/preferences.plist"]
      process.environment = ProcessInfo.processInfo.environment.merging(
        ["SWIFT_BACKTRACE": "enable=no"], uniquingKeysWith: { $1 })
      process.standardError = try FileHandle(forWritingTo: file)
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      if !waitForExit(of: process, deadline: deadline) {
        Issue.record("the helper's \(command) ran past its \(deadline) s deadline")
      }
      let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      return (text, process.terminationReason == .uncaughtSignal || process.terminationStatus != 0)
    }

    /// Reads the helper's output until it prints a whole line, and returns it (without the
    /// newline); `nil` when the helper exits first.
    package func readLine() -> String? {
      while true {
        if let newline = buffered.firstIndex(of: 0x0A) {
          let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
          buffered = Data(buffered[(newline + 1)...])
          return line
        }
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { return nil }
        buffered.append(chunk)
      }
    }

    /// Kills the helper with SIGKILL and waits for it to end.
    package func kill() {
      sendSignal(SIGKILL, to: process.processIdentifier)
      process.waitUntilExit()
    }

    /// Waits for the helper to exit, killing it and failing after `deadline` seconds.
    package func finish(deadline: Double = 60) throws -> Outcome {
      let start = Date()
      let reader = output.fileHandleForReading
      var rest = buffered
      // Helpers print a few short lines, far less than a pipe holds, so polling is enough.
      while process.isRunning {
        if Date().timeIntervalSince(start) > deadline {
          kill()
          Issue.record("the helper \(process.arguments ?? []) ran past its \(deadline) s deadline")
          return Outcome(status: -1, output: "", killed: true)
        }
        usleep(2_000)
      }
      process.waitUntilExit()
      rest.append(reader.readDataToEndOfFile())
      return Outcome(
        status: process.terminationStatus, output: String(decoding: rest, as: UTF8.self),
        killed: process.terminationReason == .uncaughtSignal)
    }

    /// Finds the helper next to the test bundle, in the package's build folder.
    package static func executableURL() throws -> URL {
      let name = "PreferencesTestHelper"
      var folders: [URL] = []
      if let path = ProcessInfo.processInfo.environment["PREFERENCES_TEST_HELPER"] {
        return URL(fileURLWithPath: path)
      }
      if let executable = Bundle.main.executableURL {
        folders.append(executable.deletingLastPathComponent())
      }
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        folders.append(bundle.bundleURL.deletingLastPathComponent())
      }
      if let first = CommandLine.arguments.first {
        folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
      }
      if let root = packageRoot(containing: URL(fileURLWithPath: #filePath)) {
        // `swift build` links `.build/debug` to the folder it built in (on macOS, Swift Testing
        // runs the tests inside a host program, so neither `Bundle.main` nor `argv[0]` leads
        // there).
        folders.append(root.appendingPathComponent(".build/debug"))
      }
      for folder in folders {
        let candidate = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
      throw HelperNotFound(searched: folders.map(\.path))
    }

    package struct HelperNotFound: Error, CustomStringConvertible {
      package var searched: [String]
      package var description: String {
        "PreferencesTestHelper was not found; build it with `swift build --build-tests` "
          + "(searched \(searched.joined(separator: ", ")))"
      }
    }
  }

  /// Sends `signal` to the process `pid`.
  package func sendSignal(_ signal: Int32, to pid: Int32) {
    #if canImport(Darwin)
      _ = Darwin.kill(pid, signal)
    #else
      _ = Glibc.kill(pid, signal)
    #endif
  }
#endif
