// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What a load chooses from for one preference, highest precedence first: the layers above the
/// user's store (the managed value, then the overrides from arguments and environment
/// variables), the store's value, the layers below it (the system's default). A class without
/// layers has one candidate, the stored value; the declared default is there when none fits.
struct LoadCandidates {
  /// What the user's store holds, by key: a cell's value is under its key, or else under the
  /// newest of its previous keys. Empty for a reset.
  var stored: [String: PropertyListValue] = [:]
  /// The layers, when the class reads any: then a cell's value may be a layer's rather than
  /// the user's or the default, and its stored form is known only by encoding it.
  var layers: LayerSnapshot?
}

/// The layers as one load reads them, shared by every cell's candidates.
final class LayerSnapshot: Sendable {
  /// The overrides from arguments and environment variables, by key, highest first.
  let overrides: [String: [LayerValue]]
  /// What the system holds.
  let system: SystemLayers

  init(overrides: [String: [LayerValue]], system: SystemLayers) {
    self.overrides = overrides
    self.system = system
  }
}

/// How a load treats what a cell holds now.
struct LoadOptions {
  /// The first load, while the instance initializes: installed at once.
  static let first = LoadOptions(installsAtOnce: true)

  /// Leave a value assigned but not yet written in place, unless an administrator now manages
  /// the key.
  var keepingDirtyValue = false
  /// With ``keepingDirtyValue``, the cell's flags before the store was read: a value assigned
  /// before that read, or since, is as new as what it found or newer, and stays even when a
  /// write meanwhile saved it and marked it clean, which keeps its generation.
  var flagsBeforeRead: CellFlags?
  /// Work out whether the value changes, for observers.
  var comparing = false
  /// Install at once, each cell under the owner's lock, rather than prepare an update to
  /// install later: nothing is compared or kept, and the update returned installs nothing.
  var installsAtOnce = false
}
