/// The state of one `@Preference`: its value, its default, and whether it needs writing.
///
/// `@unchecked Sendable`, with two guards. Word 1 of `words` holds the cell's flags (see
/// ``CellFlags``) and a lock bit: the flags, and a value that fits a word (``isLockFree``),
/// change only while that bit is held, through ``withCellLock(_:)``. Such a value lives in
/// word 0 as bits, stored with release ordering and loaded with acquire ordering, so a read
/// needs no lock and sees one whole value, never half of an old one and half of a new one; and
/// an assignment of one takes only the bit, one compare-and-swap, never the instance's lock.
/// Every other `var` is written only while holding the lock of the ``Preferences`` instance
/// that owns the cell, and read with it held; `key`, `defaultValue` and `defaultForm` are set
/// while that instance initializes, before it can be shared, and never change afterwards, so
/// they are read without it. Code that changes both holds the instance's lock first.
@usableFromInline
final class PreferenceCell<Value: Sendable>: @unchecked Sendable {
  /// Word 0: the value's bits, when ``isLockFree``. Word 1: the ``CellFlags`` and their lock
  /// bit.
  @usableFromInline let words = AtomicWords(count: 2)
  /// The current value, unless ``isLockFree``.
  @usableFromInline @exclusivity(unchecked) var boxedValue: Value

  /// Whether values are kept as bits in an atomic word, read without a lock and assigned under
  /// the cell's lock bit alone: true for trivially copyable types of up to 8 bytes (`Bool`,
  /// integers, `Double`, `Float`, `Date`, enums without payloads). Known when the code is
  /// specialized for `Value`, so the check costs nothing.
  @inlinable static var isLockFree: Bool {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size
  }

  /// The current value. Call with the owner's lock held, except to read a ``isLockFree``
  /// value, which needs no lock; change a ``isLockFree`` value only inside
  /// ``withCellLock(_:)``.
  @inlinable var value: Value {
    @inline(__always) get {
      if Self.isLockFree {
        return withUnsafeBytes(of: words.loadAcquire()) { $0.load(as: Value.self) }
      }
      return boxedValue
    }
    @inline(__always) set {
      if Self.isLockFree {
        var bits: UInt64 = 0
        withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: newValue, as: Value.self) }
        words.storeRelease(bits)
      } else {
        boxedValue = newValue
      }
    }
  }

  /// Runs `body` holding the cell's lock bit, with the flags to read and change; they are
  /// stored when `body` returns. Never call it from inside `body`: the bit is not recursive.
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
  /// Whether the value was assigned since it was last loaded or written.
  var isDirty: Bool { flags.isDirty }
  /// Whether the value was chosen (assigned, or loaded from the store) rather than defaulted.
  /// A dirty cell that is not explicit removes its key on write.
  var isExplicit: Bool { flags.isExplicit }
  /// Whether an administrator locked the value (the managed layer): assignments are refused.
  var isLocked: Bool { flags.isLocked }
  /// Counts assignments and loads, so a write can tell whether the value changed while it was
  /// saving.
  var generation: UInt64 { flags.generation }

  /// The value the property holds when the store has none.
  @exclusivity(unchecked) var defaultValue: Value
  /// The key path of `property`, unretained (`property` holds it): set before the bit that
  /// says `property` is recorded and never changed after, so read without a lock once that bit
  /// is seen, with no reference counting.
  @usableFromInline @exclusivity(unchecked) var recordedKeyPath: Unmanaged<AnyKeyPath>?
  /// The property, recorded the first time it is read or assigned, so observers of it can be
  /// told about changes that do not come through its setter.
  @usableFromInline @exclusivity(unchecked) var property: ObservedProperty? {
    didSet {
      let isRecorded = property != nil
      withCellLock { $0.isPropertyRecorded = isRecorded }
    }
  }
  /// The stored form of `value` when it was loaded or written and not assigned since: what
  /// observers' change detection compares with. Guarded by the owner's lock.
  @exclusivity(unchecked) var storedForm: PropertyListValue?
  /// The stored form of `defaultValue`, set with it while the instance initializes.
  @exclusivity(unchecked) var defaultForm: PropertyListValue?
  /// What the `@Preference` attribute said besides the default.
  let declaration: PreferenceDeclaration
  /// The key in the store.
  @exclusivity(unchecked) var key: String
  /// How values are converted to and from their stored form.
  let codec: PreferenceCodec<Value>

  init(defaultValue: Value, declaration: PreferenceDeclaration, codec: PreferenceCodec<Value>) {
    self.boxedValue = defaultValue
    self.defaultValue = defaultValue
    self.declaration = declaration
    self.key = declaration.key ?? ""
    self.codec = codec
    value = defaultValue
  }

  deinit {
    words.deallocate()
  }

  /// Assigns a value of a ``isLockFree`` type, unless anyone hears of assignments or an
  /// administrator locked the key: then it changes nothing and returns `false`, and the caller
  /// takes the path that handles those. The hot path, kept small enough to inline: one
  /// compare-and-swap, two loads, two stores.
  @inlinable @inline(__always)
  func assignUnheard(_ newValue: Value, hotPath: AtomicWords) -> Bool {
    let bits = words.bitLock(at: 1)
    guard _fastPath(bits & CellFlags.locked == 0 && hotPath.loadRelaxed() & HotPath.heard == 0)
    else {
      words.bitUnlock(bits, at: 1)
      return false
    }
    value = newValue
    var flags = CellFlags(bits: bits)
    flags.noteAssignment()
    words.bitUnlock(flags.bits, at: 1)
    return true
  }

  /// Assigns a value chosen by the app, unless an administrator locked the key. Call with the
  /// owner's lock held, unless ``isLockFree``.
  ///
  /// - Parameter hotPath: The owner's ``HotPath`` flags, read while holding the cell's lock
  ///   bit: a subscriber added before the assignment took the bit hears of it (subscribing
  ///   takes every cell's bit once after setting its flag).
  /// - Returns: The value replaced when anyone hears of assignments; `nil` otherwise, or when
  ///   the key is locked and nothing changed.
  @inlinable @inline(__always)
  func assign(_ newValue: Value, hotPath: AtomicWords) -> Value? {
    // `nil` when refused; otherwise the replaced value when heard.
    let outcome = withCellLock { flags -> Value?? in
      if _slowPath(flags.isLocked) {
        flags.isDirty = true  // So that the next write reports the key; see refuseAssignment.
        return nil
      }
      let replaced = _slowPath(hotPath.loadRelaxed() & HotPath.heard != 0) ? value : nil
      value = newValue
      flags.noteAssignment()
      return .some(replaced)
    }
    guard let replaced = outcome else {
      refuseAssignment()
      return nil
    }
    return replaced
  }
}

