// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

@testable import PreferencesKit

/// A ``Mutex`` on the heap, for tests that share one with closures that escape (threads,
/// observers), which cannot capture a noncopyable `Mutex`.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) { mutex = Mutex(value) }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result: Sendable, E: Error>(
    _ body: (inout Value) throws(E) -> Result
  ) throws(E) -> Result {
    try mutex.withLock { value throws(E) -> Result in try body(&value) }
  }

  /// Stores `newValue` and returns the value it replaced.
  func exchange(_ newValue: Value) -> Value {
    withLock { value in
      defer { value = newValue }
      return value
    }
  }

  /// The value now.
  var current: Value { withLock { $0 } }
}
