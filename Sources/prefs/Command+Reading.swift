// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

extension Command {
  /// Every value in the store, as the library would load it.
  ///
  /// A file named by its path that does not exist is an empty store, said on standard error,
  /// since it is more likely a typo than a store. A damaged file gives what the library would
  /// salvage from it, with a warning on standard error naming the damage and the entries lost.
  ///
  /// - Parameter key: The key the command reads, if one: when its entry is among those lost,
  ///   the read fails rather than reporting the key as missing.
  /// - Throws: ``ToolFailure/inputOutput(_:)`` when the store cannot be read, when it is
  ///   damaged and nothing could be salvaged, or when `key`'s entry is lost.
  func allValues(
    in location: StoreLocation, reading key: String? = nil
  ) throws(ToolFailure) -> [String: PropertyListValue] {
    let store = location.makeStore()
    do {
      if case .file(let url) = location, !FileManager.default.fileExists(atPath: url.path) {
        Console.error("prefs: warning: no file at \(url.path); reading it as an empty store")
      }
      return try store.allValues()
    } catch let error as PreferenceError {
      guard let salvage = store.salvage(after: error) else {
        throw .inputOutput("read", location.displayName, error)
      }
      guard !salvage.values.isEmpty else {
        throw .inputOutput(
          "cannot read \(location.displayName): \(ToolFailure.details(of: error)); "
            + "nothing could be salvaged from it")
      }
      let lost =
        salvage.lostKeys.isEmpty
        ? "" : " (lost: " + salvage.lostKeys.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
      let salvaged = PreferenceError.counted(salvage.values.count, "entry", "entries")
      Console.error(
        "prefs: warning: \(location.displayName) is damaged (\(ToolFailure.details(of: error))); "
          + "showing the \(salvaged) an app would salvage from it\(lost); the next write "
          + "moves the damaged file aside")
      if let key, salvage.lostKeys.contains(key) {
        throw .inputOutput(
          "cannot read \"\(key)\" from \(location.displayName): its entry is damaged and could "
            + "not be salvaged")
      }
      return salvage.values
    } catch {
      throw .inputOutput("read", location.displayName, error)
    }
  }

  /// Warns on standard error when an administrator manages `key`: the value just written
  /// stays in the store, but apps use the managed value while the administrator manages it.
  func warnIfManaged(_ key: String, in location: StoreLocation) {
    let report = try? LayerReport(
      key: key, store: location.makeStore(), environment: ProcessInfo.processInfo.environment)
    guard let winner = report?.entries.first, winner.source == .managed else { return }
    Console.error(
      "prefs: warning: \(key) is managed by an administrator (\(winner.sourceDescription)): "
        + "apps ignore the value written to the store while it is managed")
  }
}
