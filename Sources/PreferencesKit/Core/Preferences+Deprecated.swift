// The old public names, kept so that users' code keeps compiling until a tagged release
// removes them: each forwards to its replacement, or is a view of the problem list. They still
// reserve their names: a subclass cannot declare a property called `keys`, `store`, `isDirty`,
// `loadErrors`, `saveErrors` or `syncErrors` while they exist.
extension Preferences {
  /// The keys of every `@Preference` property, in declaration order.
  @available(*, deprecated, renamed: "preferenceKeys")
  public var keys: [String] { preferenceKeys }

  /// Where this instance loads from and saves to.
  @available(*, deprecated, renamed: "preferenceStore")
  public var store: any PreferenceStore { preferenceStore }

  /// Whether any preference was assigned since it was last loaded or written.
  @available(*, deprecated, renamed: "hasUnsavedChanges")
  public var isDirty: Bool { hasUnsavedChanges }

  /// The errors of the problems in the ``PreferenceProblem/Phase/load`` and
  /// ``PreferenceProblem/Phase/layers`` phases, then the files the last write kept beside the
  /// store (``PreferenceError/Kind/fileMovedAside``).
  @available(
    *, deprecated,
    message: "use preferenceProblems: its load and layers phases, and write's fileMovedAside"
  )
  public var loadErrors: [PreferenceError] {
    state.withLock { state in
      state.problems.errors(in: .load, .layers)
        + state.problems.errors(in: .write).filter { !$0.kind.isRefusal }
    }
  }

  /// The error of the last failed automatic save, then, under a ``savePolicy`` other than
  /// ``SavePolicy/explicit``, each key a write left out because the store cannot hold its
  /// value, by key.
  @available(
    *, deprecated,
    message: "use preferenceProblems: its autosave phase, and the keys left out in write"
  )
  public var saveErrors: [PreferenceError] {
    let automatic = Self.savePolicy != .explicit
    return state.withLock { state in
      state.problems.errors(in: .autosave)
        + (automatic ? state.problems.errors(in: .write).filter(\.kind.isRefusal) : [])
        .sorted { ($0.key ?? "") < ($1.key ?? "") }
    }
  }

  /// The errors of the problems in the ``PreferenceProblem/Phase/sync`` phase.
  @available(*, deprecated, message: "use preferenceProblems: its sync phase")
  public var syncErrors: [PreferenceError] {
    state.withLock { $0.problems.errors(in: .sync) }
  }
}

extension PreferenceHandle {
  /// Whether an administrator manages the preference.
  @available(*, deprecated, renamed: "isManaged")
  public var isLocked: Bool { isManaged }
}
