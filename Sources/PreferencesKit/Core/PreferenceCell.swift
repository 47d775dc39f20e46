// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The state of one `@Preference`: its value, its default, and whether it needs writing.
///
/// Its state changes only through the transitions of ``CellFlags`` (load, assign, refuse,
/// reset, mark written, normalise, adopt as default), each run with the value it installs
/// by one function here, under the lock bit, and checked by ``checkInvariants(_:)`` in a debug
/// build.
///
/// `@unchecked Sendable`, with two guards. Word 1 of `words` holds the cell's flags (see
/// ``CellFlags``) and a lock bit: the flags, and a value that fits a word (``isLockFree``),
/// change only while that bit is held, through ``withCellLock(_:)``. Such a value lives in
/// word 0 as bits, stored with release ordering and loaded with acquire ordering, so a read
/// needs no lock and sees one whole value, never half of an old one and half of a new one; and
/// an assignment of one takes only the bit, one compare-and-swap, never the instance's lock.
/// The boxed state (a value that does not fit a word, ``lastStoredForm(_:)``,
/// ``property(_:)``) is guarded by the lock of the ``Preferences`` instance that owns the cell
/// (its ``InstanceLock``), in the type system: every member that reaches it takes an
/// ``InstanceLock/Held``, which only that lock's `withLock` makes. `key`, `defaultValue`,
/// `defaultForm` and `recordedKeyPath` are set while that instance initializes or before a
/// flag says so, and never change afterwards, so they are read without a lock; each says so.
/// Code that changes both holds the instance's lock first.
@usableFromInline
final class PreferenceCell<Value: Sendable>: @unchecked Sendable {
  /// Word 0: the value's bits, when ``isLockFree``. Word 1: the ``CellFlags`` and their lock
  /// bit. Outside the instance's lock so that a read takes one load and an assignment one
  /// compare-and-swap: atomic words, changed only while holding the lock bit.
  @usableFromInline let words = AtomicWords(count: 2)
  /// The current value, unless ``isLockFree``. Reached only through ``value(_:)`` and
  /// ``exchangeValue(with:_:)``, which take the proof that the owner's lock is held; internal
  /// rather than private only because they are inlinable (a read of a `String` is).
  ///
  /// `@exclusivity(unchecked)`: every access holds the owner's lock, so a dynamic exclusivity
  /// check finds no conflict, and it would cost a `String` read 82 instructions: 144 instead
  /// of 62 (`Scripts/instruction-counts.sh`, `read-string`; see the Benchmarks article).
  @usableFromInline @exclusivity(unchecked) var boxedValue: Value

  /// Whether values are kept as bits in an atomic word, read without a lock and assigned under
  /// the cell's lock bit alone: true for trivially copyable types of up to 8 bytes (`Bool`,
  /// integers, `Double`, `Float`, `Date`, enums without payloads). Known when the code is
  /// specialized for `Value`, so the check costs nothing.
  @inlinable static var isLockFree: Bool {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size
  }

