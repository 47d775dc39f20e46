// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// The whole store against a model of what must be on disk (issue 23): seeded sequences of
/// assignments (values the format refuses among them), explicit writes, failing system calls,
/// reloads, resets, other instances' and processes' writes, damaged files and a class whose
/// type changed. See ``StoreModelRun``.
///
/// `swift test` runs a fixed set of sequences; `STORE_MODEL_RUNS=5000 swift test --filter
/// StoreModel` runs more, and `STORE_MODEL_SEED=n` starts at sequence `n`.
struct StoreModelTests {
  static let environment = ProcessInfo.processInfo.environment
  static let runs = Int(environment["STORE_MODEL_RUNS"] ?? "") ?? 40
  static let firstSeed = UInt64(environment["STORE_MODEL_SEED"] ?? "") ?? 1
  static let steps = 40

  /// The first broken promise over the configured sequences, if any.
  static func firstFailure(format: PropertyListFormat, mix: ModelMix) throws -> String? {
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      if let failure = try StoreModelRun(seed: seed, format: format, mix: mix).run(steps: steps) {
        return failure + "\n  rerun: STORE_MODEL_SEED=\(seed) STORE_MODEL_RUNS=1"
      }
    }
    return nil
  }

  @Test(arguments: PropertyListFormat.allCases)
  func everyCommittedValueSurvives(format: PropertyListFormat) throws {
    // A damaged TOML file is never rewritten from its salvage: TOMLFileStoreTests.
    let mix = format == .toml ? ModelMix(damage: false) : .all
    if let failure = try Self.firstFailure(format: format, mix: mix) {
      Issue.record(Comment(rawValue: failure))
    }
  }
}
