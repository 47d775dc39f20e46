// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// A cell's one load and one reset: each chooses what the preference holds from its candidates
// (the user's stored value, and the layers' values when the class reads any), outside the lock,
// and returns the update that installs it (see CellFlags).
extension PreferenceCell {
  /// Prepares to install the value of the highest of `candidates` that fits the property, or
  /// the default, or installs it at once on the first load (``LoadOptions/first``). Call
  /// holding no lock: it takes `lock`, the owner's, to install or to look at the current value.
  ///
  /// The cell has a user value (written back when assigned, removed when reset) only when the
  /// user's store holds one that fits; a value from another layer is never dirty, so never
  /// written. A managed value makes the cell managed, and replaces even a value assigned but
  /// not yet written.
  func prepareLoad(
    _ candidates: LoadCandidates, lock: borrowing InstanceLock, options: LoadOptions
  ) -> CellUpdate {
    // Separate values rather than one tuple, `inout` rather than returned, and `let`s for what
    // the closure below captures: in this unspecialized code a tuple holding `Value` has its
    // type built at run time on every call, a returned struct is copied, and a captured `var`
    // is boxed on the heap (each a large part of the cost of loading a cell when an instance
    // is created).
    var chosen = defaultValue
    var choice = LoadChoice()
    choose(from: candidates, includingAbove: true, into: &chosen, choice: &choice)
    let isManaged = choice.source == .managed
    if options.installsAtOnce {
      let userForm = choice.userForm
      lock.withLock { _, held in
        install(
          loaded: chosen, form: userForm, isManaged: isManaged, unlessChangedSince: nil, held)
      }
      return CellUpdate(cell: self, choice: consume choice, announcement: nil, install: { _ in })
    }
    let readsLayers = candidates.layers != nil
    var generation: UInt64 = 0
    var isDirty = false
    var known: PropertyListValue?? = nil
    let current = lock.withLock { _, held in
      withCellLock { flags in
        generation = flags.generation
        isDirty = flags.isDirty
        if options.comparing && !readsLayers { known = knownForm(flags, held) }
        return value(held)
      }
    }
    // A value assigned and not yet written stays, if asked, unless an administrator now
    // manages the key. (A managed cell is never dirty: a refused assignment has its own flag.)
    let keepsDirtyValue = options.keepingDirtyValue && !isManaged
    if let before = options.flagsBeforeRead, before.isDirty || before.generation != generation {
      isDirty = true  // Assigned before the store was read, or since: maybe written meanwhile.
    }
    if keepsDirtyValue && isDirty {
      choice.source = .user
      return CellUpdate(cell: self, choice: consume choice, announcement: nil, install: { _ in })
    }
    let announcement =
      options.comparing
      ? Self.announcement(
        from: readsLayers ? (try? codec.encode(current)) : form(of: current, known: known),
        to: readsLayers ? (try? codec.encode(chosen)) : choice.userForm ?? defaultForm)
      : nil
    let loaded = chosen
    let userForm = choice.userForm
    return CellUpdate(cell: self, choice: consume choice, announcement: announcement) {
      [generation] held in
      // A value assigned since the snapshot is newer than the store's: it stays too.
      self.install(
        loaded: loaded, form: userForm, isManaged: isManaged,
        unlessChangedSince: keepsDirtyValue ? generation : nil, held)
    }
  }

  /// Prepares to restore what a load would find below the user's store (the system's default,
  /// when `candidates` hold layers, or else the declared default) and mark the cell dirty, so a
  /// write removes its key. A managed cell is left as it is (``CellFlags/reset()``).
  func prepareReset(_ candidates: LoadCandidates, lock: borrowing InstanceLock) -> CellUpdate {
    var target = defaultValue
    var choice = LoadChoice()
    choose(from: candidates, includingAbove: false, into: &target, choice: &choice)
    choice.errors = []  // A reset reports nothing; the last load did.
    choice.hasUserError = false
    let readsLayers = candidates.layers != nil
    var known: PropertyListValue?? = nil
    var isManaged = false
    let current = lock.withLock { _, held in
      withCellLock { flags in
        isManaged = flags.isManaged
        if !readsLayers { known = knownForm(flags, held) }
        return value(held)
      }
    }
    let oldForm = readsLayers ? (try? codec.encode(current)) : form(of: current, known: known)
    let newForm = choice.source == .default ? defaultForm : try? codec.encode(target)
    let announcement = isManaged ? nil : Self.announcement(from: oldForm, to: newForm)
    let reset = target
    return CellUpdate(cell: self, choice: choice, announcement: announcement) { held in
      self.install(reset: reset, held)
    }
  }

