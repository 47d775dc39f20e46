// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import PreferencesKit

// The commands that macOS `defaults` users reach for besides read and write: `read-type`,
// `rename`, and `delete` without a key.

extension Command {
  /// `prefs read-type STORE KEY`: the value's type in `defaults`' words, `Type is string`.
  func readType(_ location: StoreLocation, key: String) throws(ToolFailure) {
    guard let value = try allValues(in: location, reading: key)[key] else {
      throw .keyNotFound(key, store: location.displayName)
    }
    let type =
      switch value {
      case .string: "string"
      case .integer, .unsignedInteger: "integer"
      case .double: "float"
      case .bool: "boolean"
      case .date: "date"
      case .data: "data"
      case .array: "array"
      case .dictionary: "dictionary"
      }
    Console.print("Type is \(type)")
  }

  /// `prefs rename STORE OLD NEW`: moves the value, and the record of its last synced change,
  /// to the new key in one write. Refuses to overwrite a key that exists, or to touch the
  /// library's own keys.
  func rename(_ old: String, to new: String, in location: StoreLocation) throws(ToolFailure) {
    for key in [old, new] where key.hasPrefix(ReservedKey.prefix) {
      throw .refused(
        "\(key) is one of the library's own keys (\(ReservedKey.prefix)*); prefs does not "
          + "rename them")
    }
    try update(location) { values throws(ToolFailure) in
      guard let value = values.removeValue(forKey: old) else {
        throw .keyNotFound(old, store: location.displayName)
      }
      guard values[new] == nil else {
        throw .refused(
          "\(new) already exists in \(location.displayName); delete it first; the store was "
            + "left as it was")
      }
      values[new] = value
      if let record = values.removeValue(forKey: ReservedKey.syncRecord(old)) {
        values[ReservedKey.syncRecord(new)] = record
      }
    }
  }

  /// `prefs delete STORE`: removes every setting, as `defaults delete DOMAIN` does, and prints
  /// the keys it removed, one per line. The library's own keys (its version, the device
  /// identifier, sync records) stay, so that a later sync does not take this store for a new
  /// device.
  func deleteSettings(in location: StoreLocation) throws(ToolFailure) {
    guard !(try settings(in: allValues(in: location), of: location)).isEmpty else { return }
    var removed: [String] = []
    try update(location) { values throws(ToolFailure) in
      removed = values.keys.filter { !$0.hasPrefix(ReservedKey.prefix) }.sorted()
      for key in removed { values[key] = nil }
    }
    for key in removed { Console.print(key) }
  }
}
