// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The tool's entry point: parses the command line, runs the command and reports failures.
enum PrefsTool {
  /// What `prefs --version` prints after `prefs `: the package's version, the newest release
  /// in CHANGELOG.md (a test keeps the two the same).
  static let version = "0.1.0"

  /// Runs one invocation of `prefs`.
  ///
  /// - Parameter arguments: The command line, without the program's name.
  /// - Returns: The exit status: 0 success, 1 key not found, 2 usage error, 3 a file could not
  ///   be read or written.
  static func run(_ arguments: [String]) -> Int32 {
    do throws(ToolFailure) {
      let command = try Arguments.parse(arguments)
      try command.run()
      return 0
    } catch {
      Console.error("prefs: \(error.message)")
      if case .usage(_, let name) = error {
        Console.error("usage: \(Usage.synopsis(of: name))")
        Console.error("Run 'prefs help\(name.map { " \($0.rawValue)" } ?? "")' for more.")
      }
      return error.exitStatus
    }
  }
}
