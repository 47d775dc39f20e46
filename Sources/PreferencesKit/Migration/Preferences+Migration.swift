// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What a store says about the version of the preferences that wrote it.
enum StoreVersion: Equatable {
  /// The store records no version yet; the next write records this class's.
  case unrecorded
  /// The store records this version, or a migration to it failed and must not be recorded.
  case recorded(Int)
}

/// What migration keeps between loading and writing.
struct MigrationState {
  /// For each key loaded from one of its previous keys, the previous keys to remove on the
  /// next write.
  var keyMoves: [String: [String]] = [:]
  /// What the store says about its version.
  var storeVersion = StoreVersion.unrecorded
}

extension Preferences {
  /// Runs ``migrate(from:values:)`` when the store was written by an older version, and writes
  /// the result back as one change.
  ///
  /// The version check, the migration and the write-back are one
  /// ``PreferenceStore/update(_:_:)``. For a store whose update is
  /// atomic (a ``FileStore``, under its inter-process lock), two processes starting at once
  /// migrate once: the second sees the version the first recorded. A store that keeps the
  /// default update reads and writes in two steps, and both may migrate.
  ///
  /// - Returns: The error that stopped the migration, if one did. The store is unchanged then,
  ///   and the instance should hold its defaults.
  func migrateStoreIfNeeded() -> PreferenceError? {
    // Version 1 has nothing to migrate from, and a store without a version counts as 1.
    guard Self.version > 1 else { return nil }
    do {
      let recorded = Self.recordedVersion(
        in: try preferenceStore.values(forKeys: [ReservedKey.version]))
      if let recorded, recorded >= Self.version {
        state.withLock { $0.migration.storeVersion = .recorded(recorded) }
        return nil
      }
      // A store that cannot be read is not migrated: the load that follows reports it.
      _ = try preferenceStore.allValues()
    } catch {
      return nil
    }
    var attempted: Int?
    do {
      var version = StoreVersion.unrecorded
      try commit { values in version = try migrateValues(&values, attempted: &attempted) }
      state.withLock { $0.migration.storeVersion = version }
      return nil
    } catch {
      // Recording a version over values that were not migrated would skip the migration for
      // good; holding the old one makes the next launch try again.
      if let attempted { state.withLock { $0.migration.storeVersion = .recorded(attempted) } }
      if let failure = error as? MigrationFailure {
        return PreferenceError(
          .migrationFailed,
          expected: "a migration from version \(failure.oldVersion) to \(Self.version)",
          reason: "\(failure.error); the store was left unchanged")
      }
      return PreferenceError(error, kind: .writeFailed)
    }
  }

  /// Migrates every stored value, reserved keys included, in place, and records the new
  /// version among them.
  ///
  /// - Parameter attempted: Set to the version migrated from, when a migration runs.
  /// - Returns: What the store says about its version afterwards.
  private func migrateValues(
    _ all: inout [String: PropertyListValue], attempted: inout Int?
  ) throws -> StoreVersion {
    let recorded = Self.recordedVersion(in: all)
    var values = all.filter { !$0.key.hasPrefix(ReservedKey.prefix) }
    let oldVersion = recorded ?? (values.isEmpty ? Self.version : 1)
    guard oldVersion < Self.version else { return recorded.map { .recorded($0) } ?? .unrecorded }
    attempted = oldVersion
    do {
      try migrate(from: oldVersion, values: &values)
    } catch {
      throw MigrationFailure(oldVersion: oldVersion, error: error)
    }
    all = all.filter { $0.key.hasPrefix(ReservedKey.prefix) }.merging(values) { $1 }
    all[ReservedKey.version] = .integer(Int64(Self.version))
    return .recorded(Self.version)
  }

  /// The version recorded among `values`, if any.
  static func recordedVersion(in values: [String: PropertyListValue]) -> Int? {
    guard case .integer(let version)? = values[ReservedKey.version] else { return nil }
    return Int(exactly: version)
  }
}

/// A migration that threw, with the version it started from.
private struct MigrationFailure: Error {
  let oldVersion: Int
  let error: any Error
}
