extension PreferenceCell {
  func loadFirst(
    from stored: [String: PropertyListValue], moves: inout [String: [String]]
  ) -> PreferenceError? {
    guard let form = declaration.storedValue(forKey: key, in: stored, moves: &moves) else {
      return nil  // The default stays, as it is.
    }
    do throws(PreferenceError) {
      installLoaded(try codec.decode(form), storedForm: form)
      return nil
    } catch {
      var error = error
      error.key = key
      return error
    }
  }

  /// Installs a value loaded from the store: the value and every flag, in one place, as
  /// ``prepareLoad(_:lock:keepingDirtyValue:comparing:)``'s update does. Call with the owner's
  /// lock held.
  private func installLoaded(_ newValue: Value, storedForm: PropertyListValue) {
    withCellLock { flags in
      value = newValue
      flags.isDirty = false
      flags.isExplicit = true
      flags.advanceGeneration()
    }
    self.storedForm = storedForm
  }
}

extension PreferenceDeclaration {
  /// The value `stored` holds for the preference with `key`: under `key`, or else under the
  /// newest of ``previousKeys`` that has one. Records in `moves` the previous keys holding a
  /// value, which the next write removes.
  func storedValue(
    forKey key: String, in stored: [String: PropertyListValue], moves: inout [String: [String]]
  ) -> PropertyListValue? {
    guard !previousKeys.isEmpty else { return stored[key] }
    let oldKeys = previousKeys.filter { stored[$0] != nil }
    if !oldKeys.isEmpty { moves[key] = oldKeys }
    return stored[key] ?? oldKeys.first.flatMap { stored[$0] }
  }
}
