/// The state of one `@Preference`: its value, its default, and whether it needs writing.
///
/// `@unchecked Sendable`: every `var` is written only while holding the lock of the
/// ``Preferences`` instance that owns the cell, and read with it held, with two exceptions.
/// `key`, `defaultValue` and `defaultForm` are set while that instance initializes, before it
/// can be shared, and never change afterwards, so they are read without the lock. And a value
/// that fits a word (``isLockFree``) lives in `words` as bits, stored atomically with release
/// ordering under the lock and loaded with acquire ordering without it: a single load, so a
/// reader sees one whole value, never half of an old one and half of a new one. This is the one
/// place where state is guarded by a rule rather than by `Locked`: the hot path, for speed.
@usableFromInline
final class PreferenceCell<Value: Sendable>: @unchecked Sendable {
  /// Word 0: the value's bits, when ``isLockFree``. Word 1: 1 once `property` is recorded, so
  /// that reads can check without the lock.
  @usableFromInline let words = AtomicWords(count: 2)
  /// The current value, unless ``isLockFree``.
  @usableFromInline @exclusivity(unchecked) var boxedValue: Value

  /// Whether values are kept as bits in an atomic word and read without the lock: true for
  /// trivially copyable types of up to 8 bytes (`Bool`, integers, `Double`, `Float`, `Date`,
  /// enums without payloads). Known when the code is specialized for `Value`, so the check
  /// costs nothing.
  @inlinable static var isLockFree: Bool {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size
  }

  /// The current value. Call with the owner's lock held, except to read a ``isLockFree``
  /// value, which needs no lock.
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

  /// Whether `property` is recorded; read without the lock.
  @inlinable var isPropertyRecorded: Bool { words.loadRelaxed(1) != 0 }

  /// The value the property holds when the store has none.
  @exclusivity(unchecked) var defaultValue: Value
  /// Whether the value was assigned since it was last loaded or written.
  @usableFromInline @exclusivity(unchecked) var isDirty = false
  /// Whether the value was chosen (assigned, or loaded from the store) rather than defaulted.
  /// A dirty cell that is not explicit removes its key on write.
  @usableFromInline @exclusivity(unchecked) var isExplicit = false
  /// Counts assignments, so a write can tell whether the value changed while it was saving.
  @usableFromInline @exclusivity(unchecked) var generation: UInt64 = 0
  /// Whether an administrator locked the value (the managed layer): assignments are refused.
  /// Set by a load, under the owner's lock.
  @usableFromInline @exclusivity(unchecked) var isLocked = false
  /// The property, recorded the first time it is read or assigned, so observers of it can be
  /// told about changes that do not come through its setter.
  @usableFromInline @exclusivity(unchecked) var property: ObservedProperty? {
    didSet { words.setBits(1, to: property != nil, at: 1) }
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

  /// Assigns a value chosen by the app, unless an administrator locked the key. Call with the
  /// owner's lock held.
  ///
  /// - Parameter heard: Whether anyone hears of assignments, who needs the value replaced.
  /// - Returns: The value replaced when `heard`; `nil` otherwise, or when the key is locked and
  ///   nothing changed.
  @inlinable @inline(__always)
  func assign(_ newValue: Value, heard: Bool) -> Value? {
    if _slowPath(isLocked) {
      refuseAssignment()
      return nil
    }
    let replaced = _slowPath(heard) ? value : nil
    value = newValue
    isDirty = true
    isExplicit = true
    generation &+= 1
    return replaced
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
  /// to move in `moves`. (Internal/PreferenceCell+FirstLoad.swift.)
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
    property = ObservedProperty(keyPath)
  }

  func setKey(_ key: String) { self.key = key }

  func adoptValueAsDefault() {
    defaultValue = value
    defaultForm = try? codec.encode(value)
    isDirty = false
    isExplicit = false
  }

  /// The stored form of the current value, when known without encoding it. Call with the
  /// owner's lock held.
  private var knownForm: PropertyListValue?? {
    if !isExplicit { return .some(defaultForm) }  // Only a default is not explicit.
    return isDirty ? nil : .some(storedForm)
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
      generation = self.generation
      isDirty = self.isDirty
      if comparing { known = knownForm }
      return value
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
      guard !keepingDirtyValue || self.generation == generation else { return }
      self.value = newValue
      self.storedForm = isExplicit ? stored : nil
      self.isDirty = false
      self.isExplicit = isExplicit
      self.generation &+= 1
    }
  }

  func prepareReset(lock: Lock) -> CellUpdate {
    var known: PropertyListValue?? = nil
    let current = lock.withLock {
      known = knownForm
      return value
    }
    let oldForm = form(of: current, known: known)
    let change = oldForm == defaultForm ? nil : (oldForm, defaultForm)
    return CellUpdate(cell: self, error: nil, change: change) {
      self.value = self.defaultValue
      self.isDirty = true
      self.isExplicit = false
      self.generation &+= 1
    }
  }

  func pendingWrite() -> PendingWrite {
    let captured = value
    let codec = codec
    let key = key
    let encode: () throws(PreferenceError) -> PropertyListValue?
    if isExplicit {
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
    return PendingWrite(cell: self, generation: generation, encode: encode)
  }

  func prepareNormalizedValue(_ form: PropertyListValue) -> (_ generation: UInt64) -> Void {
    guard let normalized = try? codec.decode(form) else { return { _ in } }
    return { generation in
      if self.generation == generation { self.value = normalized }
    }
  }

  func markWritten(generation: UInt64, storedForm: PropertyListValue?) {
    guard self.generation == generation else { return }
    isDirty = false
    self.storedForm = storedForm
  }
}
