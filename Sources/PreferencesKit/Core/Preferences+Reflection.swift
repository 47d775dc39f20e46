// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A property wrapper that ``Preferences`` finds by reflection.
protocol DiscoverablePreference {
  /// The wrapper's storage.
  var anyCell: any AnyPreferenceCell { get }
  /// Whether the wrapper is two words that both hold its cell's address, what
  /// ``Preferences/fieldLayout(of:matching:)`` scans an instance for.
  var isCellAddressTwice: Bool { get }
}

extension Preference {
  var isCellAddressTwice: Bool {
    let address = UInt(bitPattern: ObjectIdentifier(cell))
    let word = MemoryLayout<UInt>.size
    return withUnsafeBytes(of: self) { bytes in
      bytes.count == 2 * word && bytes.load(as: UInt.self) == address
        && bytes.load(fromByteOffset: word, as: UInt.self) == address
    }
  }
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
  /// where in the instance each wrapper sits; later instances read their wrappers at the
  /// recorded offsets, about 20 times faster. See ``fieldLayout(of:matching:)`` for how the
  /// offsets are found and why they can be trusted.
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
    let wrappers = mirrorWrappers(of: instance)
    let layout = fieldLayout(of: instance, matching: wrappers)
    PreferenceLayout.cache.withLock { $0[type] = .some(layout) }
    return wrappers.map(\.wrapper.anyCell)
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

  /// The layout of `instance`'s class: where each of `wrappers`, the `Mirror` walk of
  /// `instance`, sits in it, or `nil` when one is not stored in it as itself.
  ///
  /// Only public API: a class's stored properties sit at the same offsets in every instance of
  /// that exact class, and a wrapper is two words, a strong reference to its cell and the same
  /// reference unretained. So each wrapper's offset is found by reading the first instance's
  /// words, from the first after the object header, until two in a row hold its cell's
  /// address: only a wrapper of that cell holds it twice. The scan cannot read past the
  /// instance: each wrapper `Mirror` found is stored in it (a property whose value is the
  /// wrapper itself, `isStored`, never one boxed elsewhere, as a wrapper in an `AnyObject`
  /// property would be), and is two words holding its cell's address (`isCellAddressTwice`),
  /// so the scan stops at the latest at the wrapper's own first word. A class with a wrapper
  /// not stored as itself keeps using `Mirror`, slower but correct.
  static func fieldLayout(
    of instance: Preferences, matching wrappers: [MirroredWrapper]
  ) -> PreferenceLayout? {
    guard wrappers.allSatisfy({ $0.isStored && $0.wrapper.isCellAddressTwice }) else {
      return nil
    }
    return withExtendedLifetime(instance) {
      let base = UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())
      let word = MemoryLayout<UInt>.stride
      // The header: the class's metadata and the reference counts.
      let firstField = 2 * word
      var fields: [PreferenceLayout.Field] = []
      for wrapper in wrappers.map(\.wrapper) {
        let cell = wrapper.anyCell
        let address = UInt(bitPattern: ObjectIdentifier(cell))
        var offset = firstField
        while base.load(fromByteOffset: offset, as: UInt.self) != address
          || base.load(fromByteOffset: offset + word, as: UInt.self) != address
        {
          offset += word
        }
        fields.append(.init(offset: offset, type: Swift.type(of: wrapper), key: cell.key))
      }
      return PreferenceLayout(fields: fields)
    }
  }

  /// A `@Preference` wrapper found by `Mirror`.
  typealias MirroredWrapper = (wrapper: any DiscoverablePreference, isStored: Bool)

  /// The storage of each `@Preference` property of `instance`, found with `Mirror`, each
  /// given its key (see ``mirrorWrappers(of:)``).
  static func mirrorCells(of instance: Preferences) -> [any AnyPreferenceCell] {
    mirrorWrappers(of: instance).map(\.wrapper.anyCell)
  }

  /// Finds the `@Preference` properties of `instance` with `Mirror` and gives each its key;
  /// `isStored` says whether the property's value is the wrapper itself, stored in the
  /// instance, rather than a wrapper inside an optional or a box.
  ///
  /// The key is the declared `key:`, or the property's name without the wrapper's leading
  /// underscore. Two properties with one key, an empty key, and a key under the library's
  /// reserved `PreferencesKit.` prefix are programming errors that stop the program with a
  /// message naming the property.
  static func mirrorWrappers(of instance: Preferences) -> [MirroredWrapper] {
    var mirrors: [Mirror] = []
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror, current.subjectType != Preferences.self {
      mirrors.append(current)
      mirror = current.superclassMirror
    }

    var wrappers: [MirroredWrapper] = []
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
        let isStored =
          ObjectIdentifier(Swift.type(of: child.value)) == ObjectIdentifier(Swift.type(of: wrapper))
        wrappers.append((wrapper, isStored))
      }
    }
    return wrappers
  }

  /// `fontSize` for the label `_fontSize` that Swift gives a wrapper's storage.
  static func propertyName(fromLabel label: String?) -> String {
    guard let label else { return "" }
    return label.hasPrefix("_") ? String(label.dropFirst()) : label
  }
}
