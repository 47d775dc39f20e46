// A cell's one load and one reset: each chooses what the preference holds from its candidates
// (the user's stored value, and the layers' values when the class reads any), outside the lock,
// and returns the update that installs it (see CellFlags).
extension PreferenceCell {
  /// Prepares to install the value of the highest of `candidates` that fits the property, or
  /// the default, or installs it at once on the first load (``LoadOptions/first``).
  ///
  /// The cell has a user value (written back when assigned, removed when reset) only when the
  /// user's store holds one that fits; a value from another layer is never dirty, so never
  /// written. A managed value makes the cell managed, and replaces even a value assigned but
  /// not yet written.
  func prepareLoad(
    _ candidates: LoadCandidates, lock: Lock, options: LoadOptions
  ) -> CellUpdate {
    // Separate values rather than one tuple, and `let`s for what the closure below captures:
    // in this unspecialized code a tuple holding `Value` has its type built at run time on
    // every call, and a captured `var` is boxed on the heap (together a third of the cost of
    // loading a cell when an instance is created).
    var generation: UInt64 = 0
    var isDirty = false
    var known: PropertyListValue?? = nil
    var chosen = defaultValue
    let choice = choose(from: candidates, into: &chosen)
    let isManaged = choice.source == .managed
    if options.installsAtOnce {
      install(loaded: chosen, form: choice.userForm, isManaged: isManaged, unlessChangedSince: nil)
      return CellUpdate(cell: self, choice, announcement: nil, install: {})
    }
    let current = lock.withLock {
      withCellLock { flags in
        generation = flags.generation
        isDirty = flags.isDirty
        if options.comparing && !candidates.readsLayers { known = knownForm(flags) }
        return value
      }
    }
    // A value assigned and not yet written stays, if asked, unless an administrator now
    // manages the key. (A managed cell is never dirty: a refused assignment has its own flag.)
    let keepsDirtyValue = options.keepingDirtyValue && !isManaged
    if keepsDirtyValue && isDirty {
      return CellUpdate(cell: self, choice.keepingUserValue, announcement: nil, install: {})
    }
    let announcement =
      options.comparing
      ? Self.announcement(
        from: candidates.readsLayers
          ? (try? codec.encode(current)) : form(of: current, known: known),
        to: candidates.readsLayers
          ? (try? codec.encode(chosen)) : choice.userForm ?? defaultForm)
      : nil
    let loaded = chosen
    let userForm = choice.userForm
    return CellUpdate(cell: self, choice, announcement: announcement) { [generation] in
      // A value assigned since the snapshot is newer than the store's: it stays too.
      self.install(
        loaded: loaded, form: userForm, isManaged: isManaged,
        unlessChangedSince: keepsDirtyValue ? generation : nil)
    }
  }

  /// Prepares to restore what a load would find below the user's store (the highest of
  /// `candidates`, which hold no stored value: the system's default, or else the declared
  /// default) and mark the cell dirty, so a write removes its key. A managed cell is left as
  /// it is (``CellFlags/reset()``).
  func prepareReset(_ candidates: LoadCandidates, lock: Lock) -> CellUpdate {
    var target = defaultValue
    var choice = choose(from: candidates, into: &target)
    choice.layerErrors = []  // A reset reports nothing; the last load did.
    var known: PropertyListValue?? = nil
    var isManaged = false
    let current = lock.withLock {
      withCellLock { flags in
        isManaged = flags.isManaged
        if !candidates.readsLayers { known = knownForm(flags) }
        return value
      }
    }
    let oldForm =
      candidates.readsLayers ? (try? codec.encode(current)) : form(of: current, known: known)
    let newForm = choice.source == .default ? defaultForm : try? codec.encode(target)
    let announcement = isManaged ? nil : Self.announcement(from: oldForm, to: newForm)
    let reset = target
    return CellUpdate(cell: self, choice, announcement: announcement) {
      self.install(reset: reset)
    }
  }

  /// The forms before and after, as a ``CellUpdate`` carries them: `nil` when they are equal.
  private static func announcement(
    from oldForm: PropertyListValue?, to newForm: PropertyListValue?
  ) -> (oldValue: PropertyListValue?, newValue: PropertyListValue?)? {
    oldForm == newForm ? nil : (oldForm, newForm)
  }

  /// Decodes every candidate, and sets `value` to the highest one's that fits the property
  /// (leaving it as it is when none does). The user's stored value is decoded even below a
  /// layer that wins, since the cell keeps its stored form.
  private func choose(from candidates: LoadCandidates, into value: inout Value) -> LoadChoice {
    var choice = LoadChoice()
    for layer in candidates.above { take(layer, into: &value, choice: &choice) }
    if let stored = candidates.stored {
      do throws(PreferenceError) {
        let decoded = try codec.decode(stored)
        choice.userForm = stored
        if choice.source == .default {
          value = decoded
          choice.source = .user
        }
      } catch {
        var error = error
        error.key = key
        choice.userError = error
      }
    }
    if let below = candidates.below { take(below, into: &value, choice: &choice) }
    return choice
  }

  /// Decodes a layer's value, the first of its forms that fits, into `value` unless a higher
  /// candidate's was chosen; when none fits, adds an error naming the layer.
  private func take(_ layer: LayerValue, into value: inout Value, choice: inout LoadChoice) {
    var firstError: PreferenceError?
    for form in layer.candidates {
      do throws(PreferenceError) {
        let decoded = try codec.decode(form)
        if choice.source == .default {
          value = decoded
          choice.source = layer.source
        }
        return
      } catch {
        firstError = firstError ?? error
      }
    }
    var error = firstError ?? PreferenceError(.typeMismatch)
    error.key = key
    error.file = layer.file ?? error.file
    if case .text = layer.content {
      error.found = layer.foundDescription
      error.path = nil
    }
    error.reason = [error.reason, "the value from \(layer.origin) is ignored"]
      .compactMap { $0 }.joined(separator: "; ")
    choice.layerErrors.append(error)
  }
}

/// What a cell's load chose, besides the value.
struct LoadChoice {
  /// The layer whose value the cell holds: ``PreferenceSource/default`` when none fits.
  var source = PreferenceSource.default
  /// The user's stored value, when it fits the property; the cell keeps it as its stored form.
  var userForm: PropertyListValue?
  /// Why the user's stored value does not fit the property, if it does not.
  var userError: PreferenceError?
  /// Values of layers other than the user's store that do not fit, each naming its layer;
  /// they are ignored.
  var layerErrors: [PreferenceError] = []

  /// The choice when a value assigned and not yet written stays: the user's.
  var keepingUserValue: LoadChoice {
    var kept = self
    kept.source = .user
    return kept
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
