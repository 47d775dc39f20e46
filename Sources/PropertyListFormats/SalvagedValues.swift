// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What a damaged store still holds: the entries that can be read on their own, and the keys
/// of those that cannot. A store's `salvage(after:)` returns it, and a format's salvage of a
/// file that does not parse as a whole.
///
/// A store that remembers what it last read before the damage (`FileStore` does) may give
/// an entry that cannot be salvaged the value read then: its key is in ``values`` and in
/// ``keptKeys``, and not in ``lostKeys``.
///
/// ```swift
/// func salvage(after error: PreferenceError) -> SalvagedValues? {
///   guard error.kind == .corruptFile else { return nil }
///   return SalvagedValues(values: readableRows(), lostKeys: unreadableRowKeys())
/// }
/// ```
public struct SalvagedValues: Sendable, Equatable {
  /// Every entry that can be read, with its value.
  public var values: [String: PropertyListValue]
  /// The keys of the entries whose key can be read but whose value cannot, in file order.
  public var lostKeys: [String]
  /// The keys of the entries that could not be salvaged and hold, in ``values``, the value the
  /// store last read before the damage, in key order.
  public var keptKeys: [String]
  /// Whether the store's next write waits until the damage is repaired, rather than writing
  /// the salvaged entries back beside a copy of the damaged file: true for a TOML file, which
  /// a person edits and whose every comment a rewrite from the salvage would drop. What the
  /// problems of the load say follows it.
  public var writesWaitForRepair = false

  /// Creates what a salvage kept.
  ///
  /// - Parameters:
  ///   - values: Every entry that can be read.
  ///   - lostKeys: The keys of the entries whose value cannot.
  ///   - keptKeys: The keys of the entries that could not be salvaged and hold, in `values`,
  ///     the value last read before the damage.
  public init(
    values: [String: PropertyListValue] = [:], lostKeys: [String] = [], keptKeys: [String] = []
  ) {
    self.values = values
    self.lostKeys = lostKeys
    self.keptKeys = keptKeys
  }
}

extension SalvagedValues {
  /// Keeps `value` under `key`, unless a key equal to it only up to Unicode normalization
  /// (`"café"` and `"cafe\u{301}"`) is already kept: then `key` is listed as lost rather than
  /// merged with the other, and the original file keeps both.
  package mutating func keep(_ key: String, _ value: PropertyListValue?) {
    if let index = values.index(forKey: key), !values[index].key.utf8.elementsEqual(key.utf8) {
      lostKeys.append(key)
      return
    }
    values[key] = value
  }
}
