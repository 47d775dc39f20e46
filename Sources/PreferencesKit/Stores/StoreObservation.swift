// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A store's observation of changes made from outside the process, as
/// ``PreferenceStore/observeChanges(toKeys:_:)`` returns it: how to stop it, and whether it
/// reports every change.
///
/// ```swift
/// func observeChanges(
///   toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
/// ) -> StoreObservation? {
///   let token = database.subscribe(keys, onChange)
///   return StoreObservation(reportsEveryChange: true) { token.cancel() }
/// }
/// ```
public struct StoreObservation: Sendable {
  /// Whether every change to the observed keys is reported. ``Preferences`` then checks the
  /// store no other way; otherwise it checks it every second besides, for what the reports
  /// miss.
  public let reportsEveryChange: Bool

  /// Stops the observation.
  public let stop: @Sendable () -> Void

  /// Creates an observation.
  ///
  /// - Parameters:
  ///   - reportsEveryChange: Whether every change to the observed keys is reported.
  ///   - stop: Stops the observation.
  public init(reportsEveryChange: Bool, stop: @escaping @Sendable () -> Void) {
    self.reportsEveryChange = reportsEveryChange
    self.stop = stop
  }
}
