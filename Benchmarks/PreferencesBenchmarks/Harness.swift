// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// Where every benchmark puts what it computed, so the optimizer cannot drop the work.
///
/// The benchmark runs on one thread; the sink is printed at the end, which keeps it alive.
nonisolated(unsafe) var benchmarkSink = 0

/// Consumes `value` in a function the optimizer may not look into, so that computing it
/// cannot be removed.
///
/// - Parameter value: Anything a benchmark produced.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) { benchmarkSink &+= 1 }
}

/// The figures of one operation: nanoseconds per operation, once per repetition.
struct Measurement: Codable, Sendable {
  /// What was measured, as the table shows it.
  var name: String
  /// How many operations each repetition ran.
  var iterations: Int
  /// Nanoseconds per operation, one figure per repetition.
  var samples: [Double]

  /// The median of ``samples``.
  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// The fastest repetition.
  var min: Double { samples.min() ?? 0 }

  /// The slowest repetition.
  var max: Double { samples.max() ?? 0 }
}

/// The current time of a monotonic clock, in nanoseconds.
@inline(__always)
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Measures an operation that `body` runs `n` times in a loop when called with `n`.
///
/// The first calls warm up and choose `n` so that one repetition takes about `budget`
/// nanoseconds (at least one operation); then `repetitions` repetitions are timed.
///
/// ```swift
/// let read = measure("read") { n in
///   for i in 0..<n { benchmarkSink &+= instances[i & 63].count }
/// }
/// ```
///
/// - Parameters:
///   - name: The operation's name in the table.
///   - repetitions: How many timed repetitions to run.
///   - budget: The wanted duration of one repetition, in nanoseconds.
///   - body: Runs the operation `n` times.
/// - Returns: Nanoseconds per operation, per repetition.
func measure(
  _ name: String, repetitions: Int = 7, budget: UInt64 = 15_000_000,
  _ body: (Int) throws -> Void
) rethrows -> Measurement {
  try body(1)
  var n = 1
  var elapsed: UInt64 = 0
  while true {
    let start = now()
    try body(n)
    elapsed = now() - start
    if elapsed >= budget / 8 || n >= 1 << 24 { break }
    n *= 2
  }
  let iterations = Swift.max(1, Int(Double(n) * Double(budget) / Double(Swift.max(elapsed, 1))))
  var samples: [Double] = []
  for _ in 0..<repetitions {
    let start = now()
    try body(iterations)
    samples.append(Double(now() - start) / Double(iterations))
  }
  return Measurement(name: name, iterations: iterations, samples: samples)
}

/// Measures an operation that needs fresh state each time, timing only the operation.
///
/// - Parameters:
///   - name: The operation's name in the table.
///   - repetitions: How many timed repetitions to run.
///   - iterations: How many operations each repetition times.
///   - setup: Prepares one operation, outside the timed region.
///   - operation: The timed operation.
/// - Returns: Nanoseconds per operation, per repetition.
func measureEach<State>(
  _ name: String, repetitions: Int = 5, iterations: Int,
  setup: () throws -> State, operation: (State) throws -> Void
) rethrows -> Measurement {
  try operation(setup())
  var samples: [Double] = []
  for _ in 0..<repetitions {
    var total: UInt64 = 0
    for _ in 0..<iterations {
      let state = try setup()
      let start = now()
      try operation(state)
      total += now() - start
    }
    samples.append(Double(total) / Double(iterations))
  }
  return Measurement(name: name, iterations: iterations, samples: samples)
}

/// Measures an operation that needs no setup, timing each operation on its own; for slow
/// operations, where one timing per operation costs nothing noticeable.
///
/// - Parameters:
///   - name: The operation's name in the table.
///   - repetitions: How many timed repetitions to run.
///   - iterations: How many operations each repetition times.
///   - operation: The timed operation.
/// - Returns: Nanoseconds per operation, per repetition.
func measureEach(
  _ name: String, repetitions: Int = 5, iterations: Int, _ operation: () throws -> Void
) rethrows -> Measurement {
  try measureEach(
    name, repetitions: repetitions, iterations: iterations, setup: {},
    operation: { _ in try operation() })
}

/// Objects reached by index borrowed, as app code reaches an instance it keeps in a `let`,
/// with no retain and release around each access (an array element would add them to any
/// class whose accessor calls out of line; see ``FloorBenchmarks``). The caller keeps the
/// objects alive.
struct Instances<Object: AnyObject> {
  private let references: [Unmanaged<Object>]

  init(_ objects: [Object]) {
    references = objects.map { .passUnretained($0) }
  }

  /// Runs `body` with object `index`.
  @inline(__always)
  func callAsFunction<Result>(_ index: Int, _ body: (Object) -> Result) -> Result {
    references[index]._withUnsafeGuaranteedRef(body)
  }
}
