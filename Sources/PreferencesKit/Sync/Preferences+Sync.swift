// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What syncing keeps in a ``Preferences`` instance.
struct SyncState {
  /// The sync session, while syncing.
  var session: SyncSession?
  /// The clock that stamps synced keys' edits: the last session's, or one made at the first
  /// stamped write while not syncing.
  var clock: HybridLogicalClock?
  /// The number of the session's list of problems in the problem list.
  var problemsNumber: UInt64 = 0
}

extension Preferences {
  /// Starts keeping the properties declared `@Preference(synced: true)` in step with other
  /// machines through `syncStore`.
  ///
  /// Every change to a synced key carries a ``SyncTimestamp``, and the change latest in their
  /// order wins, key by key, on every machine. On each exchange (at once, then whenever the
  /// store reports a change or four times a second) a key this machine never set takes the
  /// sync store's value, so a fresh install never overwrites other machines with its
  /// defaults; an edit written here while not syncing was stamped then, and takes its place
  /// in the order (an edit outside the app, unstamped, becomes a change now); a newer
  /// change from elsewhere is saved to the local store and announced with origin
  /// ``PreferenceChange/Origin/external``; and a change of this machine the sync store lacks
  /// is pushed. ``writePreferences()`` pushes the synced keys it saves. Only synced keys
  /// travel; a class with no synced keys writes no sync bookkeeping.
  ///
  /// ```swift
  /// try prefs.startSyncing(with: FileSyncStore(folder: sharedFolder))
  /// ```
  ///
  /// - Parameter syncStore: The store shared with other machines.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/syncLimitExceeded`` when a
  ///   synced key can never sync because it is longer than the store allows, or one of kind
  ///   ``PreferenceError/Kind/writeFailed`` when the local store cannot record this device's
  ///   identifier; nothing is pushed then.
  public func startSyncing(with syncStore: any SyncStore) throws(PreferenceError) {
    try startSyncing(with: syncStore, wallClock: .system)
  }

  /// Starts syncing, reading the time from `wallClock`, and pulling periodically unless
  /// `pullsAutomatically` is `false` (then only ``exchange()`` calls do).
  func startSyncing(
    with syncStore: any SyncStore, wallClock: WallClock, pullsAutomatically: Bool = true
  ) throws(PreferenceError) {
    for cell in cells where cell.declaration.isSynced {
      if cell.key.utf8.count > syncStore.limits.maximumKeyLength {
        throw syncStore.limits.keyTooLong(cell.key)
      }
    }
    let clock = HybridLogicalClock(device: try deviceID(), wallClock: wallClock)
    let session = SyncSession(
      store: syncStore, clock: clock, pullsAutomatically: pullsAutomatically,
      publish: { [weak self] session, number, problems in
        self?.state.withLock { state in
          // A stopped or replaced session's problems are gone with it; an older list of this
          // session's, handed over late, is stale.
          guard state.sync.session === session, number > state.sync.problemsNumber else { return }
          state.sync.problemsNumber = number
          state.problems.replace(.sync, with: problems)
        }
      }
    ) { [weak self] in
      self?.exchange()
    }
    // Swapped in one step, so that of any number of threads starting and stopping at once,
    // each session is either the current one or stopped by the thread that replaced it.
    let previous = state.withLock { state in
      defer {
        state.sync.session = session
        state.sync.clock = clock
        state.sync.problemsNumber = 0
        state.problems.replace(.sync, with: [])
      }
      return state.sync.session
    }
    previous?.stop()
    exchange()
  }

  /// Stops syncing. Values already pulled stay; nothing more is pushed or pulled, and the
  /// problems of the ``PreferenceProblem/Phase/sync`` phase leave the list.
  public func stopSyncing() {
    let session = state.withLock { state in
      defer {
        state.sync.session = nil
        state.problems.replace(.sync, with: [])
      }
      return state.sync.session
    }
    session?.stop()
  }

  /// What stamps the synced keys `batch` writes: the session's clock while syncing; else the
  /// instance's, made at the first such write with this device's identifier (created then if
  /// need be). `nil` when `batch` writes no synced key.
  ///
  /// - Throws: The store's error when the identifier cannot be saved; the write fails then,
  ///   as it would have.
  func syncStamp(for batch: WriteBatch) throws(PreferenceError)
    -> ((PropertyListValue?) -> SyncEntry)?
  {
    if let session = batch.session { return session.stamp }
    guard batch.writesSyncedKeys else { return nil }
    var clock = state.withLock { $0.sync.clock }
    if clock == nil {
      let device = try deviceID()
      let made = HybridLogicalClock(device: device, wallClock: .system)
      clock = state.withLock { state in
        if state.sync.clock == nil { state.sync.clock = made }
        return state.sync.clock
      }
    }
    guard let clock else { return nil }
    return { SyncEntry(value: $0, timestamp: clock.tick()) }
  }

