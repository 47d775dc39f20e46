// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The rules a store broke, as ``PreferenceStoreConformance`` and ``SyncStoreConformance``
/// report them.
public struct ConformanceFailure: Error, CustomStringConvertible, Sendable {
  /// Every rule the store broke, one sentence each.
  public var problems: [String]

  /// The broken rules, one per line.
  public var description: String {
    "the store broke \(problems.count) rule(s):\n" + problems.joined(separator: "\n")
  }
}

/// Collects the rules a run of checks finds broken.
struct RuleBook {
  private(set) var problems: [String] = []

  /// Notes `rule` as broken unless `condition` holds.
  mutating func check(_ condition: Bool, _ rule: String) {
    if !condition { problems.append(rule) }
  }

  /// Notes a rule as broken whatever happens.
  mutating func fail(_ rule: String) {
    problems.append(rule)
  }

  /// Throws a ``ConformanceFailure`` when any rule was broken.
  func finish() throws(ConformanceFailure) {
    if !problems.isEmpty { throw ConformanceFailure(problems: problems) }
  }
}
