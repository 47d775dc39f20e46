// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

// Loading: what the store holds, read once for every key, and the layers' values when the class
// reads any, chosen from and installed in the cells, with the errors of what did not fit.
extension Preferences {
  /// Loads every key from the store (and the layers), and tells observers what changed unless
  /// `origin` is `nil`.
  ///
  /// - Parameters:
  ///   - origin: What observers are told the changes came from; `nil` tells no one.
  ///   - keepingDirtyValues: Leave values assigned but not yet written in place, as changes
  ///     arriving from outside do.
  func reload(origin: PreferenceChange.Origin?, keepingDirtyValues: Bool) {
    load(
      LoadOptions(keepingDirtyValue: keepingDirtyValues, comparing: origin != nil), origin: origin)
  }

  /// Loads every key: each cell chooses its value from its candidates (the store's value, and
  /// the layers' when the class reads any). The first load, while the instance initializes
  /// (``LoadOptions/first``), installs each value straight into its cell, with no change
  /// worked out and nothing announced, since nothing can observe an instance before it
  /// exists; a reload prepares every cell outside the lock and installs them together, in one
  /// critical section.
  func load(_ options: LoadOptions, origin: PreferenceChange.Origin? = nil) {
    // Before the store is read: a write between that read and the install saves values newer
    // than the read found (``LoadOptions/flagsBeforeRead``).
    let flagsBeforeRead = options.keepingDirtyValue ? cells.map(\.flags) : []
    let (stored, readErrors) = readStore()
    let layers = readLayers()
    var moves: [String: [String]] = [:]
    var errors = readErrors
    var system = layers?.system ?? SystemLayers()
    var sources: [String: PreferenceSource] = [:]
    var changes: [CellUpdate] = []
    // Loads every cell at once, or prepares it into `changes`.
    func loadCells() {
      if !options.installsAtOnce { changes.reserveCapacity(cells.count) }
      let candidates = LoadCandidates(stored: stored, layers: layers)
      for (index, cell) in cells.enumerated() {
        var options = options
        if options.keepingDirtyValue { options.flagsBeforeRead = flagsBeforeRead[index] }
        let update = cell.prepareLoad(candidates, lock: state, options: options)
        if let error = update.error { errors.append(naming(error)) }
        if !update.choice.movedKeys.isEmpty { moves[update.cell.key] = update.choice.movedKeys }
        if layers != nil {
          sources[cell.key] = update.source
          system.errors += update.choice.layerErrors
        }
        if !options.installsAtOnce { changes.append(update) }
      }
    }
    // Records what the load found, and returns its problems.
    func record(in state: inout InstanceState) -> [PreferenceProblem] {
      state.migration.keyMoves = moves
      if layers != nil {
        state.layers.sources = sources
        state.layers.system = system
      }
      return placed(errors).map { PreferenceProblem($0, phase: .load) }
        + system.errors.map { PreferenceProblem($0, phase: .layers) }
    }
    loadCells()
    guard !options.installsAtOnce else {
      state.withLock { $0.problems.replaceLoadProblems(with: record(in: &$0)) }
      return
    }
    install(changes, origin: origin, problems: state.withLock { record(in: &$0) })
  }

  /// Prepares `cell` to hold `value` (`nil`: none), newly saved to the store by sync or an
  /// import: under the layers of the last load when the class reads any, so a managed or
  /// overridden key keeps what its layer says.
  func prepareStoredLoad(
    _ cell: any AnyPreferenceCell, _ value: PropertyListValue?, keepingDirtyValue: Bool
  ) -> CellUpdate {
    let layers = state.withLock { state in
      state.layers.isEnabled
        ? LayerSnapshot(overrides: state.layers.overrides, system: state.layers.system) : nil
    }
    let update = cell.prepareLoad(
      LoadCandidates(stored: value.map { [cell.key: $0] } ?? [:], layers: layers), lock: state,
      options: LoadOptions(keepingDirtyValue: keepingDirtyValue, comparing: true))
    if layers != nil { state.withLock { $0.layers.sources[cell.key] = update.source } }
    return update
  }

