// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

extension FileStore {
  /// Where ``Preferences/publishSchema()`` writes the JSON Schema of a store at `url`: in the
  /// same folder, the file's name with `.schema.json` in place of its extension.
  ///
  /// ```swift
  /// FileStore.schemaURL(forStoreAt: URL(filePath: "/cfg/app/preferences.toml"))
  /// // /cfg/app/preferences.schema.json
  /// ```
  ///
  /// - Parameter url: The store's file.
  /// - Returns: The schema's file beside it.
  public static func schemaURL(forStoreAt url: URL) -> URL {
    let name = url.deletingPathExtension().lastPathComponent
    return url.deletingLastPathComponent().appendingPathComponent(name + ".schema.json")
  }

  /// The `#:schema` directive that makes a TOML editor's language server check the file
  /// against its published schema: `#:schema ./preferences.schema.json`, or `nil` while no
  /// schema is published beside it. A new TOML file starts with it; a file a person already
  /// has never gets it added.
  package var tomlSchemaDirective: String? {
    let schema = Self.schemaURL(forStoreAt: url)
    guard FileManager.default.fileExists(atPath: schema.path) else { return nil }
    return "#:schema ./" + schema.lastPathComponent
  }
}

extension Preferences {
  /// Writes the JSON Schema of this class (``PreferenceSchema/jsonSchema()``) beside the file
  /// its store keeps its values in (the store's ``PreferenceStore/location``: a
  /// ``FileStore``'s file, or a store of yours that names a file), so that editors complete and check a hand edit, and `prefs validate` and
  /// `prefs write` check values without the app's code.
  ///
  /// The file is ``FileStore/schemaURL(forStoreAt:)``: `preferences.schema.json` next to
  /// `preferences.toml`, `store.schema.json` next to `store.json`. It is written only when its
  /// bytes change, atomically (a reader sees the old schema or the new one), so calling this
  /// at every launch costs one read. A missing folder is created as the store's first write
  /// creates it (mode 0700, whatever the umask), and the schema gets the store file's mode
  /// (0600 before the store has a file). A store whose location is no file
  /// (`UserDefaultsStore`, ``InMemoryStore``) publishes nothing.
  ///
  /// Publishing is opt-in: the schema is one more file in the user's folder, which an app
  /// whose settings nobody edits by hand does not need. Publish before the first write: a TOML
  /// file the app creates then starts with `#:schema ./preferences.schema.json`, the line TOML
  /// editors' language servers read; a file a person already has never gets it added.
  ///
  /// ```swift
  /// let prefs = AppPreferences()
  /// try prefs.publishSchema()  // ~/.config/com.example.app/preferences.schema.json
  /// ```
  ///
  /// - Returns: The schema's file, or `nil` when the store has none.
  /// - Throws: The error writing the file: the folder is read-only, or the disk is full.
  @discardableResult
  public func publishSchema() throws -> URL? {
    // The store's file, as its location names it: a `FileStore`'s, or a store of yours that
    // keeps its values in one file.
    guard let file = preferenceStore.location, file.isFileURL, !file.hasDirectoryPath else {
      return nil
    }
    let url = FileStore.schemaURL(forStoreAt: file)
    let bytes = declarations.jsonSchema()
    if (try? Data(contentsOf: url)) == bytes { return url }
    try FileStore.createFolderIfNeeded(atPath: url.deletingLastPathComponent().path, for: file)
    try bytes.write(to: url, options: .atomic)
    // The store file's mode, or a new store file's: the schema is private as the store is.
    let mode = (try? Syscalls.status(atPath: file.path))?.permissions ?? 0o600
    try? Syscalls.setPermissions(mode, atPath: url.path)
    return url
  }
}
