// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Every layer outside the app's run that holds one key, the winner first: what
/// `prefs read STORE KEY --explain` prints.
///
/// Arguments and environment variables belong to one run of the app, so the report cannot see
/// them; it holds the managed values, the store's own value and the system defaults.
package struct LayerReport {
  /// One layer's value.
  package struct Entry {
    /// The layer.
    package let source: PreferenceSource
    /// Its value.
    package let value: PropertyListValue
    /// Where it was read: a file's path, or a `UserDefaults` mechanism.
    package let sourceDescription: String
  }

  /// The layers that hold the key, the one that wins first.
  package let entries: [Entry]
  /// Layer files that could not be read; they are ignored, as apps ignore them.
  package let errors: [PreferenceError]

  /// Reads every layer for `key` of `store`, with the system's folders that `environment`
  /// (`XDG_CONFIG_DIRS`) names.
  ///
  /// - Throws: What reading the store throws.
  package init(key: String, store: any PreferenceStore, environment: [String: String]) throws {
    let reader = Preferences.systemLayerReader(
      for: store, environment: LayerEnvironment(arguments: [], variables: environment))
    let (found, errors) = reader.entries(forKeys: [key])
    let user = try store.value(forKey: key).map {
      LayerValue(
        source: .user, content: .value($0), sourceDescription: Self.sourceDescription(of: store))
    }
    let system = found[key] ?? []
    let layered =
      system.filter { $0.source == .managed } + (user.map { [$0] } ?? [])
      + system.filter { $0.source == .system }
    entries = layered.compactMap { layer in
      guard case .value(let value) = layer.content else { return nil }
      let sourceDescription = layer.file?.path ?? layer.sourceDescription
      return Entry(source: layer.source, value: value, sourceDescription: sourceDescription)
    }
    self.errors = errors
  }

  private static func sourceDescription(of store: any PreferenceStore) -> String {
    store.location.map { $0.isFileURL ? $0.path : $0.absoluteString } ?? "the store"
  }
}
