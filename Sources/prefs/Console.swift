// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Writes to standard output and standard error, unbuffered, so that output interleaves in
/// order and nothing is lost when the tool exits.
enum Console {
  /// Writes `text` and a newline to standard output.
  static func print(_ text: String) {
    write(Data((text + "\n").utf8))
  }

  /// Writes `bytes` as they are to standard output.
  static func write(_ bytes: Data) {
    FileHandle.standardOutput.write(bytes)
  }

  /// Writes `text` and a newline to standard error.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
