/// A property wrapper that ``Preferences`` finds by reflection.
protocol DiscoverablePreference {
  /// The wrapper's storage.
  var anyCell: any AnyPreferenceCell { get }
}

extension Preferences {
  /// Finds the `@Preference` properties of `instance` with `Mirror`, superclass properties
  /// first and each class's in declaration order, and gives each its key.
  ///
  /// The key is the declared `key:`, or the property's name without the wrapper's leading
  /// underscore. Two properties with one key, an empty key, and a key under the library's
  /// reserved `PreferencesKit.` prefix are programming errors that stop the program with a
  /// message naming the property.
  static func discoverCells(of instance: Preferences) -> [any AnyPreferenceCell] {
    var mirrors: [Mirror] = []
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror, current.subjectType != Preferences.self {
      mirrors.append(current)
      mirror = current.superclassMirror
    }

    var cells: [any AnyPreferenceCell] = []
    var properties: [String: String] = [:]
    for mirror in mirrors.reversed() {
      for child in mirror.children {
        guard let wrapper = child.value as? any DiscoverablePreference else { continue }
        let cell = wrapper.anyCell
        let name = propertyName(fromLabel: child.label)
        let key = cell.declaration.key ?? name
        // Programming errors in the subclass, not bad data: each fails on every launch.
        precondition(
          !key.isEmpty,
          "\(mirror.subjectType): property '\(name)' declares an empty preference key; "
            + "give it a key with @Preference(key:), or remove key: to use its name")
        precondition(
          !key.hasPrefix(ReservedKey.prefix),
          "\(mirror.subjectType): property '\(name)' uses the preference key \"\(key)\", "
            + "but keys starting with \"\(ReservedKey.prefix)\" are reserved for the library; "
            + "choose another key with @Preference(key:)")
        if let other = properties[key] {
          preconditionFailure(
            "\(mirror.subjectType): properties '\(other)' and '\(name)' both use the "
              + "preference key \"\(key)\"; give one of them another key with @Preference(key:)")
        }
        properties[key] = name
        cell.setKey(key)
        cells.append(cell)
      }
    }
    return cells
  }

  /// `fontSize` for the label `_fontSize` that Swift gives a wrapper's storage.
  static func propertyName(fromLabel label: String?) -> String {
    guard let label else { return "" }
    return label.hasPrefix("_") ? String(label.dropFirst()) : label
  }
}
