/// The layers a store's platform merges into what the store reads, which ``Preferences``
/// reads whatever its class opts into: for a ``UserDefaultsStore``, the keys `UserDefaults`
/// reports forced, the managed app configuration, the argument domain, registered defaults and
/// the global domain (see ``UserDefaultsStore/values(forKeys:)``).
///
/// These layers are `UserDefaults`' own, and the cross-platform ``PreferenceStore`` names no
/// `UserDefaults`, so this is the one place the package looks past the protocol at a store's
/// type; it stays in `Stores/`, beside the store it looks for.
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
    guard let store = self as? UserDefaultsStore else { return nil }
    return PlatformLayers(
      reader: store.layerReader,
      arguments: { store.otherDomains?.arguments(forKeys: $0) ?? [:] })
  }
}
