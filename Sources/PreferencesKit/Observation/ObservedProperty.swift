import Observation

/// A `@Preference` property's key path, kept so that the Observation framework can hear of
/// changes that do not come through the property's setter: reloads and resets.
///
/// `@unchecked Sendable`: it holds a key path to a stored property, an immutable value that
/// Swift does not mark `Sendable` only because a key path in general may capture subscript
/// arguments.
@usableFromInline
struct ObservedProperty: @unchecked Sendable {
  /// The property's key path.
  let keyPath: AnyKeyPath
  /// Tells the Observation framework the property will change.
  let willSet: (Preferences) -> Void
  /// Tells the Observation framework the property did change.
  let didSet: (Preferences) -> Void

  init<Owner: Preferences, Value>(_ keyPath: ReferenceWritableKeyPath<Owner, Value>) {
    self.keyPath = keyPath
    willSet = { owner in
      guard let owner = owner as? Owner else { return }
      owner.registrar.willSet(owner, keyPath: keyPath)
    }
    didSet = { owner in
      guard let owner = owner as? Owner else { return }
      owner.registrar.didSet(owner, keyPath: keyPath)
    }
  }
}
