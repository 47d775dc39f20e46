@_spi(Reflection) import Swift

/// A property wrapper that ``Preferences`` finds by reflection.
protocol DiscoverablePreference {
  /// The wrapper's storage.
  var anyCell: any AnyPreferenceCell { get }
}

/// Where a class's `@Preference` wrappers sit in its instances, and their keys: found once per
/// class, then used by every instance instead of a `Mirror` walk.
struct PreferenceLayout: @unchecked Sendable {
  // `@unchecked Sendable`: metatypes and strings, neither of which can change.

  /// One `@Preference` property.
  struct Field {
    /// The wrapper's offset from the start of the instance.
    let offset: Int
    /// The wrapper's type.
    let type: any DiscoverablePreference.Type
    /// The property's key.
    let key: String
  }

  /// The properties, superclass properties first, each class's in declaration order.
  let fields: [Field]

  /// Every class's layout, or `nil` for a class whose fields could not be mapped, which keeps
  /// using `Mirror`.
  static let cache = Mutex<[ObjectIdentifier: PreferenceLayout?]>([:])
}

extension Preferences {
  /// Finds the `@Preference` properties of `instance`, superclass properties first and each
  /// class's in declaration order, and gives each its key.
  ///
  /// The first instance of a class walks it with `Mirror`, which checks the keys, and records
  /// the layout; later instances read their wrappers at the recorded offsets, about 20 times
  /// faster. See ``fieldLayout(of:matching:)`` for why the offsets can be trusted.
  static func discoverCells(of instance: Preferences) -> [any AnyPreferenceCell] {
    let type = ObjectIdentifier(Swift.type(of: instance))
    if case .some(.some(let layout)) = PreferenceLayout.cache.withLock({ $0[type] }) {
      return withExtendedLifetime(instance) {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())
        return layout.fields.map { field in
          let cell = Self.cell(of: field.type, at: base + field.offset)
          cell.setKey(field.key)
          return cell
        }
      }
    }
    let cells = mirrorCells(of: instance)
    let layout = fieldLayout(of: instance, matching: cells)
    PreferenceLayout.cache.withLock { $0[type] = .some(layout) }
    return cells
  }

  /// The storage of the wrapper of type `Wrapper` stored at `address`, a field of a live
  /// instance.
  ///
  /// A generic function rather than a static requirement of the wrapper: the wrapper's type
  /// arrives with the call, where a static method of `Preference<Value>` would look it up
  /// again from `Value` (a hash-table lookup, nine tenths of the cost of reading a cell).
  private static func cell<Wrapper: DiscoverablePreference>(
    of _: Wrapper.Type, at address: UnsafeRawPointer
  ) -> any AnyPreferenceCell {
    address.load(as: Wrapper.self).anyCell
  }

  /// The layout of `instance`'s class from the standard library's field reflection
  /// (`_forEachField`, the offsets the compiler laid out, found without an instance), or `nil`
  /// unless it finds exactly `cells`, in order, at those offsets in `instance`.
  ///
  /// `_forEachField` is SPI (`@_spi(Reflection)`), not public API: the standard library uses
  /// it for its own tests and Foundation for key-path coding, and it could change. So it is
  /// never trusted alone: the first instance's `Mirror` walk is the reference, the layout is
  /// kept only when it agrees with it wrapper for wrapper, and a class where it does not (or
  /// a toolchain where it fails) keeps using `Mirror`, slower but correct.
  static func fieldLayout(
    of instance: Preferences, matching cells: [any AnyPreferenceCell]
  ) -> PreferenceLayout? {
    var fields: [PreferenceLayout.Field] = []
    // `.classType`, spelled by its value because the standard library declares it a `static
    // var`, which Swift 6 will not read from here; a wrong value only makes the call fail.
    let classType = _EachFieldOptions(rawValue: 1 << 0)
    let complete = _forEachField(of: Swift.type(of: instance), options: classType) {
      _, offset, type, _ in
      guard let type = type as? any DiscoverablePreference.Type else { return true }
      guard fields.count < cells.count else { return false }
      fields.append(.init(offset: offset, type: type, key: cells[fields.count].key))
      return true
    }
    guard complete, fields.count == cells.count else { return nil }
    let matches = withExtendedLifetime(instance) {
      let base = UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())
      return zip(fields, cells).allSatisfy { field, cell in
        let found = Self.cell(of: field.type, at: base + field.offset)
        return found === cell
      }
    }
    return matches ? PreferenceLayout(fields: fields) : nil
  }

  /// Finds the `@Preference` properties of `instance` with `Mirror` and gives each its key.
  ///
  /// The key is the declared `key:`, or the property's name without the wrapper's leading
  /// underscore. Two properties with one key, an empty key, and a key under the library's
  /// reserved `PreferencesKit.` prefix are programming errors that stop the program with a
  /// message naming the property.
  static func mirrorCells(of instance: Preferences) -> [any AnyPreferenceCell] {
    var mirrors: [Mirror] = []
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror, current.subjectType != Preferences.self {
      mirrors.append(current)
      mirror = current.superclassMirror
    }

    var cells: [any AnyPreferenceCell] = []
    var properties: [String: (key: String, name: String)] = [:]
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
        if let (otherKey, other) = properties[key] {
          // Swift's String compares canonically equivalent keys ("café" with U+00E9 and
          // "cafe\u{301}") as equal, and so do the stores' dictionaries: one stored value.
          let spelling =
            otherKey.utf8.elementsEqual(key.utf8)
            ? "" : " (spelled differently, but equal up to Unicode normalization: "
              + "\(otherKey.codePoints) and \(key.codePoints), which Swift compares as one key)"
          preconditionFailure(
            "\(mirror.subjectType): properties '\(other)' and '\(name)' both use the "
              + "preference key \"\(key)\"\(spelling); give one of them another key with "
              + "@Preference(key:)")
        }
        properties[key] = (key, name)
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
