import Foundation

// Loading: what the store holds, read once for every key and installed in the cells, with the
// errors of what did not fit.
extension Preferences {
  /// Loads every key from the store, and tells observers what changed unless `origin` is `nil`.
  ///
  /// - Parameters:
  ///   - origin: What observers are told the changes came from; `nil` tells no one.
  ///   - keepingDirtyValues: Leave values assigned but not yet written in place, as changes
  ///     arriving from outside do.
  func reload(origin: PreferenceChange.Origin?, keepingDirtyValues: Bool) {
    let (stored, readErrors) = readStore()
    var moves: [String: [String]] = [:]
    let layers = readLayers()
    let changes = cells.map { cell in
      let value = cell.declaration.storedValue(forKey: cell.key, in: stored, moves: &moves)
      if let layers {
        return layers.prepare(
          cell, stored: value, lock: lock, keepingDirtyValue: keepingDirtyValues,
          comparing: origin != nil)
      }
      return cell.prepareLoad(
        value, lock: lock, keepingDirtyValue: keepingDirtyValues, comparing: origin != nil)
    }
    let cellErrors = changes.compactMap(\.error).map { layers == nil ? naming($0) : $0 }
    let errors =
      (readErrors + cellErrors).map { PreferenceProblem($0, phase: .load) }
      + (layers?.system.errors ?? []).map { PreferenceProblem($0, phase: .layers) }
    state.withLock { state in
      state.migration.keyMoves = moves
      if let layers { Self.record(layers, in: &state) }
    }
    install(changes, origin: origin, problems: errors)
  }

  /// The first load, while the instance initializes: each stored value goes straight into its
  /// cell, with no change worked out and nothing announced, since nothing can observe an
  /// instance before it exists. A class that reads layers loads as
  /// ``reload(origin:keepingDirtyValues:)`` does.
  func loadFirst() {
    guard !state.withLock({ $0.layers.isEnabled }) else {
      reload(origin: nil, keepingDirtyValues: false)
      return
    }
    let (stored, readErrors) = readStore()
    var errors = readErrors
    var moves: [String: [String]] = [:]
    state.withLock { state in
      for cell in cells {
        if let error = cell.loadFirst(from: stored, moves: &moves) { errors.append(naming(error)) }
      }
      state.migration.keyMoves = moves
      state.problems.replaceLoadProblems(with: errors.map { PreferenceProblem($0, phase: .load) })
    }
  }

  /// `error`, about a stored value, naming the store's file as damaged-file errors do.
  private func naming(_ error: PreferenceError) -> PreferenceError {
    guard error.file == nil, let location = preferenceStore.location else { return error }
    var named = error
    named.file = location
    return named
  }

  /// Reads what the store holds for every key, previous keys included (a store that holds its
  /// values whole hands all of them out, which costs one reference rather than a new
  /// dictionary). When the store cannot be read, no values, or those salvaged from a damaged
  /// file, and the errors that say so.
  private func readStore() -> (values: [String: PropertyListValue], errors: [PreferenceError]) {
    do {
      // One pass, without key paths, which cost several times a closure's call per cell.
      var keys: [String] = []
      keys.reserveCapacity(cells.count)
      for cell in cells {
        keys.append(cell.key)
        let previous = cell.declaration.previousKeys
        if !previous.isEmpty { keys += previous }
      }
      return (try preferenceStore.values(forKeys: keys), [])
    } catch {
      var failure = PreferenceError(error, kind: .readFailed)
      guard let salvage = preferenceStore.salvage(after: failure) else {
        readAgainWhenProtectedDataBecomesAvailable()
        return ([:], [failure])
      }
      // Salvage: every entry that parses on its own loads; the next write keeps the damaged
      // file beside the new one and writes those entries back, so the damage costs only what
      // it touched.
      let salvaged =
        salvage.values.isEmpty
        ? "no entry could be salvaged; the next write keeps the damaged file beside the new one"
        : "\(PreferenceError.counted(salvage.values.count, "entry was", "entries were")) "
          + "salvaged; the next write keeps the damaged file beside the new one and writes "
          + "them back"
      failure.reason = [failure.reason, salvaged].compactMap { $0 }.joined(separator: "; ")
      return (
        salvage.values,
        [failure]
          + salvage.lostKeys.map {
            PreferenceError(
              .corruptFile, key: $0, file: failure.file,
              reason: "the entry is damaged and could not be salvaged; the preference holds "
                + "its default, and the damaged file is kept beside the new one after the next "
                + "write")
          }
          + salvage.keptKeys.map {
            PreferenceError(
              .corruptFile, key: $0, file: failure.file,
              reason: "the entry could not be salvaged; the preference keeps the value last "
                + "read from the store before the damage"
                + (salvage.values[$0].map { " (\($0))" } ?? "")
                + ", which the next write keeps, and the damaged file is kept beside the new "
                + "one")
          }
      )
    }
  }

  /// Installs prepared changes under the lock, surrounded by the Observation framework's
  /// will-set and did-set calls, then tells every other kind of observer.
  func install(
    _ changes: [CellUpdate], origin: PreferenceChange.Origin?,
    problems: [PreferenceProblem]? = nil
  ) {
    let changed = origin == nil ? [] : changes.filter { $0.announcement != nil }
    let properties = observedProperties(of: changed)
    for property in properties { property.willSet(self) }
    installValues(changes, problems: problems)
    for property in properties { property.didSet(self) }
    if let origin { announce(changed, origin: origin) }
  }

  /// Installs prepared changes under the lock, and returns what tells their observers, to call
  /// once the write lock is released: a caller holding it (an import, a sync pull) must not run
  /// observers' code, which may write to this instance and so wait for that lock forever. The
  /// Observation framework then hears will-set and did-set just after the values changed,
  /// rather than around the change.
  func installLeavingObservers(
    _ changes: [CellUpdate], origin: PreferenceChange.Origin
  ) -> () -> Void {
    let changed = changes.filter { $0.announcement != nil }
    installValues(changes, problems: nil)
    return { [weak self] in
      guard let self else { return }
      let properties = observedProperties(of: changed)
      for property in properties {
        property.willSet(self)
        property.didSet(self)
      }
      announce(changed, origin: origin)
    }
  }

  /// The recorded properties of the cells `changed` touches, when the class is observable.
  private func observedProperties(of changed: [CellUpdate]) -> [ObservedProperty] {
    Self.isObservable ? lock.withLock { changed.compactMap(\.cell.property) } : []
  }

  /// Installs every change, and replaces the load problems when given, in one critical section.
  private func installValues(_ changes: [CellUpdate], problems: [PreferenceProblem]?) {
    state.withLock { state in
      for change in changes { change.install() }
      if let problems { state.problems.replaceLoadProblems(with: problems) }
    }
  }

  /// Tells subscribers and notification observers about the changes that announce one.
  private func announce(_ changed: [CellUpdate], origin: PreferenceChange.Origin) {
    guard !changed.isEmpty else { return }
    announce(
      changed.map {
        PreferenceChange(
          key: $0.cell.key, origin: origin, oldValue: $0.announcement?.oldValue,
          newValue: $0.announcement?.newValue)
      })
  }
}
