// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

// Which readers of the system's layers an instance gets, by its store and platform.
extension Preferences {
  /// The identifier the system's layers are found by: for a store in a file
  /// (``PreferenceStore/location``), the name of the folder holding it (the identifier itself
  /// for ``init(identifier:)`` and ``init()`` on Linux, as ``FileStore/defaultURL(for:format:)`` names
  /// the folder); for any other store, the running program's ``FileStore/defaultIdentifier``.
  static func layerIdentifier(of store: any PreferenceStore) -> String {
    guard let location = store.location, location.isFileURL else {
      return FileStore.defaultIdentifier
    }
    return location.deletingLastPathComponent().lastPathComponent
  }

  /// The reader of the system's layers for `store`.
  ///
  /// - A store over `UserDefaults` (``PreferenceStore/userDefaultsDomains``, a
  ///   ``UserDefaultsStore``'s): the keys its `UserDefaults` reports forced, the managed app
  ///   configuration, registered defaults and the global domain (see
  ///   ``UserDefaultsStore/values(forKeys:)``); elsewhere than on Apple platforms, then the
  ///   files below.
  /// - Any other store, on every platform: the files under `XDG_CONFIG_DIRS`, so a
  ///   ``FileStore`` reads the same system and managed files on a Mac as on Linux; on Apple
  ///   platforms, the forced keys and managed app configuration of `UserDefaults.standard`
  ///   come first, as a configuration profile applies to the app whatever store it uses.
  ///
  /// - Parameters:
  ///   - store: The instance's store.
  ///   - environment: The process's arguments, environment and folders.
  ///   - applePlatform: Whether to choose as on Apple platforms; tests choose both ways.
  ///   - standardDefaults: `UserDefaults.standard`, unless a test gives a fake.
  static func systemLayerReader(
    for store: any PreferenceStore, environment: LayerEnvironment,
    applePlatform: Bool = Platform.isApple,
    standardDefaults: @autoclosure () -> any ForcedDefaults = UserDefaults.standard
  ) -> any SystemLayerReading {
    let files = XDGLayerReader(
      identifier: layerIdentifier(of: store), systemFolders: environment.systemFolders)
    if let platform = store.platformLayers {
      return applePlatform
        ? platform.reader : CombinedLayerReader(readers: [platform.reader, files])
    }
    guard applePlatform else { return files }
    return CombinedLayerReader(
      readers: [ManagedDefaultsReader(defaults: standardDefaults()), files])
  }
}
