/// What a store says about the version of the preferences that wrote it.
enum StoreVersion: Equatable {
  /// The store records no version yet; the next write records this class's.
  case unrecorded
  /// The store records this version, or a migration to it failed and must not be recorded.
  case recorded(Int)
}

extension ReservedKey {
  /// The version of the preferences that last wrote the store: an integer.
  static let version = "PreferencesKit.version"
  /// The prefix of every key the library keeps for itself.
  static let prefix = "PreferencesKit."
}

extension Preferences {
  /// Runs ``migrate(from:values:)`` when the store was written by an older version, and writes
  /// the result back as one change.
  ///
  /// - Returns: The error that stopped the migration, if one did. The store is unchanged then,
  ///   and the instance should hold its defaults.
  func migrateStoreIfNeeded() -> PreferenceError? {
    let all: [String: PropertyListValue]
    do {
      all = try store.allValues()
    } catch {
      return nil  // The load that follows reports the store's error.
    }
    let recorded: Int? =
      if case .integer(let version)? = all[ReservedKey.version] { Int(exactly: version) } else { nil }
    var values = all.filter { !$0.key.hasPrefix(ReservedKey.prefix) }
    lock.withLock { storeVersion = recorded.map { .recorded($0) } ?? .unrecorded }
    let oldVersion = recorded ?? (values.isEmpty ? Self.version : 1)
    guard oldVersion < Self.version else { return nil }

    let before = values
    do {
      try migrate(from: oldVersion, values: &values)
    } catch {
      lock.withLock { storeVersion = .recorded(oldVersion) }
      return PreferenceError(
        .migrationFailed, expected: "a migration from version \(oldVersion) to \(Self.version)",
        reason: "\(error); the store was left unchanged")
    }
    var changes: [String: PropertyListValue?] = [:]
    for (key, value) in values where before[key] != value { changes[key] = .some(value) }
    for key in before.keys where values[key] == nil { changes[key] = .some(nil) }
    changes[ReservedKey.version] = .integer(Int64(Self.version))
    do {
      try store.apply(changes)
    } catch {
      lock.withLock { storeVersion = .recorded(oldVersion) }
      return PreferenceError(error, kind: .writeFailed)
    }
    lock.withLock { storeVersion = .recorded(Self.version) }
    return nil
  }
}
