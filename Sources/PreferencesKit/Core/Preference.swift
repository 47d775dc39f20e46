// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Observation

/// Declares a stored preference in a ``Preferences`` subclass.
///
/// The declared initial value is the default. The key is the property's name, unless `key:`
/// names another. Reads and assignments are thread-safe and cheap: values live in memory and
/// reach the store only when you call ``Preferences/writePreferences()``.
///
/// ```swift
/// final class AppPreferences: Preferences, @unchecked Sendable {
///   @Preference var fontSize = 12.0
///   @Preference(key: "Has Widgets") var hasWidgets = false
///   @Preference(help: "Lines kept in the log", constraint: .range(100...10_000))
///   var logLines = 1_000
/// }
/// ```
///
/// `help:` is one line for a person reading the schema (``PreferenceSchema/Entry/help``);
/// `constraint:` limits the values accepted (``PreferenceConstraint``).
///
/// A value can be any ``PropertyListRepresentable`` type (`Bool`, integers, `Double`,
/// `String`, `Date`, `URL`, `Data`, and optionals, arrays and dictionaries of them), a
/// `RawRepresentable` enum, stored as its raw value, or any `Codable` type, stored as a
/// property-list dictionary or array.
///
/// `@Preference` works only in a ``Preferences`` subclass; elsewhere it does not compile.
@propertyWrapper
public struct Preference<Value: Sendable>: Sendable {
  /// Where the value lives; shared by every copy of this wrapper.
  let cell: PreferenceCell<Value>
  /// The same cell, referenced without retaining it, so that a read costs no reference
  /// counting. Safe because `cell` keeps the object alive as long as this wrapper exists, and
  /// the enclosing instance keeps the wrapper for as long as a read or assignment runs.
  @usableFromInline let unretainedCell: Unmanaged<PreferenceCell<Value>>

  init(
    wrappedValue: Value, key: String?, previousKeys: [String], synced: Bool, help: String?,
    constraint: PreferenceConstraint<Value>?, codec: PreferenceCodec<Value>
  ) {
    cell = PreferenceCell(
      defaultValue: wrappedValue,
      declaration: PreferenceDeclaration(
        key: key, previousKeys: previousKeys, isSynced: synced, help: help),
      codec: codec, constraint: constraint)
    unretainedCell = .passUnretained(cell)
  }

