import Foundation

/// What loading one cell through its layers produced.
struct LayeredCellUpdate {
  /// The change to install.
  let update: CellUpdate
  /// The layer whose value the cell holds afterwards.
  let source: PreferenceSource
  /// Values of layers other than the user's store that did not fit the property, each naming
  /// its layer; they are ignored. (The store's own is the update's error, as for a load
  /// without layers.)
  let errors: [PreferenceError]
}

extension PreferenceCell {
  /// Prepares to install the value of the highest layer among `candidates` (ordered by
  /// precedence, the user's store among them) whose value fits the property, or the default.
  ///
  /// The cell has a user value (written back when assigned, removed when reset) only when the
  /// user's store holds one; a value from another layer is never dirty, so never written. A
  /// managed value makes the cell managed, and replaces even a value assigned but not yet
  /// written.
  func prepareLayeredLoad(
    _ candidates: [LayerValue], lock: Lock, keepingDirtyValue: Bool, comparing: Bool
  ) -> LayeredCellUpdate {
    let (flags, current) = lock.withLock { withCellLock { ($0, value) } }
    var chosen: (value: Value, source: PreferenceSource)?
    var userForm: PropertyListValue?
    var errors: [PreferenceError] = []
    var userError: PreferenceError?
    for candidate in candidates {
      var failures: [PreferenceError] = []
      guard let (value, form) = decode(candidate, errors: &failures) else {
        if candidate.source == .user { userError = failures.first } else { errors += failures }
        continue
      }
      if candidate.source == .user { userForm = form }
      if chosen == nil { chosen = (value, candidate.source) }
    }
    let source = chosen?.source ?? .default
    let isManaged = source == .managed
    // A value assigned and not yet written stays, if asked, unless an administrator now
    // manages the key. (A managed cell is never dirty: a refused assignment has its own flag.)
    let keepsDirtyValue = keepingDirtyValue && !isManaged
    if keepsDirtyValue && flags.isDirty {
      let none = CellUpdate(cell: self, error: userError, announcement: nil, install: {})
      return LayeredCellUpdate(update: none, source: .user, errors: errors)
    }
    let newValue = chosen?.value ?? defaultValue
    let announcement =
      comparing
      ? Self.announcement(from: try? codec.encode(current), to: try? codec.encode(newValue))
      : nil
    let generation = flags.generation
    let update = CellUpdate(cell: self, error: userError, announcement: announcement) {
      // A value assigned since the snapshot is newer than the store's: it stays too.
      self.install(
        loaded: newValue, form: userForm, isManaged: isManaged,
        unlessChangedSince: keepsDirtyValue ? generation : nil)
    }
    return LayeredCellUpdate(update: update, source: source, errors: errors)
  }

  /// Prepares to restore the value below the user's store (the system default, or else the
  /// declared default) and mark the cell dirty, so a write removes its key. A managed cell is
  /// left as it is (``CellFlags/reset()``).
  func prepareLayeredReset(to systemDefault: LayerValue?, lock: Lock) -> CellUpdate {
    var ignored: [PreferenceError] = []
    let target = systemDefault.flatMap { decode($0, errors: &ignored)?.value } ?? defaultValue
    let (current, isManaged) = lock.withLock { withCellLock { (value, $0.isManaged) } }
    let announcement =
      isManaged
      ? nil : Self.announcement(from: try? codec.encode(current), to: try? codec.encode(target))
    return CellUpdate(cell: self, error: nil, announcement: announcement) {
      self.install(reset: target)
    }
  }

  /// The forms before and after, as a ``CellUpdate`` carries them: `nil` when they are equal.
  private static func announcement(
    from oldForm: PropertyListValue?, to newForm: PropertyListValue?
  ) -> (oldValue: PropertyListValue?, newValue: PropertyListValue?)? {
    oldForm == newForm ? nil : (oldForm, newForm)
  }

  /// The value `candidate` holds as this property's type, with its stored form; `nil`, with
  /// an error naming the layer in `errors`, when no form of it fits.
  private func decode(
    _ candidate: LayerValue, errors: inout [PreferenceError]
  ) -> (value: Value, form: PropertyListValue)? {
    var firstError: PreferenceError?
    for form in candidate.candidates {
      do throws(PreferenceError) {
        return (try codec.decode(form), form)
      } catch {
        firstError = firstError ?? error
      }
    }
    var error = firstError ?? PreferenceError(.typeMismatch)
    error.key = key
    error.file = candidate.file ?? error.file
    if case .text = candidate.content {
      error.found = candidate.foundDescription
      error.path = nil
    }
    if candidate.source != .user {
      error.reason = [error.reason, "the value from \(candidate.sourceDescription) is ignored"]
        .compactMap { $0 }.joined(separator: "; ")
    }
    errors.append(error)
    return nil
  }

  /// Says that an assignment was refused because an administrator manages the key, in a debug
  /// build. The value stays, and ``assign(_:hotPath:)`` noted the refusal
  /// (``CellFlags/refuse()``) so that the next write reports the key in
  /// ``Preferences/preferenceProblems``.
  @usableFromInline
  func refuseAssignment() {
    #if DEBUG
      FileHandle.standardError.write(
        Data(
          ("PreferencesKit: \"\(key)\" is managed by an administrator; the assignment is "
            + "ignored and never written\n").utf8))
    #endif
  }
}
