// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Why the sample stopped, with a message for the user and an exit status.
enum SampleFailure: Error {
  /// The command line is wrong: exit status 2.
  case usage(String)
  /// `set` named a key the sample does not have, or gave a value of the wrong type: exit
  /// status 2.
  case badValue(String)
  /// The store could not be written: exit status 1.
  case store(String)

  /// The exit status that reports this failure.
  var exitStatus: Int32 {
    switch self {
    case .usage, .badValue: 2
    case .store: 1
    }
  }

  /// The message for standard error.
  var message: String {
    switch self {
    case .usage(let text): "Sample: \(text)\n\(SampleCommand.usage)"
    case .badValue(let text), .store(let text): "Sample: \(text)"
    }
  }
}
