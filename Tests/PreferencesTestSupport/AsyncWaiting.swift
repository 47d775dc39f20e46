// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The stream ended, or the deadline passed, before enough elements arrived.
package struct TimedOut: Error, CustomStringConvertible {
  package let wanted: Int
  package let received: Int
  package var description: String { "wanted \(wanted) elements, received \(received) before the deadline" }
}

/// The first `count` elements of `stream`, failing when they do not all arrive within
/// `seconds`. A timeout, not a timing claim: the deadline is generous.
package func firstElements<Element: Sendable>(
  _ count: Int, of stream: AsyncStream<Element>, within seconds: Double = 10
) async throws -> [Element] {
  try await withThrowingTaskGroup(of: [Element]?.self) { group in
    group.addTask {
      var received: [Element] = []
      for await element in stream {
        received.append(element)
        if received.count == count { break }
      }
      return received
    }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      return nil
    }
    let first = try await group.next() ?? nil
    group.cancelAll()
    guard let first, first.count == count else {
      throw TimedOut(wanted: count, received: first?.count ?? 0)
    }
    return first
  }
}

/// Reads `stream` until an element equals `wanted`, throwing ``TimedOut`` when none arrives
/// within `seconds` of the one before. A timeout, not a timing claim.
package func firstElement<Element: Sendable & Equatable>(
  equalTo wanted: Element, of stream: AsyncStream<Element>, within seconds: Double = 10
) async throws {
  while try await firstElements(1, of: stream, within: seconds)[0] != wanted {}
}

/// Checks `condition` every few milliseconds until it holds or `seconds` pass, without
/// blocking a thread of the concurrency pool: the one way tests wait for something another
/// thread or process does. A timeout, not a timing claim: the deadline is generous, and the
/// condition is what the test waits for.
///
/// It runs on the caller's actor (`isolation`), so a `@MainActor` test may pass a closure that
/// reads main-actor state: the closure never leaves the caller's isolation.
package func eventually(
  within seconds: Double = 30, isolation: isolated (any Actor)? = #isolation,
  _ condition: () -> Bool
) async -> Bool {
  let limit = ContinuousClock.now + .seconds(seconds)
  while ContinuousClock.now < limit {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}

/// Whether `body` returns within `seconds` on a thread of its own: a deadlock fails the test
/// instead of hanging the run (the stuck thread is left behind, holding what it holds). A
/// timeout, not a timing claim: the deadline is generous.
package func finishes(within seconds: Double = 10, _ body: @escaping @Sendable () -> Void)
  -> Bool
{
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  return done.wait(timeout: .now() + seconds) == .success
}
