// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A failed system call's error number, with the C library's text for it.
struct SystemError: Error, Equatable, Sendable {
  /// The `errno` value, such as `ENOENT`.
  var code: Int32

  /// The message, such as `"Permission denied (errno 13)"`.
  var message: String { Self.message(code) }

  /// The message for `code`, such as `"Permission denied"`, followed by its number.
  static func message(_ code: Int32) -> String {
    "\(description(of: code)) (errno \(code))"
  }
}
