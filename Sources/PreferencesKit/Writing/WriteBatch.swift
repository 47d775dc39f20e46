// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// One ``Preferences/writePreferences()`` on its way to the store: the steps add to it in
/// order (cell writes, key moves, sync stamps, the version record), then the store applies
/// ``changes(leavingOut:)`` as one unit (see `Preferences.commit`), the keys whose values it
/// cannot hold are left out, and the instance marks the rest written.
struct WriteBatch {
  /// The cells written, as captured under the lock.
  private(set) var writes: [PendingWrite] = []
  /// The stored form each of `writes` saves; `nil` removes its key.
  private(set) var forms: [PropertyListValue?] = []
  /// For cells whose value the store normalizes (a date to the second): what installs the
  /// normalized value.
  private(set) var normalizations: [(PendingWrite, CellUpdate.Normalization)] = []
  /// What the store applies: each key's change.
  private(set) var changes: [String: StoredChange] = [:]
  /// The synced keys' entries, stamped for the sync store.
  private(set) var synced: [String: SyncEntry] = [:]
  /// For each key loaded from previous keys, the previous keys this write removes.
  let keyMoves: [String: [String]]
  /// The sync session, while syncing.
  let session: SyncSession?
  /// What the store says about its version.
  let storeVersion: StoreVersion
  /// Whether this write records the class's version.
  private(set) var recordsVersion = false
  /// The cells whose value has no stored form, or one the store cannot hold, each with why:
  /// left out of the write, and kept dirty.
  private(set) var leftOut: [(write: PendingWrite, error: PreferenceError)] = []

  init(keyMoves: [String: [String]], session: SyncSession?, storeVersion: StoreVersion) {
    self.keyMoves = keyMoves
    self.session = session
    self.storeVersion = storeVersion
  }

  /// Whether no cell is written.
  var isEmpty: Bool { writes.isEmpty }

  /// The keys of the cells written.
  var keys: Set<String> { Set(writes.map(\.cell.key)) }

  /// Step 1: a cell's write, encoded and put into the form the store will hold, such as a date
  /// to the second; the instance then holds that form too, so a reload finds what it has. A
  /// value with no stored form is left out, and noted in ``leftOut``.
  mutating func add(
    _ write: PendingWrite, storedForm: (PropertyListValue) -> PropertyListValue
  ) {
    let encoded: PropertyListValue?
    do {
      encoded = try write.encode()
    } catch {
      var error = error
      error.key = error.key ?? write.cell.key
      leftOut.append((write, error))
      return
    }
    let value = encoded.map(storedForm)
    if let value, value != encoded {
      normalizations.append((write, write.cell.prepareNormalizedValue(value)))
    }
    writes.append(write)
    forms.append(value)
    changes[write.cell.key] = StoredChange(value)
  }

  /// Step 2: removes the previous keys of moved preferences, unless written themselves.
  mutating func addKeyMoves() {
    for oldKey in keyMoves.values.joined() where changes[oldKey] == nil {
      changes[oldKey] = .remove
    }
  }

  /// Whether a synced key is written.
  var writesSyncedKeys: Bool { writes.contains { $0.cell.declaration.isSynced } }

  /// Step 3: stamps each synced key's change with `stamp` and records it locally, syncing or
  /// not, so that the edit is ordered against other devices' when syncing starts.
  mutating func stampSyncedKeys(with stamp: ((PropertyListValue?) -> SyncEntry)?) {
    guard let stamp else { return }
    for (write, value) in zip(writes, forms) where write.cell.declaration.isSynced {
      synced[write.cell.key] = stamp(value)
    }
    for (key, entry) in synced {
      changes[ReservedKey.syncRecord(key)] = .set(entry.propertyListValue)
    }
  }

  /// Step 4: records `version` with the first write, when it is above 1 (a store without a
  /// version counts as version 1).
  mutating func recordVersion(_ version: Int) {
    recordsVersion = storeVersion == .unrecorded && version > 1
    if recordsVersion { changes[ReservedKey.version] = .set(.integer(Int64(version))) }
  }

  /// What the store applies, leaving out `keys`, whose values it cannot hold: their values, their
  /// sync records and the removal of the keys they were moved from.
  func changes(leavingOut keys: Set<String>) -> [String: StoredChange] {
    guard !keys.isEmpty else { return changes }
    var changes = changes
    for key in keys {
      changes[key] = nil
      changes[ReservedKey.syncRecord(key)] = nil
      for oldKey in keyMoves[key] ?? [] where changes[oldKey] == .remove { changes[oldKey] = nil }
    }
    return changes
  }

  /// Leaves out the cells of `keys`, whose values the store cannot hold: they are not
  /// marked written, pushed or normalized, and stay dirty.
  mutating func leaveOut(_ errors: [String: PreferenceError]) {
    guard !errors.isEmpty else { return }
    for (write, _) in zip(writes, forms) where errors[write.cell.key] != nil {
      leftOut.append((write, errors[write.cell.key]!))
    }
    let kept = zip(writes, forms).filter { errors[$0.0.cell.key] == nil }
    writes = kept.map(\.0)
    forms = kept.map(\.1)
    normalizations.removeAll { errors[$0.0.cell.key] != nil }
    for key in errors.keys { synced[key] = nil }
  }
}
