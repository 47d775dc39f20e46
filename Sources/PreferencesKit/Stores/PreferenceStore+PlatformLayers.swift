// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The layers a store's platform merges into what the store reads, which ``Preferences``
/// reads whatever its class opts into: for a store over `UserDefaults`
/// (``PreferenceStore/userDefaultsDomains``), the keys `UserDefaults` reports forced, the
/// managed app configuration, the argument domain, registered defaults and the global domain.
struct PlatformLayers: Sendable {
  /// The layers besides the store's own values: managed values first, then system defaults.
  let reader: any SystemLayerReading
  /// The arguments layer's values for the given keys (`-fontSize 18`, as an Xcode scheme
  /// passes it).
  let arguments: @Sendable (_ keys: [String]) -> [String: [LayerValue]]
}

extension PreferenceStore {
  /// The layers this store's platform merges into what it reads, or `nil` for a store whose
  /// values are only its own.
  var platformLayers: PlatformLayers? {
    userDefaultsDomains.map { domains in
      PlatformLayers(reader: domains.reader, arguments: { domains.arguments(forKeys: $0) })
    }
  }
}
