// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

extension Preferences {
  /// A document holding every preference that does not hold its default, for a person to read
  /// and keep, or for ``importValues(from:)`` to restore.
  ///
  /// ```swift
  /// let backup: Data = try prefs.exportValues(format: .json)
  /// ```
  ///
  /// Values assigned but not yet written are included. For a key an administrator manages or
  /// an override for the run decides (see ``Preferences/layers``), the document holds the
  /// user's own value, if any, never the layer's. XML property lists hold dates to the second;
  /// JSON keeps them exactly.
  ///
  /// - Parameter format: JSON or an XML property list.
  /// - Returns: The document's bytes.
  /// - Throws: A ``PreferenceError`` for a value with no property-list form.
  public func exportValues(format: PropertyListFormat) throws(PreferenceError) -> Data {
    let writes = state.withLock { _, held in
      cells.filter(\.hasUserValue).map { $0.pendingWrite(held) }
    }
    var values: [String: PropertyListValue] = [:]
    for write in writes {
      values[write.cell.key] = try write.encode()
    }
    return Data(try format.encode(values, file: nil))
  }

  /// Merges the values in a document made by ``exportValues(format:)``, JSON, property list
  /// or TOML, into the preferences, and saves them to the store at once.
  ///
  /// Every value is checked against its property's type first. Only if all fit are they
  /// applied, as one unit; otherwise nothing changes and the error lists every key that does
  /// not fit. An import stays all or nothing at the store too: when the store cannot hold one
  /// of the values, nothing is imported. A value of the right type that the property's
  /// ``PreferenceConstraint`` rejects is imported into the store, as a hand edit would be, and
  /// not used: the preference holds its default and ``preferenceProblems`` lists it (`load`
  /// phase) until a value is assigned. It merges: preferences the document does not mention
  /// keep their values (`prefs import` on the command line replaces the store's keys unless
  /// given `--merge`). A value found only under one of a property's `previousKeys` is
  /// imported under its key. The imported values are saved immediately, without
  /// ``writePreferences()``, and carry no sync stamp; other dirty keys stay dirty. Observers
  /// hear of the changes with origin ``PreferenceChange/Origin/external``.
  ///
  /// - Parameter data: The document.
  /// - Returns: The keys in the document that no property declares, which were not imported,
  ///   the library's own `PreferencesKit.*` keys among them.
  /// - Throws: A ``PreferenceError``: ``PreferenceError/Kind/corruptFile`` when the document
  ///   does not parse, ``PreferenceError/Kind/typeMismatch`` listing every value that does not
  ///   fit, or the store's error when saving fails.
  @discardableResult
  public func importValues(from data: Data) throws(PreferenceError) -> [String] {
    try importDocument(try PropertyListFormat.decodeDocument([UInt8](data)))
  }

  /// Brings the values another store holds into these preferences, converted first by
  /// `convert`, and saves them at once: the way to take over what a program kept in
  /// `UserDefaults`, or in any store, once.
  ///
  /// ```swift
  /// // Linux: corelibs Foundation kept UserDefaults.standard in
  /// // $XDG_CONFIG_HOME/<executable>.plist (~/.config/notes.plist for `notes`).
  /// let old = FileStore(url: configHome.appending(path: "notes.plist"))
  /// try prefs.importValues(from: old) { values in
  ///   if case .data(let json)? = values["person"] {    // a Codable value kept as JSON
  ///     values["person"] = try PropertyListValue(
  ///       encoding: JSONDecoder().decode(Person.self, from: json))
  ///   }
  /// }
  /// ```
  ///
  /// `convert` receives every value `store` holds, by key, and changes them into what the
  /// properties store: a `Codable` value kept as JSON or property-list `Data` becomes
  /// ``PropertyListValue/init(encoding:)`` of the decoded value, and a renamed key moves
  /// (or is named in the property's `previousKeys`, which the import honours). Then the
  /// values are imported as ``importValues(from:)-(Data)`` imports a document: checked
  /// against their properties' types, all or nothing, merged, saved at once. `store` is only
  /// read. Importing is not recorded: to import once, move the old file aside (or remove the
  /// old domain) after a successful import, as the README's "Coming from UserDefaults" shows.
  ///
  /// - Parameters:
  ///   - store: Where the values are now: a ``FileStore`` over the old file, a
  ///     ``UserDefaultsStore``, or any store.
  ///   - convert: Changes the values, by key, into the forms the properties store.
  /// - Returns: The keys that no property declares, which were not imported.
  /// - Throws: A ``PreferenceError``: the old store's error when it cannot be read,
  ///   ``PreferenceError/Kind/migrationFailed`` when `convert` throws,
  ///   ``PreferenceError/Kind/typeMismatch`` listing every value that does not fit, or this
  ///   store's error when saving fails. Nothing is imported then.
  @discardableResult
  public func importValues(
    from store: some PreferenceStore,
    converting convert: (inout [String: PropertyListValue]) throws -> Void = { _ in }
  ) throws(PreferenceError) -> [String] {
    var values: [String: PropertyListValue]
    do {
      values = try store.allValues()
    } catch {
      throw PreferenceError(error, kind: .readFailed)
    }
    do {
      try convert(&values)
    } catch {
      throw PreferenceError(
        .migrationFailed, expected: "values converted for an import from \(store)",
        reason: "\(error); nothing was imported")
    }
    return try importDocument(values)
  }

  /// Imports `document`'s values for the declared properties, under their keys or their
  /// previous keys, as one unit; returns the keys no property took.
  private func importDocument(
    _ document: [String: PropertyListValue]
  ) throws(PreferenceError) -> [String] {
    let values = document.filter { !$0.key.hasPrefix(ReservedKey.prefix) }
    var found: [String: PropertyListValue] = [:]
    var taken: Set<String> = []
    for cell in cells {
      var movedKeys: [String] = []
      guard
        let value = cell.declaration.storedValue(
          forKey: cell.key, in: values, movedKeys: &movedKeys)
      else { continue }
      found[cell.key] = value
      taken.insert(cell.key)
      taken.formUnion(movedKeys)
    }
    let unknown = document.keys.filter { !taken.contains($0) }.sorted()

    let changes = cells.compactMap { cell in
      found[cell.key].map {
        prepareStoredLoad(cell, $0, keepingDirtyValue: false)
      }
    }
    // A value of the wrong type fails the import; one a constraint rejects is imported into
    // the store, as a hand edit would be, and not used.
    let problems = changes.compactMap(\.error).filter { $0.kind != .rejectedValue }
    if !problems.isEmpty {
      throw PreferenceError(
        .typeMismatch, key: problems.count == 1 ? problems[0].key : nil,
        reason: "nothing was imported because \(problems.count) value(s) do not fit: "
          + problems.map(\.description).joined(separator: "; "))
    }
    let tellObservers = try writeLock.withLock { () throws(PreferenceError) in
      // All or nothing: a value the store cannot hold fails the whole import.
      let outcome = try commit(mayLeaveOut: []) { _ in found.mapValues(StoredChange.set) }
      if !outcome.problems.isEmpty {
        state.withLock { $0.problems.replaceWriteProblems(with: outcome.problems) }
      }
      noteStoredLoads(changes, arrival: "imported")
      return installLeavingObservers(changes, origin: .external)
    }
    tellObservers()
    return unknown
  }
}