/// The flags of a ``PreferenceCell``, in one word with the cell's lock bit
/// (`PREFERENCES_BIT_LOCK`, bit 1) and a generation count above them.
@usableFromInline
struct CellFlags {
  @usableFromInline var bits: UInt64

  @inlinable init(bits: UInt64) { self.bits = bits }

  @inlinable static var recorded: UInt64 { 1 }
  @inlinable static var dirty: UInt64 { 4 }
  @inlinable static var explicit: UInt64 { 8 }
  @inlinable static var locked: UInt64 { 16 }
  /// One step of the generation, which counts in the bits above this one.
  @inlinable static var generationStep: UInt64 { 256 }

  /// Whether the cell's `property` is recorded.
  @inlinable var isPropertyRecorded: Bool {
    get { bits & Self.recorded != 0 }
    set { set(Self.recorded, newValue) }
  }
  /// Whether the value was assigned since it was last loaded or written.
  @inlinable var isDirty: Bool {
    get { bits & Self.dirty != 0 }
    set { set(Self.dirty, newValue) }
  }
  /// Whether the value was chosen rather than defaulted.
  @inlinable var isExplicit: Bool {
    get { bits & Self.explicit != 0 }
    set { set(Self.explicit, newValue) }
  }
  /// Whether an administrator locked the value.
  @inlinable var isLocked: Bool {
    get { bits & Self.locked != 0 }
    set { set(Self.locked, newValue) }
  }
  /// Counts assignments and loads, wrapping after 2^56.
  @inlinable var generation: UInt64 { bits / Self.generationStep }

  /// Notes an assignment: dirty, explicit, and a new generation.
  @inlinable mutating func noteAssignment() {
    bits = (bits &+ Self.generationStep) | Self.dirty | Self.explicit
  }

  /// Notes a change that is not an assignment: a new generation.
  @inlinable mutating func advanceGeneration() {
    bits = bits &+ Self.generationStep
  }

  @inlinable mutating func set(_ mask: UInt64, _ isSet: Bool) {
    bits = isSet ? bits | mask : bits & ~mask
  }
}

