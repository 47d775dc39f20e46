// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Where a synced change falls in the total order of changes: a hybrid logical clock reading
/// (wall-clock milliseconds and a counter) and the device that made the change.
///
/// Timestamps compare by milliseconds, then counter, then device, so two changes never tie.
/// A device's clock is advanced past every timestamp it has seen, so a change made after seeing
/// another is newer even when the device's wall clock runs behind.
public struct SyncTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Wall-clock milliseconds since 1970, or more when the device had seen a later timestamp.
  public var milliseconds: Int64
  /// Orders changes within one millisecond.
  public var counter: Int64
  /// The identifier of the device that made the change: the final tie-breaker.
  public var device: String

  /// Creates a timestamp.
  ///
  /// - Parameters:
  ///   - milliseconds: Milliseconds since 1970.
  ///   - counter: Orders changes within one millisecond.
  ///   - device: The identifier of the device that made the change.
  public init(milliseconds: Int64, counter: Int64 = 0, device: String) {
    self.milliseconds = milliseconds
    self.counter = counter
    self.device = device
  }

  /// Whether `lhs` comes before `rhs` in the total order.
  public static func < (lhs: SyncTimestamp, rhs: SyncTimestamp) -> Bool {
    (lhs.milliseconds, lhs.counter, lhs.device) < (rhs.milliseconds, rhs.counter, rhs.device)
  }

  /// The stored form, `<milliseconds>:<counter>:<device>`.
  public var description: String { "\(milliseconds):\(counter):\(device)" }

  /// Reads the form ``description`` writes.
  init?(_ text: String) {
    let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let milliseconds = Int64(parts[0]), let counter = Int64(parts[1])
    else { return nil }
    self.init(milliseconds: milliseconds, counter: counter, device: String(parts[2]))
  }
}

/// The one place sync reads the time, so that tests can run devices whose clocks disagree.
struct WallClock: Sendable {
  /// Milliseconds since 1970.
  var milliseconds: @Sendable () -> Int64

  /// The system's clock.
  static let system = WallClock { Int64((Date().timeIntervalSince1970 * 1_000).rounded(.down)) }
}

/// A hybrid logical clock: hands out timestamps later than every timestamp this device made
/// or saw, close to wall-clock time.
final class HybridLogicalClock: Sendable {
  /// The device whose changes this clock stamps.
  let device: String
  private let wallClock: WallClock
  /// The latest reading made or seen, without its device.
  private let latest = Mutex<(milliseconds: Int64, counter: Int64)>((0, 0))

  init(device: String, wallClock: WallClock) {
    self.device = device
    self.wallClock = wallClock
  }

  /// Advances the clock past `timestamp`, so that later changes here come after it.
  func observe(_ timestamp: SyncTimestamp) {
    latest.withLock { latest in
      if (timestamp.milliseconds, timestamp.counter) > latest {
        latest = (timestamp.milliseconds, timestamp.counter)
      }
    }
  }

  /// A timestamp later than every one made or seen so far.
  func tick() -> SyncTimestamp {
    let now = wallClock.milliseconds()
    return latest.withLock { latest in
      latest = now > latest.milliseconds ? (now, 0) : (latest.milliseconds, latest.counter + 1)
      return SyncTimestamp(
        milliseconds: latest.milliseconds, counter: latest.counter, device: device)
    }
  }
}
