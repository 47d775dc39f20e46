// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import PreferencesKit

/// One parsed `prefs` invocation, ready to run.
enum Command {
  /// How `import` treats keys the store holds and the document does not.
  enum ImportMode {
    /// Remove them: the store ends up holding exactly the document's keys.
    case replace
    /// Keep them: only the document's keys are set.
    case merge
  }

  /// What `write` does to its key.
  enum Edit {
    /// Sets the key: a type flag and its value, `-array` or `-dict`.
    case set(PropertyListValue)
    /// `-array-add`: appends to the key's array, which is created when the key is missing.
    case appendToArray([PropertyListValue])
    /// `-dict-add`: sets entries in the key's dictionary, which is created when the key is
    /// missing.
    case addToDictionary([String: PropertyListValue])
  }

  /// `prefs --help`, or `prefs help COMMAND` when a command is named.
  case help(CommandName?)
  /// `prefs --version`.
  case version
  /// `prefs keys STORE`.
  case keys(StoreLocation)
  /// `prefs read STORE [KEY] [--json]`.
  case read(StoreLocation, key: String?, json: Bool)
  /// `prefs read STORE KEY --explain` (Command+Explain.swift).
  case explain(StoreLocation, key: String)
  /// `prefs read-type STORE KEY` (Command+Defaults.swift).
  case readType(StoreLocation, key: String)
  /// `prefs write STORE KEY VALUE` (a string), `prefs write STORE KEY -TYPE VALUE`, or
  /// `-array`, `-dict`, `-array-add`, `-dict-add` and their values.
  case write(StoreLocation, key: String, Edit, force: Bool = false)
  /// `prefs rename STORE OLD NEW` (Command+Defaults.swift).
  case rename(StoreLocation, from: String, to: String)
  /// `prefs delete STORE KEY`, or every setting with no `KEY` (Command+Defaults.swift).
  case delete(StoreLocation, key: String?)
  /// `prefs export STORE [--format plist|json]`; `nil` is the store's own format.
  case export(StoreLocation, format: PropertyListFormat?)
  /// `prefs import STORE FILE|- [--replace|--merge]`; `-` is standard input.
  case `import`(StoreLocation, source: String, mode: ImportMode)
  /// `prefs validate STORE [--schema FILE]` (Command+Validate.swift).
  case validate(StoreLocation, schema: String?)
  /// `prefs edit STORE` (Command+Edit.swift).
  case edit(StoreLocation)
}