/// A cell seen without its value type, so ``Preferences`` can load, write and reset every
/// property the same way. Unless stated otherwise, call these with the owner's lock held.
protocol AnyPreferenceCell: AnyObject, Sendable {
  /// The key in the store.
  var key: String { get }
  /// What the `@Preference` attribute said besides the default.
  var declaration: PreferenceDeclaration { get }
  /// Whether the value needs writing.
  var isDirty: Bool { get }
  /// Whether the value was chosen rather than defaulted.
  var isExplicit: Bool { get }
  /// Counts assignments and loads.
  var generation: UInt64 { get }
  /// Whether the value differs from the one last loaded or written (the default when the
  /// store held none). Call with the owner's lock held.
  func differsFromStoredValue() -> Bool
  /// The property, once it has been read or assigned.
  var property: ObservedProperty? { get }
  /// Sets the key found by reflection. Call only while the owner initializes.
  func setKey(_ key: String)
  /// Makes the current value the default, as `setDefaults()` asks.
  func adoptValueAsDefault()
  /// Prepares to install a stored value, or the default when `stored` is `nil`. Call without
  /// the lock; it takes `lock` itself to look at the current value.
  ///
  /// - Parameters:
  ///   - keepingDirtyValue: Leave a value assigned but not yet written in place.
  ///   - comparing: Work out whether the value changes, for observers.
  func prepareLoad(
    _ stored: PropertyListValue?, lock: Lock, keepingDirtyValue: Bool, comparing: Bool
  ) -> CellUpdate
  /// Prepares to restore the default and mark the cell dirty, so a write removes its key. Call
  /// without the lock.
  func prepareReset(lock: Lock) -> CellUpdate
  /// Captures what a write must save.
  func pendingWrite() -> PendingWrite
  /// Loads the cell's value from `stored` while the owner initializes, when the cell holds its
  /// default, neither dirty nor explicit, as `setDefaults()` left it; records previous keys
  /// to move in `moves`. (Loading/PreferenceCell+FirstLoad.swift.)
  ///
  /// - Returns: Why the stored value could not be used; the cell keeps its default then.
  func loadFirst(
    from stored: [String: PropertyListValue], moves: inout [String: [String]]
  ) -> PreferenceError?
  /// Whether an administrator locked the value. (Layers/PreferenceCell+Layers.swift.)
  var isLocked: Bool { get }
  /// Prepares to install the highest layer's value. Call without the lock.
  func prepareLayeredLoad(
    _ candidates: [LayerValue], lock: Lock, keepingDirtyValue: Bool, comparing: Bool
  ) -> LayeredCellUpdate
  /// Prepares to restore the value below the user's store. Call without the lock.
  func prepareLayeredReset(to systemDefault: LayerValue?, lock: Lock) -> CellUpdate
  /// Takes and releases the cell's lock bit, so that an assignment holding it finishes first.
  func waitForAssignments()
  /// Forgets a refused assignment once a write has reported it.
  func forgetRefusedAssignment()
  /// This preference's entry in the schema.
  func schemaEntry() -> PreferenceSchema.Entry
  /// Decodes the form a store normalized the value to (such as a date to the second), and
  /// returns what installs it, if no assignment happened since the given generation. Call
  /// without the lock; call what it returns with the lock held.
  func prepareNormalizedValue(_ form: PropertyListValue) -> (_ generation: UInt64) -> Void
  /// Marks the cell clean, holding `storedForm`, if no assignment happened since `generation`.
  func markWritten(generation: UInt64, storedForm: PropertyListValue?)
}

/// What a `@Preference` attribute says besides the default value.
struct PreferenceDeclaration: Sendable {
  /// The key given with `key:`, if any.
  let key: String?
  /// Keys the preference was stored under before, newest first.
  let previousKeys: [String]
  /// Whether the preference travels to other machines while syncing.
  let isSynced: Bool
}

/// A change to one cell, worked out without the lock and installed with it.
struct CellUpdate {
  /// The cell to change.
  let cell: any AnyPreferenceCell
  /// Why the stored value could not be used, if it could not.
  let error: PreferenceError?
  /// The value's stored forms before and after, when they differ and observers should hear
  /// of it; `nil` otherwise.
  let change: (oldValue: PropertyListValue?, newValue: PropertyListValue?)?
  /// Installs the change. Call with the lock held.
  let install: () -> Void
}

/// What one dirty cell contributes to a write, captured under the lock and encoded outside it.
struct PendingWrite {
  /// The cell being written.
  let cell: any AnyPreferenceCell
  /// The cell's generation when captured.
  let generation: UInt64
  /// Produces the stored form, or `nil` to remove the key.
  let encode: () throws(PreferenceError) -> PropertyListValue?
}

extension PreferenceCell: AnyPreferenceCell {
  @usableFromInline
  func record<Owner: Preferences>(_ keyPath: ReferenceWritableKeyPath<Owner, Value>) {
    recordedKeyPath = .passUnretained(keyPath)
    property = ObservedProperty(keyPath)
  }

  func setKey(_ key: String) { self.key = key }

  func waitForAssignments() { withCellLock { _ in } }

