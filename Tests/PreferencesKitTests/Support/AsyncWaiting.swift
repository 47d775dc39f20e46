import Foundation

/// The stream ended, or the deadline passed, before enough elements arrived.
struct TimedOut: Error, CustomStringConvertible {
  let wanted: Int
  let received: Int
  var description: String { "wanted \(wanted) elements, received \(received) before the deadline" }
}

/// The first `count` elements of `stream`, failing when they do not all arrive within
/// `seconds`. A timeout, not a timing claim: the deadline is generous.
func firstElements<Element: Sendable>(
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

/// Yields to other tasks until `condition` holds or `seconds` pass, without blocking a thread
/// of the concurrency pool. A timeout, not a timing claim: the deadline is generous.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
  let limit = ContinuousClock.now + .seconds(seconds)
  while ContinuousClock.now < limit {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
