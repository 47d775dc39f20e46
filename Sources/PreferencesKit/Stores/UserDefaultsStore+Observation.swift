// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

extension UserDefaultsStore {
  /// Follows changes to `keys` made by any process, including `defaults write` and other
  /// members of an app group, through key-value observing on the defaults object, which
  /// NSUserDefaults.h says "will inform you of all updates, regardless of where they're from."
  ///
  /// Keys key-value observing cannot follow (with a `.`, or starting with `@`) are compared
  /// with their last value 4 times a second; the managed app configuration
  /// (`com.apple.configuration.managed`) is re-read on `UserDefaults.didChangeNotification`.
  /// The observation reports every change to `keys`, a burst as one call. Returns `nil` where
  /// key-value observing is missing (Linux's Foundation); the store is then polled.
  public func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> StoreObservation? {
    #if canImport(Darwin)
      let observeKey: KeyObservation.ObserveKey = { key, report in
        let observer = KeyValueObserver(report)
        self.defaults.addObserver(observer, forKeyPath: key, options: [], context: nil)
        return { self.defaults.removeObserver(observer, forKeyPath: key) }
      }
      let queue = DispatchQueue(label: "PreferencesKit.UserDefaultsStore", qos: .utility)
      guard
        let observation = KeyObservation(
          keys: Self.observedKeys(keys), queue: queue, observeKey: observeKey,
          observeOthers: { self.follow($0, on: queue, report: $1) }, onChange: onChange)
      else { return nil }
      return StoreObservation(reportsEveryChange: true) { observation.stop() }
    #else
      return nil
    #endif
  }

  /// The keys a watch follows for the declared `keys`: those, and the key of the managed app
  /// configuration, `com.apple.configuration.managed`, whose values lock keys.
  static func observedKeys(_ keys: [String]) -> [String] {
    keys.contains(ManagedDefaultsReader.configurationKey)
      ? keys : keys + [ManagedDefaultsReader.configurationKey]
  }

  /// Of the keys key-value observing cannot follow, those compared with their last value on a
  /// timer: all but the managed app configuration's, which only a device management server
  /// changes, and which `UserDefaults.didChangeNotification` reports.
  static func polledKeys(among others: [String]) -> [String] {
    others.filter { $0 != ManagedDefaultsReader.configurationKey }
  }

  /// Follows `keys`, which key-value observing cannot: calls `report` on
  /// `UserDefaults.didChangeNotification`, and when a key of ``polledKeys(among:)`` changes
  /// value, checked every ``PollingTimer/pollingInterval`` on `queue`.
  ///
  /// - Returns: A function that stops following them.
  func follow(
    _ keys: [String], on queue: DispatchQueue, report: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void {
    let center = NotificationCenter.default
    let token = UncheckedSendable(
      center.addObserver(forName: UserDefaults.didChangeNotification, object: nil, queue: nil) {
        _ in report()
      })
    let polled = Self.polledKeys(among: keys)
    let timer = polled.isEmpty ? nil : pollingTimer(for: polled, on: queue, report: report)
    return {
      NotificationCenter.default.removeObserver(token.value)
      timer?.cancel()
    }
  }

  /// A timer that calls `report` when the value `defaults` resolves for one of `keys` changes.
  private func pollingTimer(
    for keys: [String], on queue: DispatchQueue, report: @escaping @Sendable () -> Void
  ) -> PollingTimer {
    let snapshot: @Sendable () -> [String: PropertyListValue] = {
      var values: [String: PropertyListValue] = [:]
      for key in keys {
        values[key] = self.defaults.object(forKey: key).flatMap {
          try? PropertyListValue(foundationObject: $0)
        }
      }
      return values
    }
    let last = Mutex(snapshot())
    return PollingTimer(interval: PollingTimer.pollingInterval, queue: queue) {
      let now = snapshot()
      let changed = last.withLock { last in
        defer { last = now }
        return last != now
      }
      if changed { report() }
    }
  }
}

#if canImport(Darwin)
  /// Receives the key-value observing reports of one key.
  ///
  /// `@unchecked Sendable`: its only state is a constant `Sendable` closure.
  private final class KeyValueObserver: NSObject, @unchecked Sendable {
    let report: @Sendable () -> Void

    init(_ report: @escaping @Sendable () -> Void) {
      self.report = report
    }

    // Always compiled on Apple platforms. Linux's NSObject has no such method to override,
    // so the Darwin lane (DarwinCheck/), which cannot stub one, leaves this out.
    #if canImport(ObjectiveC)
      override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
      ) {
        report()
      }
    #endif
  }
#endif
