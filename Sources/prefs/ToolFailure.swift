// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Why a `prefs` command failed, which decides its message and its exit status.
enum ToolFailure: Error {
  /// The command line is wrong: exit status 2, followed by the command's synopsis.
  case usage(String, command: CommandName?)
  /// The key is not in the store: exit status 1.
  case keyNotFound(String, store: String)
  /// The store holds nothing for the command (an app with no settings), or a value of another
  /// kind than it needs (`-array-add` to a string): exit status 1, the store left as it was.
  case refused(String)
  /// The store, or a file to import, could not be read or written: exit status 3.
  case inputOutput(String)
  /// The document is valid, but values break the schema's constraints (`validate`), or the
  /// value to write does (`write` without `--force`): exit status 4, the store left as it was.
  case violations(String)

  /// The exit status that reports this failure.
  var exitStatus: Int32 {
    switch self {
    case .keyNotFound, .refused: 1
    case .usage: 2
    case .inputOutput: 3
    case .violations: 4
    }
  }

  /// One line for standard error, without the `prefs: ` prefix.
  var message: String {
    switch self {
    case .usage(let message, _): message
    case .keyNotFound(let key, let store): "key \"\(key)\" not found in \(store)"
    case .inputOutput(let message), .refused(let message), .violations(let message): message
    }
  }

  /// A failure to `verb` (such as "read") `subject`, with what `error` says about it.
  static func inputOutput(_ verb: String, _ subject: String, _ error: any Error) -> ToolFailure {
    .inputOutput("cannot \(verb) \(subject): \(details(of: error))")
  }

  /// What went wrong, without the file's name, which the caller names itself.
  static func details(of error: any Error) -> String {
    guard let error = error as? PreferenceError else { return String(describing: error) }
    var parts: [String] = []
    if let key = error.key { parts.append("preference \"\(key)\"") }
    if let path = error.path { parts.append("at \(path)") }
    if let expected = error.expected { parts.append("expected \(expected)") }
    if let found = error.found { parts.append("found \(found)") }
    if let reason = error.reason { parts.append(reason) }
    return parts.isEmpty ? error.kind.description : parts.joined(separator: ", ")
  }
}
