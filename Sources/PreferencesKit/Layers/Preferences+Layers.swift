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

/// One load's reading of the layers, and what it found: made and used by one
/// ``Preferences/reload(origin:keepingDirtyValues:)``, on one thread.
final class LayeredLoad {
  /// The overrides from arguments and environment variables, by key.
  let overrides: [String: [LayerValue]]
  /// What the system holds, and the values that did not fit, as preparing finds them.
  private(set) var system: SystemLayers
  /// Where each prepared cell's value comes from.
  private(set) var sources: [String: PreferenceSource] = [:]

  init(overrides: [String: [LayerValue]], system: SystemLayers) {
    self.overrides = overrides
    self.system = system
  }

  /// Prepares `cell` with the user's stored value and every layer's, in order of precedence.
  func prepare(
    _ cell: any AnyPreferenceCell, stored: PropertyListValue?, lock: Lock,
    keepingDirtyValue: Bool, comparing: Bool
  ) -> CellUpdate {
    var candidates = system.managed[cell.key].map { [$0] } ?? []
    candidates += overrides[cell.key] ?? []
    if let stored {
      candidates.append(
        LayerValue(source: .user, content: .value(stored), sourceDescription: "the store"))
    }
    if let systemDefault = system.defaults[cell.key] { candidates.append(systemDefault) }
    let result = cell.prepareLayeredLoad(
      candidates, lock: lock, keepingDirtyValue: keepingDirtyValue, comparing: comparing)
    sources[cell.key] = result.source
    system.errors += result.errors
    return result.update
  }
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
  func readLayers() -> LayeredLoad? {
    let (isEnabled, overrides, reader) = state.withLock {
      ($0.layers.isEnabled, $0.layers.overrides, $0.layers.reader)
    }
    guard isEnabled else { return nil }
    return LayeredLoad(
      overrides: overrides, system: reader?.read(keys: preferenceKeys) ?? SystemLayers())
  }

  /// Records what a load found. Call with the lock held.
  static func record(_ load: LayeredLoad, in state: inout InstanceState) {
    state.layers.sources = load.sources
    state.layers.system = load.system
  }

  /// Turns each assignment a managed cell refused since the last write into a problem of the
  /// ``PreferenceProblem/Phase/layers`` phase; a managed cell is never dirty, so a write leaves
  /// it out. Call with the lock held.
  func reportRefusedAssignments(in state: inout InstanceState) {
    var refusals: [PreferenceError] = []
    for cell in cells where cell.hasRefusedAssignment {
      cell.forgetRefusedAssignment()
      refusals.append(
        PreferenceError(
          .managedKey, key: cell.key, file: state.layers.system.managed[cell.key]?.file,
          reason: "an administrator manages the value, so the assignment was ignored and "
            + "nothing was written"))
    }
    if !refusals.isEmpty { state.problems.add(refusals, to: .layers) }
  }

  /// Notes that the app chose the values of `written` (assigned or reset them): that wins over
  /// the run's overrides, and the write leaves them in the user's store or below it. Call with
  /// the lock held.
  func noteWritten(_ written: [any AnyPreferenceCell], in state: inout InstanceState) {
    guard state.layers.isEnabled else { return }
    for cell in written {
      state.layers.overrides[cell.key] = nil
      state.layers.sources[cell.key] =
        cell.hasUserValue
        ? .user : state.layers.system.defaults[cell.key] != nil ? .system : .default
    }
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

  /// Prepares `cell` to hold `value` (`nil`: none), newly saved to the store by sync or an
  /// import: under the layers of the last load when the class reads any, so a managed or
  /// overridden key keeps what its layer says.
  func prepareStoredLoad(
    _ cell: any AnyPreferenceCell, _ value: PropertyListValue?, keepingDirtyValue: Bool
  ) -> CellUpdate {
    let load = state.withLock { state in
      state.layers.isEnabled
        ? LayeredLoad(overrides: state.layers.overrides, system: state.layers.system) : nil
    }
    guard let load else {
      return cell.prepareLoad(
        value, lock: lock, keepingDirtyValue: keepingDirtyValue, comparing: true)
    }
    let update = load.prepare(
      cell, stored: value, lock: lock, keepingDirtyValue: keepingDirtyValue, comparing: true)
    state.withLock { $0.layers.sources[cell.key] = load.sources[cell.key] }
    return update
  }

  /// Prepares resets of `cells`: to the value below the user's store when the class reads
  /// layers (managed cells stay as they are), otherwise to the default.
  func prepareResets(_ cells: [any AnyPreferenceCell]) -> [CellUpdate] {
    let systemDefaults = state.withLock { state in
      state.layers.isEnabled ? state.layers.system.defaults : nil
    }
    guard let systemDefaults else { return cells.map { $0.prepareReset(lock: lock) } }
    return cells.map { $0.prepareLayeredReset(to: systemDefaults[$0.key], lock: lock) }
  }
}