  /// The current value of a ``isLockFree`` type, as bits in word 0: read with no lock; change
  /// it only inside ``withCellLock(_:)``. Any other type: ``value(_:)``.
  @inlinable var lockFreeValue: Value {
    @inline(__always) get {
      assert(Self.isLockFree, "a boxed value is reached through value(_:)")
      return withUnsafeBytes(of: words.loadAcquire()) { $0.load(as: Value.self) }
    }
    @inline(__always) set {
      assert(Self.isLockFree, "a boxed value is reached through exchangeValue(with:_:)")
      var bits: UInt64 = 0
      withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: newValue, as: Value.self) }
      words.storeRelease(bits)
    }
  }

  /// The current value, of any type, holding the owner's lock (`held` proves it).
  @inlinable @inline(__always)
  func value(_ held: borrowing InstanceLock.Held) -> Value {
    Self.isLockFree ? lockFreeValue : boxedValue
  }

  /// The current value: with no lock when ``isLockFree``, otherwise under `owner`'s lock.
  /// Call holding no lock of `owner`.
  @inlinable @inline(__always)
  func value(in owner: Preferences) -> Value {
    if Self.isLockFree { return lockFreeValue }
    return owner.state.withLock { _, held in value(held) }
  }

  /// Makes `replacing` the value and leaves in `replacing` the value it replaced, for the
  /// caller to release once it holds no lock (a ``isLockFree`` value is bits, with nothing to
  /// release: `replacing` keeps its own). Call holding the owner's lock (`held` proves it) and,
  /// for a ``isLockFree`` value, inside ``withCellLock(_:)``.
  ///
  /// Releasing a replaced value can run a `deinit`, which may assign a preference: inside the
  /// cell's lock bit, that taker would wait for itself (on Apple platforms the bit's stripe is
  /// an `os_unfair_lock`, shared with unrelated cells, and the runtime stops a thread that
  /// takes one it holds); inside the instance's lock, an assignment of a value that does not
  /// fit a word would. So no transition releases a replaced value while holding the bit, and
  /// an assignment releases it after the instance's lock as well.
  ///
  /// An `inout` value of the caller's rather than a returned `Value?`: the type-erased paths
  /// (loads, resets) run unspecialized, where an `Optional<Value>` costs a metadata lookup,
  /// about 1,000 instructions a preference on creation (`create`).
  @inlinable @inline(__always)
  func exchangeValue(with replacing: inout Value, _ held: borrowing InstanceLock.Held) {
    if Self.isLockFree {
      lockFreeValue = replacing
    } else {
      swap(&replacing, &boxedValue)
    }
  }

  /// Runs `body` holding the cell's lock bit, with the flags to read and change; they are
  /// stored when `body` returns. Never call it from inside `body`: the bit is not recursive.
  /// A value `body` returns outlives the bit, which is how a replaced value leaves it.
  @inlinable @inline(__always)
  func withCellLock<Result>(_ body: (inout CellFlags) -> Result) -> Result {
    var flags = CellFlags(bits: words.bitLock(at: 1))
    let result = body(&flags)
    words.bitUnlock(flags.bits, at: 1)
    return result
  }

  /// The flags as they are now, for a caller that needs one of them, not several together.
  @inlinable var flags: CellFlags { CellFlags(bits: words.loadAcquire(1)) }

  /// Whether `property` is recorded; read without the lock.
  @inlinable var isPropertyRecorded: Bool { flags.isPropertyRecorded }
  /// Whether the value needs writing: assigned or reset since it was last loaded or written.
  var isDirty: Bool { flags.isDirty }
  /// Whether the value was chosen (assigned, or loaded from the user's store) rather than
  /// defaulted. A dirty cell without one removes its key on write.
  var hasUserValue: Bool { flags.hasUserValue }
  /// Whether an administrator decides the value (the managed layer): assignments are refused.
  var isManaged: Bool { flags.isManaged }
  /// Whether an assignment was refused that no write has reported yet.
  var hasRefusedAssignment: Bool { flags.hasRefusedAssignment }
  /// Counts assignments, loads and resets, so a write can tell whether the value changed
  /// while it was saving.
  var generation: UInt64 { flags.generation }

  /// The value the property holds when the store has none. Outside the instance's lock:
  /// written only while the instance initializes (`adoptValueAsDefault(_:)`), before it can
  /// be shared, and read without a lock afterwards.
  ///
  /// `@exclusivity(unchecked)`: its write in `adoptValueAsDefault(_:)` is the one access on
  /// creation the optimizer cannot prove free of conflict (an opaque `Value`): checking it
  /// costs about 130 instructions a preference, 13,300 (3%) a creation of 100 (`create`).
  @exclusivity(unchecked) private(set) var defaultValue: Value
  /// The key path of `property`, unretained (`property` holds it): set before the bit that
  /// says `property` is recorded and never changed after, so read without a lock once that bit
  /// is seen, with no reference counting.
  ///
  /// `@exclusivity(unchecked)`: no access can conflict with that one write, and checking would
  /// cost every observed read and assignment about 85 instructions (`read-observed` 202
  /// instead of 116, `assign-observed` 596 instead of 514).
  @usableFromInline @exclusivity(unchecked) var recordedKeyPath: Unmanaged<AnyKeyPath>?
  /// The property, recorded the first time it is read or assigned, so observers of it can be
  /// told about changes that do not come through its setter. Guarded by the owner's lock:
  /// read with ``property(_:)``, set by ``record(_:_:)``.
  private var guardedProperty: ObservedProperty?
  /// The stored form of the value when it was last loaded or written (`nil` when the store
  /// held none): what observers' change detection compares with. Guarded by the owner's lock:
  /// read with ``lastStoredForm(_:)``, set by the transitions below.
  private var guardedStoredForm: PropertyListValue?
  /// The stored form of `defaultValue`, set with it while the instance initializes, and read
  /// without a lock afterwards.
  private(set) var defaultForm: PropertyListValue?
  /// What the `@Preference` attribute said besides the default.
  let declaration: PreferenceDeclaration
  /// The key in the store: set while the instance initializes (``setKey(_:)``), and read
  /// without a lock afterwards.
  private(set) var key: String
  /// How values are converted to and from their stored form.
  let codec: PreferenceCodec<Value>
  /// What values the preference accepts besides its type (``CellFlags/isConstrained``).
  let constraint: PreferenceConstraint<Value>?

  init(
    defaultValue: Value, declaration: PreferenceDeclaration, codec: PreferenceCodec<Value>,
    constraint: PreferenceConstraint<Value>? = nil
  ) {
    self.boxedValue = defaultValue
    self.defaultValue = defaultValue
    self.declaration = declaration
    self.key = declaration.key ?? ""
    self.codec = codec
    self.constraint = constraint
    if Self.isLockFree { lockFreeValue = defaultValue }
    if constraint != nil { withCellLock { $0.constrain() } }
  }

  /// The property, once it has been read or assigned. `held`: the owner's lock is held.
  func property(_ held: borrowing InstanceLock.Held) -> ObservedProperty? { guardedProperty }

  /// The stored form of the value when it was last loaded or written (`nil` when the store
  /// held none). `held`: the owner's lock is held.
  func lastStoredForm(_ held: borrowing InstanceLock.Held) -> PropertyListValue? {
    guardedStoredForm
  }

  deinit {
    words.deallocate()
  }
}

