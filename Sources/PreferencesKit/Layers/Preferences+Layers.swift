// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The layers of a ``Preferences`` instance whose class opts in: reachable only through
/// ``Preferences/state``.
struct LayerState {
  /// Whether the class reads any layer.
  var isEnabled = false
  /// The overrides from arguments and environment variables, by key, highest first, read at
  /// init. A key's are dropped once the app assigns or resets it: that wins for the run.
  var overrides: [String: [LayerValue]] = [:]
  /// Reads the system's layers at every load; `nil` unless the class reads ``PreferenceLayer/system``.
  var reader: (any SystemLayerReading)?
  /// Where each key's value came from at the last load or write.
  var sources: [String: PreferenceSource] = [:]
  /// What the system held at the last load: the defaults a reset restores, and the layers
  /// that values arriving between loads (from sync, or an import) are read under.
  var system = SystemLayers()
}

extension Preferences {
  /// Reads the arguments and environment once, and chooses the system's reader, when the
  /// class opts into layers. Called while the instance initializes, before the first load.
  ///
  /// A ``UserDefaultsStore`` reads only its own domain, so what `UserDefaults` merges in from
  /// its other domains is read as layers whatever the class opts into.
  func setUpLayers() {
    let layers = Self.layers
    let platform = preferenceStore.platformLayers
    guard !layers.isEmpty || platform != nil else { return }
    let environment = LayerEnvironment.current
    var layerState = LayerState(isEnabled: true)
    let booleanKeys = cells.filter { $0 is PreferenceCell<Bool> || $0 is PreferenceCell<Bool?> }
    layerState.overrides = environment.overrides(
      forKeys: preferenceKeys, booleanKeys: Set(booleanKeys.map(\.key)), layers: layers)
    if let arguments = platform?.arguments(preferenceKeys) {
      layerState.overrides.merge(arguments) { $0 + $1 }
    }
    if layers.contains(.system) {
      layerState.reader =
        environment.systemReader
        ?? Self.systemLayerReader(for: preferenceStore, environment: environment)
    } else if let platform {
      layerState.reader = environment.systemReader ?? platform.reader
    }
    state.withLock { $0.layers = layerState }
  }

  /// Reads the layers for one load, without the lock: `nil` when the class reads none.
  func readLayers() -> LayerSnapshot? {
    let (isEnabled, overrides, reader) = state.withLock {
      ($0.layers.isEnabled, $0.layers.overrides, $0.layers.reader)
    }
    guard isEnabled else { return nil }
    return LayerSnapshot(
      overrides: overrides, system: reader?.read(keys: preferenceKeys) ?? SystemLayers())
  }

  /// Where `cell`'s value comes from now. Call with the lock held.
  func source(of cell: any AnyPreferenceCell, in state: InstanceState) -> PreferenceSource {
    if cell.isManaged { return .managed }
    if cell.isDirty {
      if cell.hasUserValue { return .user }
      return state.layers.system.defaults[cell.key] != nil ? .system : .default
    }
    return state.layers.sources[cell.key] ?? (cell.hasUserValue ? .user : .default)
  }
}
