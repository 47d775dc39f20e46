// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// One preference seen as a whole: its key, its default, whether it holds that default, and
/// ways to reset it or follow it. The projected value of `@Preference`: `prefs.$fontSize`.
///
/// ```swift
/// prefs.$fontSize.key            // "fontSize"
/// prefs.$fontSize.defaultValue   // 12.0
/// prefs.$fontSize.isDefault      // true until assigned or loaded
/// prefs.$fontSize.reset()        // the next write removes the key
///
/// // A default computed at declaration, made stable by writing it once:
/// if !prefs.$deviceID.hasStoredValue { prefs.deviceID = UUID() }
/// ```
///
/// A handle refers to its instance strongly; it is made on each use of `$name`, cheaply, and
/// costs nothing while unused.
public struct PreferenceHandle<Value: Sendable>: Sendable {
  /// The instance the preference belongs to.
  let owner: Preferences
  /// The preference's storage.
  let cell: PreferenceCell<Value>

  /// The key the preference is stored under.
  public var key: String { cell.key }

  /// The value the preference holds when the store has none: the declared one, or what
  /// ``Preferences/setDefaults()`` assigned.
  public var defaultValue: Value {
    // Set while the instance initializes and never changed afterwards.
    cell.defaultValue
  }

  /// Whether the preference holds its default: it was never assigned nor loaded from the
  /// store, or it was reset since.
  ///
  /// An assigned value equal to the default is not the default: the user chose it, so it is
  /// written, and a later version of the app that changes the default does not change it.
  /// With ``Preferences/layers``, it says whether the user's store or an assignment holds a
  /// value, whichever layer decides what is read; ``source`` tells which layer that is.
  public var isDefault: Bool {
    owner.state.withLock { _ in !cell.hasUserValue }
  }

  /// Whether the store held a value of any type for the preference at the last load or write:
  /// also one that did not load (of another type, or damaged), which
  /// ``Preferences/preferenceProblems`` then names.
  ///
  /// A value computed at declaration, such as `UUID()` or `Date()`, is a new default on every
  /// launch because defaults are never written; assigning it once when the store has none
  /// makes it stable.
  public var hasStoredValue: Bool {
    let key = cell.key
    return owner.state.withLock { state, held in
      cell.lastStoredForm(held) != nil
        || state.problems.errors(in: .load, .layers).contains {
          $0.key == key && $0.kind != .managedKey
        }
    }
  }

  /// Where the value comes from now: the layer that wins (see ``PreferenceSource``), or
  /// ``PreferenceSource/user`` once the app assigns it.
  ///
  /// ```swift
  /// prefs.$fontSize.source  // .arguments when started with --fontSize 20
  /// ```
  public var source: PreferenceSource {
    owner.state.withLock { owner.source(of: cell, in: $0) }
  }

  /// Why the value the preference holds stands in for one that was rejected, if it does: a
  /// value from the store, an import, a migration, a layer or sync that breaks the declared
  /// ``PreferenceConstraint`` or is a raw value that is no case of its enumeration (the
  /// preference holds the next layer's value, or its default), or an assignment in code that
  /// broke it (the preference kept its previous value). The same error
  /// ``Preferences/preferenceProblems`` lists; `nil` when nothing was rejected, and, for a
  /// stored value, while a layer above the store (an argument, the environment, an
  /// administrator) decides the value.
  ///
  /// ```swift
  /// if let rejection = prefs.$fontSize.rejection {
  ///   print(rejection)  // preference "fontSize" in ...: expected a value in 8.0...72.0, ...
  /// }
  /// ```
  public var rejection: PreferenceError? {
    let key = cell.key
    return owner.state.withLock { state in
      // A stored value rejected stands in for nothing while a layer above the store decides.
      let storeDecides = owner.source(of: cell, in: state) <= .user
      return state.problems.list.last { problem in
        let error = problem.error
        guard error.key == key, Self.isRejection(error) else { return false }
        switch problem.phase {
        case .load, .sync: return storeDecides
        case .layers, .assignment: return true
        default: return false
        }
      }?.error
    }
  }

  /// Whether `error` refused a value: a constraint rejected it, or it is a raw value that is
  /// no case of the preference's enumeration, which the enumeration's cases reject.
  private static func isRejection(_ error: PreferenceError) -> Bool {
    error.kind == .rejectedValue
      || (error.kind == .typeMismatch
        && error.reason?.hasPrefix(PreferenceError.noCaseReason) == true)
  }

  /// Whether an administrator manages the preference: it holds the managed value, and
  /// assignments neither change it nor are written. A settings screen disables its control.
  public var isManaged: Bool {
    owner.state.withLock { _ in cell.isManaged }
  }

  /// Restores the default and marks the preference dirty, so that the next
  /// ``Preferences/writePreferences()`` removes its key from the store. Observers hear of it
  /// with origin ``PreferenceChange/Origin/reset`` if the value changes.
  public func reset() {
    owner.reset([cell])
  }

  /// The preference's values: the current one first unless `initial` is `false`, then the
  /// value after each change, until the consuming task is cancelled or the instance is
  /// released.
  ///
  /// ```swift
  /// for await size in prefs.$fontSize.updates() { apply(size) }
  /// ```
  ///
  /// - Parameter initial: Whether to start with the current value.
  /// - Returns: A stream of values, buffered without limit.
  public func updates(initial: Bool = true) -> AsyncStream<Value> {
    let cell = cell
    return owner.values(initial: initial, followingKeys: [cell.key]) { [weak owner] in
      owner.map { cell.value(in: $0) }
    }
  }
}

extension Preferences {
  /// Restores the defaults of `cells`, marked dirty, and tells observers once per key whose
  /// value changes.
  func reset(_ cells: [any AnyPreferenceCell]) {
    install(prepareResets(cells), origin: .reset)
    if savesAutomatically { scheduleSave() }
  }
}

extension _PreferencesObserving where Self: Preferences {
  /// Restores the defaults of the preferences that the given key paths read, and marks them
  /// dirty, so that the next ``Preferences/writePreferences()`` removes their keys. Observers
  /// hear once per key whose value changes, with origin ``PreferenceChange/Origin/reset``.
  ///
  /// ```swift
  /// prefs.reset(\.fontSize, \.theme)
  /// ```
  ///
  /// A key path to a computed property resets the preferences it reads.
  ///
  /// - Parameter keyPaths: The preferences to reset.
  public func reset(_ keyPaths: PartialKeyPath<Self>...) {
    let (_, keys) = probe { for keyPath in keyPaths { _ = self[keyPath: keyPath] } }
    reset(cells.filter { keys.contains($0.key) })
  }
}
