extension PreferenceCell {
  func loadFirst(
    from stored: [String: PropertyListValue], moves: inout [String: [String]]
  ) -> PreferenceError? {
    guard let form = declaration.storedValue(forKey: key, in: stored, moves: &moves) else {
      return nil  // The default stays, as it is.
    }
    do throws(PreferenceError) {
      // The same transition as a reload's (`prepareLoad`), without working out a change.
      install(
        loaded: try codec.decode(form), form: form, isManaged: false, unlessChangedSince: nil)
      return nil
    } catch {
      var error = error
      error.key = key
      return error
    }
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