  /// Lists, as load problems, why the values of `loads` (each from
  /// ``prepareStoredLoad(_:_:keepingDirtyValue:)``) that did not fit were not used, in place
  /// of the problems listed for their keys before: the store holds those values now, as a
  /// load would find them. `arrival` says how they came, such as "pulled by sync".
  func noteStoredLoads(_ loads: [CellUpdate], arrival: String) {
    let keys = Set(loads.map(\.cell.key))
    let errors = loads.compactMap(\.error).map { error in
      var error = naming(error)
      error.reason = [error.reason, "\(arrival), it is kept in the store but not used"]
        .compactMap { $0 }.joined(separator: "; ")
      return error
    }
    state.withLock { state in
      state.problems.replace(.load, with: errors, where: { keys.contains($0.key ?? "") })
    }
  }

  /// Prepares resets of `cells`: each to what a load would find below the user's store (the
  /// system's default when the class reads layers, or else the declared default; managed
  /// cells stay as they are).
  func prepareResets(_ cells: [any AnyPreferenceCell]) -> [CellUpdate] {
    let layers = state.withLock { state in
      state.layers.isEnabled
        ? LayerSnapshot(overrides: [:], system: state.layers.system) : nil
    }
    return cells.map { $0.prepareReset(LoadCandidates(layers: layers), lock: state) }
  }

  /// `error`, about a stored value, naming the store's file as damaged-file errors do.
  /// `errors` with the line of each value in the store's file that was rejected or of the
  /// wrong type, where the file's format has lines (TOML, JSON): a person fixing a hand edit
  /// is sent to the line. The file is read again, and only when such an error exists.
  private func placed(_ errors: [PreferenceError]) -> [PreferenceError] {
    guard let url = preferenceStore.location, url.isFileURL,
      errors.contains(where: { Self.hasPlace($0, in: url) })
    else { return errors }
    let format = PropertyListFormat(fileExtension: url.pathExtension)
    // At most a FileStore's default limit: a larger file was not read either.
    guard format != .propertyList,
      let bytes = try? Syscalls.peekBytes(atPath: url.path, count: 4 * 1024 * 1024)
    else { return errors }
    return errors.map { error in
      guard Self.hasPlace(error, in: url), let key = error.key else { return error }
      var placed = error
      placed.line = format.line(ofKey: key, in: bytes)
      return placed
    }
  }

  /// Whether `error` is about a value written in the file at `url`.
  private static func hasPlace(_ error: PreferenceError, in url: URL) -> Bool {
    error.file == url && error.key != nil
      && (error.kind == .rejectedValue || error.kind == .typeMismatch)
  }

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
      // Unless the store's writes wait for the damage to be repaired, as a TOML file's do.
      let waits = salvage.writesWaitForRepair
      // The values kept from the last read were not salvaged from the file: a fresh load and
      // a reload count the same entries.
      let count = salvage.values.count - salvage.keptKeys.count
      let salvaged =
        waits
        ? "\(PreferenceError.counted(count, "entry was", "entries were")) "
          + "salvaged; writes wait until the file parses again, so that none of it is lost"
        : count == 0
          ? "no entry could be salvaged; the next write keeps the damaged file beside the new one"
          : "\(PreferenceError.counted(count, "entry was", "entries were")) "
            + "salvaged; the next write keeps the damaged file beside the new one and writes "
            + "them back"
      failure.reason = [failure.reason, salvaged].compactMap { $0 }.joined(separator: "; ")
      // A TOML file is not rewritten while it is damaged: it is the person's fix that ends it.
      let untilFixed = " until the file parses again; writes wait until then"
      return (
        salvage.values,
        [failure]
          + salvage.lostKeys.map {
            PreferenceError(
              .corruptFile, key: $0, file: failure.file,
              reason: "the entry is damaged and could not be salvaged; the preference holds "
                + "its default"
                + (waits
                  ? untilFixed
                  : ", and the damaged file is kept beside the new one after the next write"))
          }
          + salvage.keptKeys.map {
            PreferenceError(
              .corruptFile, key: $0, file: failure.file,
              reason: "the entry could not be salvaged; the preference keeps the value last "
                + "read from the store before the damage"
                + (salvage.values[$0].map { " (\($0))" } ?? "")
                + (waits
                  ? untilFixed
                  : ", which the next write keeps, and the damaged file is kept beside the new "
                    + "one"))
          }
      )
    }
  }
}