extension PreferenceCell: AnyPreferenceCell {
  /// Records the property's key path, unless one is recorded. `held`: the owner's lock is
  /// held.
  @usableFromInline
  func record<Owner: Preferences>(
    _ keyPath: ReferenceWritableKeyPath<Owner, Value>, _ held: borrowing InstanceLock.Held
  ) {
    guard guardedProperty == nil else { return }
    recordedKeyPath = .passUnretained(keyPath)
    guardedProperty = ObservedProperty(keyPath)
    withCellLock { $0.isPropertyRecorded = true }
  }

  func setKey(_ key: String) { self.key = key }

  func waitForAssignments() { withCellLock { _ in } }

  // MARK: Transitions, each installed in one place

  /// Installs a loaded value (``CellFlags/load(hasUserValue:isManaged:)``), with `form`, the
  /// user's stored form of it (`nil`: the value is not the user's), unless `generation` is
  /// given and something was assigned, loaded or reset since. `held`: the owner's lock is held.
  @inline(__always)
  func install(
    loaded newValue: Value, form: PropertyListValue?, isManaged: Bool,
    unlessChangedSince generation: UInt64?, _ held: borrowing InstanceLock.Held
  ) {
    // Holds the replaced value until after the bit (``exchangeValue(with:_:)``).
    var replaced = newValue
    let isInstalled = withCellLock { flags in
      guard generation == nil || flags.generation == generation else { return false }
      exchangeValue(with: &replaced, held)
      flags.load(hasUserValue: form != nil, isManaged: isManaged)
      return true
    }
    withExtendedLifetime(replaced) {}
    if isInstalled { guardedStoredForm = form }
    checkInvariants(held)
  }

  /// Installs a reset (``CellFlags/reset()``) to `target`, unless the cell is managed.
  /// `held`: the owner's lock is held.
  @inline(__always)
  func install(reset target: Value, _ held: borrowing InstanceLock.Held) {
    // Holds the replaced value until after the bit (``exchangeValue(with:_:)``).
    var replaced = target
    withCellLock { flags in
      if flags.reset() { exchangeValue(with: &replaced, held) }
    }
    withExtendedLifetime(replaced) {}
    checkInvariants(held)
  }

  @discardableResult
  func adoptValueAsDefault(_ held: borrowing InstanceLock.Held) -> Bool {
    defaultValue = value(held)
    defaultForm = try? codec.encode(defaultValue)
    let isConstrained = withCellLock { flags in
      flags.adoptAsDefault()
      return flags.isConstrained
    }
    checkInvariants(held)
    return isConstrained
  }

  func prepareNormalizedValue(_ form: PropertyListValue) -> CellUpdate.Normalization {
    guard let normalized = try? codec.decode(form) else { return { _, _ in } }
    return { generation, held in
      // Holds the replaced value until after the bit (``exchangeValue(with:_:)``).
      var replaced = normalized
      self.withCellLock { flags in
        if flags.normalizes(since: generation) { self.exchangeValue(with: &replaced, held) }
      }
      withExtendedLifetime(replaced) {}
    }
  }

  func markWritten(
    generation: UInt64, form: PropertyListValue?, _ held: borrowing InstanceLock.Held
  ) {
    if withCellLock({ $0.markWritten(generation: generation) }) { guardedStoredForm = form }
    checkInvariants(held)
  }

  func forgetRefusedAssignment() {
    withCellLock { $0.forgetRefusal() }
  }

  /// Stops a debug build when the cell breaks what every transition keeps: the flags'
  /// invariants (``CellFlags/checkInvariants()``), and a clean cell without a user value keeps
  /// no stored form (the store holds nothing for it). `held`: the owner's lock is held.
  func checkInvariants(_ held: borrowing InstanceLock.Held) {
    #if DEBUG
      let flags = self.flags
      flags.checkInvariants()
      precondition(
        flags.hasUserValue || flags.isDirty || guardedStoredForm == nil,
        "\"\(key)\" is clean and defaulted but keeps a stored form")
    #endif
  }
}
