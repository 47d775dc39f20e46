// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Failure injection for `Syscalls.swift`, as swift-system's `Internals/Mocking.swift`: debug
// builds only (`ENABLE_SYSTEM_CALL_FAULTS`, set in Package.swift).

#if ENABLE_SYSTEM_CALL_FAULTS
  /// Failures that tests plan for the system calls made in one task and the tasks it starts.
  ///
  /// ```swift
  /// let faults = SystemCallFaults()
  /// faults.fail(.write, with: .noSpace)
  /// try faults.inject { try store.apply(["a": .set(.integer(1))]) }  // throws: no space left
  /// ```
  final class SystemCallFaults: Sendable {
    /// The faults of the current task, if a test set any.
    @TaskLocal static var current: SystemCallFaults?

    /// The failures still to happen, in order.
    private let planned = Mutex<[(call: Syscalls.Call, error: SystemError)]>([])

    /// Makes the next `times` calls of `call` fail with `error`, after any failures already
    /// planned for it.
    func fail(_ call: Syscalls.Call, with error: SystemError, times: Int = 1) {
      planned.withLock { planned in
        planned += repeatElement((call: call, error: error), count: times)
      }
    }

    /// Whether every planned failure has happened.
    var allHappened: Bool { planned.withLock { $0.isEmpty } }

    /// Runs `body` with these faults in place.
    func inject<Result>(_ body: () throws -> Result) rethrows -> Result {
      try Self.$current.withValue(self, operation: body)
    }

    /// Removes and returns the next failure planned for `call`.
    func takeFailure(of call: Syscalls.Call) -> SystemError? {
      planned.withLock { planned in
        guard let index = planned.firstIndex(where: { $0.call == call }) else { return nil }
        return planned.remove(at: index).error
      }
    }
  }
#endif
