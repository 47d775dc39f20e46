// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// A repeating timer on a queue, for what checks a store periodically: ``StoreWatcher`` and
/// ``SyncSession``.
///
/// `@unchecked Sendable`: the only state is a dispatch source, made to be cancelled from any
/// thread; Dispatch does not mark it `Sendable`.
final class PollingTimer: @unchecked Sendable {
  /// How often a store that cannot report its changes is checked: often enough that a change
  /// arrives within one second.
  static let pollingInterval: DispatchTimeInterval = .milliseconds(250)
  /// How often a store that reports its changes is checked anyway, for changes its reports
  /// miss (a network file system's, say).
  static let backstopInterval: DispatchTimeInterval = .seconds(1)
  /// How often a sync store that reports its changes is read anyway (a sync folder's every
  /// file), for network and FUSE file systems, which report no other machine's change.
  static let syncBackstopInterval: DispatchTimeInterval = .seconds(30)

  private let source: any DispatchSourceTimer

  /// Starts calling `handler` on `queue` every ``backstopInterval`` when `storeReportsChanges`,
  /// else every ``pollingInterval``.
  convenience init(
    storeReportsChanges: Bool, queue: DispatchQueue, handler: @escaping @Sendable () -> Void
  ) {
    self.init(
      interval: storeReportsChanges ? Self.backstopInterval : Self.pollingInterval, queue: queue,
      handler: handler)
  }

  /// Starts calling `handler` on `queue` every `interval`, the first time one interval from
  /// now. Each call is counted in ``ActivityCounters``.
  init(
    interval: DispatchTimeInterval, queue: DispatchQueue,
    handler: @escaping @Sendable () -> Void
  ) {
    source = DispatchSource.makeTimerSource(queue: queue)
    source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
    source.setEventHandler {
      ActivityCounters.countTimerWakeup()
      handler()
    }
    source.resume()
  }

  /// Stops the calls; one already started finishes.
  func cancel() {
    source.cancel()
  }
}
