// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What a ``FileStore`` remembers of its reads: the last clean one, and, while the file reads as
/// damaged, until when the store waits for it to read cleanly again.
struct FileReadState {
  /// The parsed contents of the file as last read cleanly or written, or `nil` before that.
  var snapshot: FileSnapshot?
  /// Until when a read of the damaged file waits for it to read cleanly again; `nil` while it
  /// reads cleanly. Set when a read first finds it damaged: to now when the store never read it
  /// cleanly, so that only a clean file turned damaged is waited for, once.
  var damageDeadline: ContinuousClock.Instant?

  /// Records a clean read (or a write) of the file.
  mutating func read(_ snapshot: FileSnapshot) {
    self.snapshot = snapshot
    damageDeadline = nil
  }

  /// Records a read that found the file damaged: the first since a clean one starts the wait.
  mutating func foundDamage(waitingUpTo timeout: Duration) {
    guard damageDeadline == nil else { return }
    damageDeadline = .now + (snapshot?.identity == nil ? .zero : timeout)
  }
}

extension FileStore {
  /// The file as ``currentSnapshot(atPath:replacing:)`` reads it; but when the file
  /// read cleanly before and now reads as damaged, waits for it to read cleanly again, up to
  /// ``partialWriteTimeout``, checking its identity every 10 milliseconds, holding no lock of
  /// the store's (a writer holds its own, and the file lock).
  ///
  /// - Throws: As ``currentSnapshot(atPath:replacing:)``; the damage once the wait is over.
  func settledSnapshot(atPath path: String, replacing: Bool = false) throws -> FileSnapshot {
    while true {
      do {
        return try currentSnapshot(atPath: path, replacing: replacing)
      } catch let error as PreferenceError where error.isDamage {
        let damaged = identity(atPath: path)
        repeat {
          guard let deadline = readState.withLock({ $0.damageDeadline }) else { break }
          let remaining = ContinuousClock.now.duration(to: deadline)
          guard remaining > .zero else { throw error }
          let pause = min(remaining, .milliseconds(10)).components
          Thread.sleep(
            forTimeInterval: Double(pause.seconds) + Double(pause.attoseconds) * 1e-18)
        } while identity(atPath: path) == damaged
      }
    }
  }

  /// The identity of the file at `path` now, or `nil` when it cannot be inspected.
  private func identity(atPath path: String) -> FileIdentity? {
    (try? Syscalls.status(atPath: path, followingLinks: !isInSharedFolder)).map(FileIdentity.init)
  }

  /// The problem of a write that kept the damaged file at `kept` and wrote back what `salvage`
  /// holds: how many entries, which keep the value last read from the file (and what it is),
  /// and which are lost.
  func movedAside(
    _ damage: PreferenceError, keptAt kept: String, salvage: SalvagedValues
  ) -> PreferenceError {
    let salvaged = salvage.values.count - salvage.keptKeys.count
    var reason =
      "the damaged file was kept at \(kept); what could be salvaged from it was written back ("
      + PreferenceError.counted(salvaged, "entry", "entries") + ")"
    if !salvage.keptKeys.isEmpty {
      reason +=
        "; \(salvage.keptKeys.count) that could not be salvaged keep the value last read from "
        + "the file before it was damaged: "
        + salvage.keptKeys.map { key in
          "\"\(key)\"" + (salvage.values[key].map { " (\($0))" } ?? "")
        }.joined(separator: ", ")
        + "; the damaged file at \(kept) holds what was written over them"
    }
    if !salvage.lostKeys.isEmpty {
      reason +=
        ", and \(salvage.lostKeys.count) could not be salvaged ("
        + salvage.lostKeys.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
    }
    return PreferenceError(
      .fileMovedAside, file: url,
      found: "a damaged file (\(damage.reason ?? damage.kind.description))", reason: reason)
  }
}
