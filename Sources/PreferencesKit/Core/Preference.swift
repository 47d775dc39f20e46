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
/// }
/// ```
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
    wrappedValue: Value, key: String?, previousKeys: [String], synced: Bool,
    codec: PreferenceCodec<Value>
  ) {
    cell = PreferenceCell(
      defaultValue: wrappedValue,
      declaration: PreferenceDeclaration(key: key, previousKeys: previousKeys, isSynced: synced),
      codec: codec)
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
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false
  )
  where Value: PropertyListRepresentable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      codec: .propertyList)
  }

  /// Declares a preference of a `RawRepresentable` type, stored as its raw value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The key in the store; the property's name when `nil`.
  ///   - previousKeys: Keys this preference was stored under before, newest first. A value
  ///     found only under one of them is loaded, and moved to `key` on the next write.
  ///   - synced: Whether the preference travels to other machines while syncing.
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false
  )
  where Value: RawRepresentable, Value.RawValue: PropertyListRepresentable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      codec: .rawValue)
  }

  /// Declares a preference of a `Codable`, `RawRepresentable` type, stored as its raw value.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The key in the store; the property's name when `nil`.
  ///   - previousKeys: Keys this preference was stored under before, newest first. A value
  ///     found only under one of them is loaded, and moved to `key` on the next write.
  ///   - synced: Whether the preference travels to other machines while syncing.
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false
  )
  where Value: RawRepresentable & Codable, Value.RawValue: PropertyListRepresentable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      codec: .rawValue)
  }

  /// Declares a preference of a `Codable` type, stored as a property-list dictionary or array.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The key in the store; the property's name when `nil`.
  ///   - previousKeys: Keys this preference was stored under before, newest first. A value
  ///     found only under one of them is loaded, and moved to `key` on the next write.
  ///   - synced: Whether the preference travels to other machines while syncing.
  public init(
    wrappedValue: Value, key: String? = nil, previousKeys: [String] = [], synced: Bool = false
  ) where Value: Codable {
    self.init(
      wrappedValue: wrappedValue, key: key, previousKeys: previousKeys, synced: synced,
      codec: .codable)
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
      if _fastPath(flags == 0) {
        if PreferenceCell<Value>.isLockFree { return cell._withUnsafeGuaranteedRef { $0.value } }
        return owner.lock.withLock { cell._withUnsafeGuaranteedRef { $0.value } }
      }
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

  /// An assignment that anyone hears of, schedules a save, is reported to the Observation
  /// framework, is refused, or needs the instance's lock.
  @inlinable @inline(never)
  static func assign<Owner: Preferences>(
    _ newValue: Value, to cell: Unmanaged<PreferenceCell<Value>>, of owner: Owner,
    flags: UInt64, keyPath: () -> ReferenceWritableKeyPath<Owner, Value>
  ) {
    if flags & HotPath.observable != 0 {
      assignObserved(newValue, to: cell, of: owner, flags: flags, keyPath: keyPath)
      return
    }
    let replaced = assign(newValue, to: cell, of: owner)
    finishAssignment(to: cell, of: owner, flags: flags, replacing: replaced, with: newValue)
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
      if PreferenceCell<Value>.isLockFree { return cell.value }
      return owner.lock.withLock { cell.value }
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
    owner.lock.withLock {
      if cell.property == nil { cell.record(keyPath) }
    }
    return body(keyPath)
  }

  /// An assignment in an observable class: surrounded by the Observation framework's will-set
  /// and did-set calls, and recording the key path the first time.
  @inlinable @inline(__always)
  static func assignObserved<Owner: Preferences>(
    _ newValue: Value, to cell: Unmanaged<PreferenceCell<Value>>, of owner: Owner,
    flags: UInt64, keyPath: () -> ReferenceWritableKeyPath<Owner, Value>
  ) {
    let replaced = withObservedKeyPath(
      of: cell._withUnsafeGuaranteedRef { $0 }, in: owner, keyPath: keyPath
    ) { keyPath in
      owner.observation.willSet(owner, keyPath: keyPath)
      let replaced = assign(newValue, to: cell, of: owner)
      owner.observation.didSet(owner, keyPath: keyPath)
      return replaced
    }
    finishAssignment(to: cell, of: owner, flags: flags, replacing: replaced, with: newValue)
  }

  /// Stores an assignment: under the cell's lock bit alone for a value that fits a word, under
  /// the instance's lock as well for any other, which reads take too. Returns the value
  /// replaced when anyone hears of assignments; a replaced value no one hears of is released
  /// here, after both locks, since its `deinit` may assign a preference
  /// (``PreferenceCell/exchangeValue(with:)``).
  @inlinable @inline(__always)
  static func assign(
    _ newValue: Value, to cell: Unmanaged<PreferenceCell<Value>>, of owner: Preferences
  ) -> Value? {
    let (replaced, isHeard) =
      PreferenceCell<Value>.isLockFree
      ? cell._withUnsafeGuaranteedRef { $0.assign(newValue, hotPath: owner.hotPath) }
      : owner.lock.withLock {
        cell._withUnsafeGuaranteedRef { $0.assign(newValue, hotPath: owner.hotPath) }
      }
    return isHeard ? replaced : nil
  }

  /// Tells subscribers and notification observers of an assignment that replaced a value
  /// (`replaced` is `nil` when no one listens, or the key is managed), and schedules a save.
  @inlinable @inline(__always)
  static func finishAssignment(
    to cell: Unmanaged<PreferenceCell<Value>>, of owner: Preferences, flags: UInt64,
    replacing replaced: Value?, with newValue: Value
  ) {
    if let replaced {
      owner.announceAssignment(
        to: cell._withUnsafeGuaranteedRef { $0 }, replacing: replaced, with: newValue)
    }
    if _slowPath(flags & HotPath.savesAutomatically != 0) { owner.scheduleSave() }
  }
}

extension Preference: DiscoverablePreference {
  var anyCell: any AnyPreferenceCell { cell }
}
