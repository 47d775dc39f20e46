// Preparing a cell's transitions outside the lock: decoding and encoding values, and comparing
// stored forms to work out what observers hear. What is prepared is installed under the lock
// by the transitions in PreferenceCell.swift (see CellFlags).
extension PreferenceCell {
  /// The stored form of the current value, when known without encoding it. Call with the
  /// owner's lock and the cell's lock bit held; `flags` are the cell's.
  private func knownForm(_ flags: CellFlags) -> PropertyListValue?? {
    if !flags.hasUserValue { return .some(defaultForm) }  // Only a default is not the user's.
    return flags.isDirty ? nil : .some(lastStoredForm)
  }

  func differsFromStoredValue() -> Bool {
    var known: PropertyListValue?? = nil
    let current = withCellLock { flags in
      known = knownForm(flags)
      return value
    }
    return form(of: current, known: known) != (lastStoredForm ?? defaultForm)
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
      return CellUpdate(cell: self, error: nil, announcement: nil, install: {})
    }
    let newValue: Value
    var userForm: PropertyListValue?
    var loadError: PreferenceError?
    if let stored {
      do {
        newValue = try codec.decode(stored)
        userForm = stored
      } catch {
        var error = error
        error.key = key
        loadError = error
        newValue = defaultValue
      }
    } else {
      newValue = defaultValue
    }
    let newForm = userForm ?? defaultForm
    let oldForm = comparing ? form(of: current, known: known) : newForm
    let announcement = oldForm == newForm ? nil : (oldForm, newForm)
    let installedForm = userForm
    return CellUpdate(cell: self, error: loadError, announcement: announcement) {
      [generation] in
      // A value assigned since the snapshot is newer than the store's; keep it if asked to.
      self.install(
        loaded: newValue, form: installedForm, isManaged: false,
        unlessChangedSince: keepingDirtyValue ? generation : nil)
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
    let announcement = oldForm == defaultForm ? nil : (oldForm, defaultForm)
    return CellUpdate(cell: self, error: nil, announcement: announcement) {
      self.install(reset: self.defaultValue)
    }
  }

  func pendingWrite() -> PendingWrite {
    var flags = CellFlags(bits: 0)
    var storedForm: PropertyListValue?
    let captured = withCellLock {
      flags = $0
      storedForm = lastStoredForm
      return value
    }
    let codec = codec
    let key = key
    let encode: () throws(PreferenceError) -> PropertyListValue?
    if !flags.isDirty {
      // The user's own value, as the store holds it: the value may be a layer's above it.
      encode = { storedForm }
    } else if flags.hasUserValue {
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
}
