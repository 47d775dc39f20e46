// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The system calls that save pending changes when the process ends (`FlushTriggers`), beside
// the file store's in `Syscalls.swift`: the exit handler, the signal pipe, and the signal
// handler of the C target (`PreferencesSignals.h`), which calls `sigaction`, `write` and `raise`.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#else
  #error("PreferencesKit does not know this platform's C library: add it to Syscalls.swift")
#endif

import PreferencesPrimitives

extension Syscalls {
  /// Has `handler` run when the process exits normally (`exit`, or a return from `main`).
  ///
  /// - Returns: Whether the C library took it (it holds at least 32 handlers).
  @discardableResult
  static func runAtExit(_ handler: @convention(c) () -> Void) -> Bool {
    atexit(handler) == 0
  }

  /// A pipe for a signal handler to write to: both ends close-on-exec, and the write end
  /// non-blocking, so that a handler never blocks on a full pipe.
  static func makeSignalPipe() throws(SystemError) -> (readEnd: Int32, writeEnd: Int32) {
    try fault(.pipe)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .last }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  /// Waits for one byte on `descriptor`, a pipe's read end, and returns it; `nil` once every
  /// write end is closed.
  static func readByte(_ descriptor: Int32) throws(SystemError) -> UInt8? {
    try fault(.read)
    var byte: UInt8 = 0
    let count = read(descriptor, &byte, 1)
    guard count >= 0 else { throw .last }
    return count == 1 ? byte : nil
  }

  /// Has `signal` write its number (one byte) to `pipe`, the write end of a
  /// ``makeSignalPipe()``, instead of what it did, which ``forwardSignal(_:)`` does later. A
  /// signal the process ignores is left ignored.
  ///
  /// - Returns: Whether the signal is caught now.
  @discardableResult
  static func catchSignal(_ signal: Int32, reportingTo pipe: Int32) -> Bool {
    preferences_signal_catch(signal, pipe) == 1
  }

  /// Does what `signal` would have done had ``catchSignal(_:reportingTo:)`` not caught it: the
  /// process ends by it, or the app's own handler runs, and the signal is caught again.
  static func forwardSignal(_ signal: Int32) {
    preferences_signal_forward(signal)
  }
}