  /// Declares a preference of a type with a direct property-list form.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The key in the store; the property's name when `nil`.
  ///   - previousKeys: Keys this preference was stored under before, newest first. A value
  ///     found only under one of them is loaded, and moved to `key` on the next write.
  ///   - synced: Whether the preference travels to other machines while syncing.
  ///   - help: One line saying what the preference does, for a person reading the schema or
  ///     the store: `"Font size in points"`.
  ///   - constraint: What values the preference accepts besides its type; see
  ///     ``PreferenceConstraint``.
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false,
    help: String? = nil, constraint: PreferenceConstraint<Value>? = nil
  )
  where Value: PropertyListRepresentable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      help: help, constraint: constraint, codec: .propertyList)
  }

  /// Declares a preference of a `RawRepresentable` type, stored as its raw value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The key in the store; the property's name when `nil`.
  ///   - previousKeys: Keys this preference was stored under before, newest first. A value
  ///     found only under one of them is loaded, and moved to `key` on the next write.
  ///   - synced: Whether the preference travels to other machines while syncing.
  ///   - help: One line saying what the preference does, for a person reading the schema or
  ///     the store: `"Font size in points"`.
  ///   - constraint: What values the preference accepts besides its type; see
  ///     ``PreferenceConstraint``.
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false,
    help: String? = nil, constraint: PreferenceConstraint<Value>? = nil
  )
  where Value: RawRepresentable, Value.RawValue: PropertyListRepresentable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      help: help, constraint: constraint, codec: .rawValue)
  }

  /// Declares a preference of a `Codable`, `RawRepresentable` type, stored as its raw value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The key in the store; the property's name when `nil`.
  ///   - previousKeys: Keys this preference was stored under before, newest first. A value
  ///     found only under one of them is loaded, and moved to `key` on the next write.
  ///   - synced: Whether the preference travels to other machines while syncing.
  ///   - help: One line saying what the preference does, for a person reading the schema or
  ///     the store: `"Font size in points"`.
  ///   - constraint: What values the preference accepts besides its type; see
  ///     ``PreferenceConstraint``.
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false,
    help: String? = nil, constraint: PreferenceConstraint<Value>? = nil
  )
  where Value: RawRepresentable & Codable, Value.RawValue: PropertyListRepresentable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      help: help, constraint: constraint, codec: .rawValue)
  }

  /// Declares a preference of a `Codable` type, stored as a property-list dictionary or array.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The key in the store; the property's name when `nil`.
  ///   - previousKeys: Keys this preference was stored under before, newest first. A value
  ///     found only under one of them is loaded, and moved to `key` on the next write.
  ///   - synced: Whether the preference travels to other machines while syncing.
  ///   - help: One line saying what the preference does, for a person reading the schema or
  ///     the store: `"Font size in points"`.
  ///   - constraint: What values the preference accepts besides its type; see
  ///     ``PreferenceConstraint``.
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false,
    help: String? = nil, constraint: PreferenceConstraint<Value>? = nil
  ) where Value: Codable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      help: help, constraint: constraint, codec: .codable)
  }

  /// Unavailable: `@Preference` works only in a ``Preferences`` subclass.
  @available(
    *, unavailable,
    message: "@Preference can only be used on a stored property of a Preferences subclass"
  )
  public var wrappedValue: Value {
    // Never runs on any input: `unavailable` above makes every use a compile-time error, and
    // reads and assignments go through the enclosing-instance subscript below instead.
    get { fatalError("@Preference used outside a Preferences subclass") }  // unreachable
    set { fatalError("@Preference used outside a Preferences subclass") }  // unreachable
  }

  /// Unavailable: `$name` works only in a ``Preferences`` subclass.
  @available(
    *, unavailable,
    message: "@Preference can only be used on a stored property of a Preferences subclass"
  )
  public var projectedValue: PreferenceHandle<Value> {
    // Never runs on any input, for the same reason as `wrappedValue`.
    fatalError("@Preference used outside a Preferences subclass")  // unreachable
  }

  /// The preference as a whole, `prefs.$fontSize`: its key, default, and ways to reset and
  /// follow it.
  public static subscript<Owner: Preferences>(
    _enclosingInstance owner: Owner,
    projected projectedKeyPath: KeyPath<Owner, PreferenceHandle<Value>>,
    storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
  ) -> PreferenceHandle<Value> {
    PreferenceHandle(owner: owner, cell: owner[keyPath: storageKeyPath].cell)
  }

  /// Reads and assigns the value through the ``Preferences`` instance that owns it, and tells
  /// observers of each assignment once the new value is readable.
  ///
  /// A read of a value that fits a word, in a class that is not observable while nothing
  /// probes, is one atomic load of the instance's ``HotPath`` flags and one of the value, and
  /// an assignment of one takes only its cell's lock bit; other values take the instance's
  /// lock. Any flag sends a read or an assignment down the path that handles it (Observation,
  /// probing, recording the key path).
  ///
  /// The key path reaches those paths inside a closure, `{ wrappedKeyPath }`: the optimizer
  /// then forms it (a runtime call, and a retain and release) only on the path that uses it,
  /// where passing it directly would form it on every read.
  @inlinable
  public static subscript<Owner: Preferences>(
    _enclosingInstance owner: Owner,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
  ) -> Value {
    @inline(__always) get {
      let cell = owner[keyPath: storageKeyPath].unretainedCell
      let flags = owner.hotPath.loadRelaxed()
      if _fastPath(flags == 0) { return cell._withUnsafeGuaranteedRef { $0.value(in: owner) } }
      return read(cell, of: owner, flags: flags) { wrappedKeyPath }
    }
    @inline(__always) set {
      let cell = owner[keyPath: storageKeyPath].unretainedCell
      let flags = owner.hotPath.loadRelaxed()
      if _fastPath(flags == 0) && PreferenceCell<Value>.isLockFree
        && cell._withUnsafeGuaranteedRef({ $0.assignUnheard(newValue, hotPath: owner.hotPath) })
      {
        return
      }
      assign(newValue, to: cell, of: owner, flags: flags) { wrappedKeyPath }
    }
  }

  /// An assignment the fast path does not take: one that anyone hears of, schedules a save,
  /// is reported to the Observation framework, is refused, or needs the instance's lock. It
  /// takes the one path of an assignment (``PreferenceCell/assign(_:in:observer:)``, then
  /// ``PreferenceCell/finish(_:with:in:flags:)``), telling the Observation framework in an
  /// observable class, which records the key path the first time.
  @inlinable @inline(never)
  static func assign<Owner: Preferences>(
    _ newValue: Value, to cell: Unmanaged<PreferenceCell<Value>>, of owner: Owner,
    flags: UInt64, keyPath: () -> ReferenceWritableKeyPath<Owner, Value>
  ) {
    cell._withUnsafeGuaranteedRef { cell in
      guard flags & HotPath.observable != 0 else {
        let assignment = cell.assign(newValue, in: owner, observer: Unobserved())
        cell.finish(assignment, with: newValue, in: owner, flags: flags)
        return
      }
      let assignment = withObservedKeyPath(of: cell, in: owner, keyPath: keyPath) { keyPath in
        cell.assign(newValue, in: owner, observer: KeyPathObserver(owner: owner, keyPath: keyPath))
      }
      cell.finish(assignment, with: newValue, in: owner, flags: flags)
    }
  }

  /// A read that tells the Observation framework, notes a probe, records the key path, or takes
  /// the lock for a value that does not fit a word.
  @inlinable @inline(never)
  static func read<Owner: Preferences>(
    _ cell: Unmanaged<PreferenceCell<Value>>, of owner: Owner, flags: UInt64,
    keyPath: () -> ReferenceWritableKeyPath<Owner, Value>
  ) -> Value {
    cell._withUnsafeGuaranteedRef { cell in
      if flags & HotPath.observable != 0 {
        withObservedKeyPath(of: cell, in: owner, keyPath: keyPath) {
          owner.observation.access(owner, keyPath: $0)
        }
      }
      if _slowPath(flags & HotPath.probing != 0) { owner.noteProbed(cell) }
      return cell.value(in: owner)
    }
  }

  /// Runs `body` with the property's key path for the Observation framework: the one the cell
  /// recorded, which costs a load, or, the first time, a new one, which the cell records.
  @inlinable @inline(__always)
  static func withObservedKeyPath<Owner: Preferences, Result>(
    of cell: PreferenceCell<Value>, in owner: Owner,
    keyPath: () -> ReferenceWritableKeyPath<Owner, Value>,
    _ body: (ReferenceWritableKeyPath<Owner, Value>) -> Result
  ) -> Result {
    if _fastPath(cell.isPropertyRecorded), let recorded = cell.recordedKeyPath {
      // Recorded by this property's own accessors, so of this very type.
      return recorded._withUnsafeGuaranteedRef {
        body(unsafeDowncast($0, to: ReferenceWritableKeyPath<Owner, Value>.self))
      }
    }
    let keyPath = keyPath()
    owner.state.withLock { _, held in cell.record(keyPath, held) }
    return body(keyPath)
  }
}

extension Preference: DiscoverablePreference {
  var anyCell: any AnyPreferenceCell { cell }
}