  /// The forms before and after, as a ``CellUpdate`` carries them: `nil` when they are equal.
  private static func announcement(
    from oldForm: PropertyListValue?, to newForm: PropertyListValue?
  ) -> (oldValue: PropertyListValue?, newValue: PropertyListValue?)? {
    oldForm == newForm ? nil : (oldForm, newForm)
  }

  /// Decodes every candidate (the layers above the user's store only if `includingAbove`),
  /// and sets `value` to the highest one's that fits the property, leaving it as it is when
  /// none does. The user's stored value is decoded even below a layer that wins, since the
  /// cell keeps its stored form.
  @inline(__always)
  private func choose(
    from candidates: LoadCandidates, includingAbove: Bool, into value: inout Value,
    choice: inout LoadChoice
  ) {
    let layers = candidates.layers
    if includingAbove, let layers {
      if let managed = layers.system.managed[key] {
        take(managed, into: &value, choice: &choice)
      }
      for override in layers.overrides[key] ?? [] {
        take(override, into: &value, choice: &choice)
      }
    }
    let stored = declaration.storedValue(
      forKey: key, in: candidates.stored, movedKeys: &choice.movedKeys)
    if let stored {
      do throws(PreferenceError) {
        let decoded = try decodeAccepted(stored)
        choice.userForm = stored
        if choice.source == .default {
          value = decoded
          choice.source = .user
        }
      } catch {
        var error = error
        error.key = key
        choice.errors.insert(error, at: 0)
        choice.hasUserError = true
      }
    }
    if let systemDefault = layers?.system.defaults[key] {
      take(systemDefault, into: &value, choice: &choice)
    }
  }

  /// Decodes a layer's value, the first of its forms that fits, into `value` unless a higher
  /// candidate's was chosen; when none fits, adds an error naming the layer.
  private func take(_ layer: LayerValue, into value: inout Value, choice: inout LoadChoice) {
    var firstError: PreferenceError?
    for form in layer.candidates {
      do throws(PreferenceError) {
        let decoded = try decodeAccepted(form)
        if choice.source == .default {
          value = decoded
          choice.source = layer.source
        }
        return
      } catch {
        // A form of the right type that a constraint rejects says more than one of another.
        if firstError == nil || (error.kind == .rejectedValue && firstError?.kind != error.kind) {
          firstError = error
        }
      }
    }
    var error = firstError ?? PreferenceError(.typeMismatch)
    error.key = key
    error.file = layer.file ?? error.file
    if case .text = layer.content {
      error.found = layer.foundDescription
      error.path = nil
    }
    error.reason = [error.reason, "the value from \(layer.sourceDescription) is ignored"]
      .compactMap { $0 }.joined(separator: "; ")
    choice.errors.append(error)
  }
}

/// What a cell's load chose, besides the value. Small, and without an optional error, since
/// the first load copies one for every preference.
struct LoadChoice {
  /// The layer whose value the cell holds: ``PreferenceSource/default`` when none fits.
  var source = PreferenceSource.default
  /// The user's stored value, when it fits the property; the cell keeps it as its stored form.
  var userForm: PropertyListValue?
  /// The values that do not fit the property: the user's stored value first when
  /// ``hasUserError``, then the other layers' (each naming its layer; they are ignored).
  var errors: [PreferenceError] = []
  /// Whether the first of ``errors`` is about the user's stored value.
  var hasUserError = false
  /// The previous keys holding a value, which the next write removes.
  var movedKeys: [String] = []

  /// Why the user's stored value does not fit the property, if it does not.
  var userError: PreferenceError? { hasUserError ? errors.first : nil }
  /// Why values of layers other than the user's store do not fit.
  var layerErrors: ArraySlice<PreferenceError> { errors.dropFirst(hasUserError ? 1 : 0) }
}

extension PreferenceDeclaration {
  /// The value `stored` holds for the preference with `key`: under `key`, or else under the
  /// newest of ``previousKeys`` that has one. Sets `movedKeys` to the previous keys holding a
  /// value, which the next write removes.
  func storedValue(
    forKey key: String, in stored: [String: PropertyListValue], movedKeys: inout [String]
  ) -> PropertyListValue? {
    guard !previousKeys.isEmpty else { return stored[key] }
    movedKeys = previousKeys.filter { stored[$0] != nil }
    return stored[key] ?? movedKeys.first.flatMap { stored[$0] }
  }
}