  func adoptValueAsDefault() {
    defaultValue = value
    defaultForm = try? codec.encode(value)
    withCellLock {
      $0.isDirty = false
      $0.isExplicit = false
    }
  }

  /// The stored form of the current value, when known without encoding it. Call with the
  /// owner's lock and the cell's lock bit held; `flags` are the cell's.
  private func knownForm(_ flags: CellFlags) -> PropertyListValue?? {
    if !flags.isExplicit { return .some(defaultForm) }  // Only a default is not explicit.
    return flags.isDirty ? nil : .some(storedForm)
  }

  func differsFromStoredValue() -> Bool {
    var known: PropertyListValue?? = nil
    let current = withCellLock { flags in
      known = knownForm(flags)
      return value
    }
    return form(of: current, known: known) != (storedForm ?? defaultForm)
  }

  /// The stored form of the current value. Call without the lock.
  private func form(of value: Value, known: PropertyListValue??) -> PropertyListValue? {
    known ?? (try? codec.encode(value))
  }

  func prepareLoad(
    _ stored: PropertyListValue?, lock: Lock, keepingDirtyValue: Bool, comparing: Bool
  ) -> CellUpdate {
    // Separate values rather than one tuple, and `let`s for what the closure below captures:
    // in this unspecialized code a tuple holding `Value` has its type built at run time on
    // every call, and a captured `var` is boxed on the heap (together a third of the cost of
    // loading a cell when an instance is created).
    var generation: UInt64 = 0
    var isDirty = false
    var known: PropertyListValue?? = nil
    let current = lock.withLock {
      withCellLock { flags in
        generation = flags.generation
        isDirty = flags.isDirty
        if comparing { known = knownForm(flags) }
        return value
      }
    }
    if keepingDirtyValue && isDirty {
      return CellUpdate(cell: self, error: nil, change: nil, install: {})
    }
    let newValue: Value
    let isExplicit: Bool
    var loadError: PreferenceError?
    if let stored {
      do {
        newValue = try codec.decode(stored)
        isExplicit = true
      } catch {
        var error = error
        error.key = key
        loadError = error
        newValue = defaultValue
        isExplicit = false
      }
    } else {
      newValue = defaultValue
      isExplicit = false
    }
    let newForm = isExplicit ? stored : defaultForm
    let oldForm = comparing ? form(of: current, known: known) : newForm
    let change = oldForm == newForm ? nil : (oldForm, newForm)
    return CellUpdate(cell: self, error: loadError, change: change) {
      [generation] in
      // A value assigned since the snapshot is newer than the store's; keep it if asked to.
      let isInstalled = self.withCellLock { flags in
        guard !keepingDirtyValue || flags.generation == generation else { return false }
        self.value = newValue
        flags.isDirty = false
        flags.isExplicit = isExplicit
        flags.advanceGeneration()
        return true
      }
      if isInstalled { self.storedForm = isExplicit ? stored : nil }
    }
  }

  func prepareReset(lock: Lock) -> CellUpdate {
    var known: PropertyListValue?? = nil
    let current = lock.withLock {
      withCellLock { flags in
        known = knownForm(flags)
        return value
      }
    }
    let oldForm = form(of: current, known: known)
    let change = oldForm == defaultForm ? nil : (oldForm, defaultForm)
    return CellUpdate(cell: self, error: nil, change: change) {
      self.withCellLock { flags in
        self.value = self.defaultValue
        flags.isDirty = true
        flags.isExplicit = false
        flags.advanceGeneration()
      }
    }
  }

  func pendingWrite() -> PendingWrite {
    var flags = CellFlags(bits: 0)
    let captured = withCellLock {
      flags = $0
      return value
    }
    let codec = codec
    let key = key
    let encode: () throws(PreferenceError) -> PropertyListValue?
    if flags.isExplicit {
      encode = { () throws(PreferenceError) -> PropertyListValue? in
        do throws(PreferenceError) {
          return try codec.encode(captured)
        } catch {
          var error = error
          error.key = key
          throw error
        }
      }
    } else {
      encode = { nil }
    }
    return PendingWrite(cell: self, generation: flags.generation, encode: encode)
  }

  func prepareNormalizedValue(_ form: PropertyListValue) -> (_ generation: UInt64) -> Void {
    guard let normalized = try? codec.decode(form) else { return { _ in } }
    return { generation in
      self.withCellLock { flags in
        if flags.generation == generation { self.value = normalized }
      }
    }
  }

  func markWritten(generation: UInt64, storedForm: PropertyListValue?) {
    let isWritten = withCellLock { flags in
      guard flags.generation == generation else { return false }
      flags.isDirty = false
      return true
    }
    if isWritten { self.storedForm = storedForm }
  }
}