  /// This device's identifier, read from the local store, or created and saved there.
  private func deviceID() throws(PreferenceError) -> String {
    do {
      // A store that cannot be read (a damaged file) is salvaged by the write below.
      if case .string(let id)? = try? preferenceStore.value(forKey: ReservedKey.deviceID) {
        return id
      }
      var id = UUID().uuidString.lowercased()
      // Under the file lock, so that two processes starting at once agree on one identifier.
      try commit(readingKeys: [ReservedKey.deviceID]) { values in
        if case .string(let existing)? = values[ReservedKey.deviceID] {
          id = existing
        } else {
          values[ReservedKey.deviceID] = .string(id)
        }
      }
      return id
    } catch {
      throw PreferenceError(error, kind: .writeFailed)
    }
  }

  /// Reconciles every synced key that holds no unsaved assignment with the sync store: turns
  /// local changes made while not syncing into changes now, pulls newer entries and pushes
  /// this device's entries the store lacks.
  func exchange() {
    let tellObservers = writeLock.withLock { () -> (() -> Void)? in
      guard let session = state.withLock({ $0.sync.session }) else { return nil }
      let synced = cells.filter(\.declaration.isSynced)
      let keys = state.withLock { _ in synced.filter { !$0.isDirty }.map(\.key) }
      let remote: [String: SyncEntry]
      var records: [String: SyncEntry] = [:]
      do {
        remote = try session.store.allEntries()
        let stored = try preferenceStore.values(forKeys: keys + keys.map(ReservedKey.syncRecord))
        for entry in remote.values { session.clock.observe(entry.timestamp) }
        records = Self.syncRecords(in: stored, keys: keys)
        for record in records.values { session.clock.observe(record.timestamp) }
        var changedHere: [String: SyncEntry] = [:]
        for key in keys {
          let value = stored[key]
          let isChange =
            records[key].map { $0.value != value } ?? (value != nil && remote[key] == nil)
          if isChange { changedHere[key] = session.stamp(value) }
        }
        records.merge(try saveRecords(changedHere, withValues: false)) { $1 }
      } catch {
        session.recordPullFailure(error)
        return nil
      }
      var pulls: [String: SyncEntry] = [:]
      var pushes: [String: SyncEntry] = [:]
      for key in keys {
        if let entry = remote[key], entry.isNewer(than: records[key]) {
          pulls[key] = entry
        } else if let record = records[key], record.isNewer(than: remote[key]) {
          pushes[key] = record
        }
      }
      let tellObservers = pulls.isEmpty ? nil : install(pulls, into: synced, session: session)
      session.push(pushes)
      return tellObservers
    }
    tellObservers?()
  }

  /// Saves pulled entries to the local store and installs them, returning what tells their
  /// observers once the write lock is released.
  private func install(
    _ pulls: [String: SyncEntry], into synced: [any AnyPreferenceCell], session: SyncSession
  ) -> (() -> Void)? {
    let saved: [String: SyncEntry]
    do {
      saved = try saveRecords(pulls, withValues: true)
    } catch {
      session.recordPullFailure(error)
      return nil
    }
    let loads = synced.compactMap { cell in
      saved[cell.key].map {
        prepareStoredLoad(cell, $0.value, keepingDirtyValue: true)
      }
    }
    // A value this device's declaration rejects (or cannot read) is saved, so stores still
    // converge, but not used here; its record is the remote one, so it is not pushed back.
    noteStoredLoads(loads, arrival: "pulled by sync")
    return installLeavingObservers(loads, origin: .external)
  }

  /// Saves `entries` as the records of the keys' last changes, and their values too when
  /// `withValues`, keeping each key's record only where it is newer than the one the store
  /// holds by then: under the file lock for a ``FileStore``, so that processes sharing it
  /// merge their records key by key.
  ///
  /// - Returns: The entries saved.
  private func saveRecords(
    _ entries: [String: SyncEntry], withValues: Bool
  ) throws -> [String: SyncEntry] {
    guard !entries.isEmpty else { return [:] }
    func merge(into values: inout [String: PropertyListValue]) -> [String: SyncEntry] {
      let current = Self.syncRecords(in: values, keys: Array(entries.keys))
      let newer = entries.filter { $0.value.isNewer(than: current[$0.key]) }
      for (key, entry) in newer {
        values[ReservedKey.syncRecord(key)] = entry.propertyListValue
        if withValues { values[key] = entry.value }
      }
      return newer
    }
    var saved: [String: SyncEntry] = [:]
    try commit(readingKeys: entries.keys.flatMap { [$0, ReservedKey.syncRecord($0)] }) {
      saved = merge(into: &$0)
    }
    return saved
  }

  /// The records of `keys` among a store's values.
  static func syncRecords(
    in stored: [String: PropertyListValue], keys: [String]
  ) -> [String: SyncEntry] {
    var records: [String: SyncEntry] = [:]
    for key in keys {
      if let stored = stored[ReservedKey.syncRecord(key)] {
        records[key] = try? SyncEntry(propertyListValue: stored, key: key)
      }
    }
    return records
  }
}
