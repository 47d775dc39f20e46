/// What a load chooses from for one preference, highest precedence first: the layers above the
/// user's store, the store's value, the layers below it. A class without layers has one
/// candidate, the stored value; the declared default is there when none fits.
struct LoadCandidates {
  /// The layers above the user's store, highest first: the managed value, then the overrides
  /// from arguments and environment variables.
  var above: [LayerValue] = []
  /// The user's stored value: `nil` when the store holds none, and for a reset.
  var stored: PropertyListValue?
  /// The system's default, below the user's store.
  var below: LayerValue?
  /// Whether the class reads layers, so that a cell's value may be a layer's rather than the
  /// user's or the default: then its stored form is known only by encoding it.
  var readsLayers = false
}

/// How a load treats what a cell holds now.
struct LoadOptions {
  /// The first load, while the instance initializes: installed at once.
  static let first = LoadOptions(installsAtOnce: true)

  /// Leave a value assigned but not yet written in place, unless an administrator now manages
  /// the key.
  var keepingDirtyValue = false
  /// Work out whether the value changes, for observers.
  var comparing = false
  /// Install at once, with the owner's lock held by the caller, rather than prepare an update
  /// to install later: nothing is compared or kept, and the update returned installs nothing.
  var installsAtOnce = false
}
