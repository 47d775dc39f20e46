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
    let writes = lock.withLock { cells.filter(\.hasUserValue).map { $0.pendingWrite() } }
    var values: [String: PropertyListValue] = [:]
    for write in writes {
      values[write.cell.key] = try write.encode()
    }
    return Data(try format.encode(values, file: nil))
  }

  /// Merges the values in a document made by ``exportValues(format:)``, JSON or property
  /// list, into the preferences, and saves them to the store at once.
  ///
  /// Every value is checked against its property's type first. Only if all fit are they
  /// applied, as one unit; otherwise nothing changes and the error lists every key that does
  /// not fit. An import stays all or nothing at the store too: when the store cannot hold one
  /// of the values, nothing is imported. It merges: preferences the document does not mention
  /// keep their values (`prefs import` on the command line replaces the store's keys unless
  /// given `--merge`). The imported values are saved immediately, without
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
    let bytes = [UInt8](data)
    let document = try PropertyListFormat.decodeDocument(bytes)
    let values = document.filter { !$0.key.hasPrefix(ReservedKey.prefix) }
    let declared = Set(cells.map(\.key))
    let unknown = document.keys.filter { !declared.contains($0) }.sorted()

    let changes = cells.compactMap { cell in
      values[cell.key].map {
        prepareStoredLoad(cell, $0, keepingDirtyValue: false)
      }
    }
    let problems = changes.compactMap(\.error)
    if !problems.isEmpty {
      throw PreferenceError(
        .typeMismatch, key: problems.count == 1 ? problems[0].key : nil,
        reason: "nothing was imported because \(problems.count) value(s) do not fit: "
          + problems.map(\.description).joined(separator: "; "))
    }
    let tellObservers = try writeLock.withLock { _ throws(PreferenceError) in
      // All or nothing: a value the store cannot hold refuses the whole import.
      let outcome = try commit(refusable: []) { _ in
        values.filter { declared.contains($0.key) }.mapValues(StoredChange.set)
      }
      if !outcome.notices.isEmpty {
        state.withLock { $0.problems.replaceWriteNotices(with: outcome.notices) }
      }
      return installLeavingObservers(changes, origin: .external)
    }
    tellObservers()
    return unknown
  }
}
