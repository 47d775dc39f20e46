// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Writes whole lines straight to standard output or standard error, unbuffered, so that a
/// program reading the sample's output (such as a test of `Sample watch`) sees each line at once.
enum Output {
  /// Writes `text` and a newline to standard output.
  static func line(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Writes `text` and a newline to standard error.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
