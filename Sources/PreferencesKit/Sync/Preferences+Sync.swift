import Foundation

/// Keys the library keeps in a preference store for itself, all starting with `prefix`.
package enum ReservedKey {
  /// When each synced key was last changed on this machine: a dictionary of dates.
  static let syncTimestamps = "PreferencesKit.syncTimestamps"
}

extension Preferences {
  /// Starts keeping the properties declared `@Preference(synced: true)` in step with other
  /// machines through `syncStore`.
  ///
  /// First, every synced key is reconciled: a key this machine never set takes the sync
  /// store's value, so a fresh install never overwrites other machines with its defaults; a
  /// key set on both sides takes the newer change; a key set only here is pushed. Then the
  /// instance pulls changes from other machines four times a second, saves them to its own
  /// store and announces them with origin ``PreferenceChange/Origin/external``, and
  /// ``writePreferences()`` pushes the synced keys it saves. A value pulled is never pushed
  /// back. Only synced keys travel.
  ///
  /// ```swift
  /// try prefs.startSyncing(with: FileSyncStore(url: shared.appending(path: "app.sync.plist")))
  /// ```
  ///
  /// - Parameter syncStore: The store shared with other machines.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/syncLimitExceeded`` when a
  ///   synced key can never sync because it is longer than the store allows; nothing is pushed
  ///   then.
  public func startSyncing(with syncStore: any SyncStore) throws(PreferenceError) {
    for cell in cells where cell.declaration.isSynced {
      if cell.key.utf8.count > syncStore.limits.maximumKeyLength {
        throw syncStore.limits.keyTooLong(cell.key)
      }
    }
    stopSyncing()
    let session = SyncSession(store: syncStore) { [weak self] reconcile in
      self?.exchange(initial: reconcile)
    }
    lock.withLock { syncSession = session }
    exchange(initial: true)
  }

  /// Stops syncing. Values already pulled stay; nothing more is pushed or pulled.
  public func stopSyncing() {
    let session = lock.withLock {
      defer { syncSession = nil }
      return syncSession
    }
    session?.stop()
  }

  /// Why the most recent pushes or pulls failed: a synced value over a limit of the sync store,
  /// or a store that could not be reached. Failed pushes are retried by the next
  /// ``writePreferences()``; the list empties when they succeed.
  public var syncErrors: [PreferenceError] {
    lock.withLock { syncSession }?.syncErrors ?? []
  }

  /// Pulls what other machines changed and, on the first exchange, pushes what only this
  /// machine has or changed last.
  func exchange(initial: Bool) {
    writeLock.withLock {
      guard let session = lock.withLock({ syncSession }) else { return }
      let remote: [String: SyncEntry]
      do {
        remote = try session.store.allEntries()
      } catch {
        session.recordPullFailure(error)
        return
      }
      let synced = cells.filter(\.declaration.isSynced)
      let (stamps, states) = lock.withLock {
        (syncTimestamps, synced.map { (cell: $0, isDirty: $0.isDirty, isSet: $0.isExplicit) })
      }
      var pulls: [String: SyncEntry] = [:]
      var pushes: [any AnyPreferenceCell] = []
      for state in states where !state.isDirty {
        let key = state.cell.key
        let local = stamps[key]
        switch remote[key] {
        case .some(let entry) where local == nil && !state.isSet:
          pulls[key] = entry
        case .some(let entry) where entry.modified > (local ?? .distantPast):
          pulls[key] = entry
        case .some(let entry) where initial && (local ?? .distantPast) > entry.modified:
          pushes.append(state.cell)
        case .none where initial && (state.isSet || local != nil):
          pushes.append(state.cell)
        default:
          break
        }
      }
      if !pulls.isEmpty { install(pulls, into: synced, stamps: stamps, session: session) }
      if !pushes.isEmpty { pushCurrentValues(of: pushes, stamps: stamps, session: session) }
    }
  }

  /// Saves pulled entries to the local store, then installs and announces them.
  private func install(
    _ pulls: [String: SyncEntry], into synced: [any AnyPreferenceCell], stamps: [String: Date],
    session: SyncSession
  ) {
    var newStamps = stamps
    var changes: [String: PropertyListValue?] = [:]
    for (key, entry) in pulls {
      changes[key] = .some(entry.value)
      newStamps[key] = entry.modified
    }
    changes[ReservedKey.syncTimestamps] = .dictionary(newStamps.mapValues { .date($0) })
    do {
      try store.apply(changes)
    } catch {
      session.recordPullFailure(error)
      return
    }
    let loads = synced.compactMap { cell in
      pulls[cell.key].map {
        cell.prepareLoad($0.value, lock: lock, keepingDirtyValue: true, comparing: true)
      }
    }
    lock.withLock { syncTimestamps = newStamps }
    apply(loads, origin: .external)
  }

  /// Pushes the current values of `cells`, stamped with when they last changed here.
  private func pushCurrentValues(
    of cells: [any AnyPreferenceCell], stamps: [String: Date], session: SyncSession
  ) {
    let writes = lock.withLock { cells.map { $0.pendingWrite() } }
    var entries: [String: SyncEntry] = [:]
    for write in writes {
      let key = write.cell.key
      guard let value = try? write.encode() else { continue }
      entries[key] = SyncEntry(value: value, modified: stamps[key] ?? Date())
    }
    session.push(entries)
  }

  /// Reads the local modification times of synced keys from a store's values.
  static func syncTimestamps(in stored: [String: PropertyListValue]) -> [String: Date] {
    guard case .dictionary(let entries)? = stored[ReservedKey.syncTimestamps] else { return [:] }
    return entries.compactMapValues {
      if case .date(let date) = $0 { date } else { nil }
    }
  }
}
