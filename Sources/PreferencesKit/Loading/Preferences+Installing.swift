// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Installing: prepared updates put into their cells under the lock, with the Observation
// framework's will-set and did-set around them, then announced to every other kind of observer.
extension Preferences {
  /// Installs prepared changes under the lock, surrounded by the Observation framework's
  /// will-set and did-set calls, then tells every other kind of observer.
  func install(
    _ changes: [CellUpdate], origin: PreferenceChange.Origin?,
    problems: [PreferenceProblem]? = nil
  ) {
    let changed = origin == nil ? [] : changes.filter { $0.announcement != nil }
    let properties = observedProperties(of: changed)
    for property in properties { property.willSet(self) }
    installValues(changes, problems: problems)
    for property in properties { property.didSet(self) }
    if let origin { announce(changed, origin: origin) }
  }

  /// Installs prepared changes under the lock, and returns what tells their observers, to call
  /// once the write lock is released: a caller holding it (an import, a sync pull) must not run
  /// observers' code, which may write to this instance and so wait for that lock forever. The
  /// Observation framework then hears will-set and did-set just after the values changed,
  /// rather than around the change.
  func installLeavingObservers(
    _ changes: [CellUpdate], origin: PreferenceChange.Origin
  ) -> () -> Void {
    let changed = changes.filter { $0.announcement != nil }
    installValues(changes, problems: nil)
    return { [weak self] in
      guard let self else { return }
      let properties = observedProperties(of: changed)
      for property in properties {
        property.willSet(self)
        property.didSet(self)
      }
      announce(changed, origin: origin)
    }
  }

  /// The recorded properties of the cells `changed` touches, when the class is observable.
  private func observedProperties(of changed: [CellUpdate]) -> [ObservedProperty] {
    Self.isObservable
      ? state.withLock { _, held in changed.compactMap { $0.cell.property(held) } } : []
  }

  /// Installs every change, and replaces the load problems when given, in one critical section.
  private func installValues(_ changes: [CellUpdate], problems: [PreferenceProblem]?) {
    state.withLock { state, held in
      for change in changes { change.install(held) }
      if let problems { state.problems.replaceLoadProblems(with: problems) }
    }
  }

  /// Tells subscribers and notification observers about the changes that announce one.
  private func announce(_ changed: [CellUpdate], origin: PreferenceChange.Origin) {
    guard !changed.isEmpty else { return }
    announce(
      changed.map {
        PreferenceChange(
          key: $0.cell.key, origin: origin, oldValue: $0.announcement?.oldValue,
          newValue: $0.announcement?.newValue)
      })
  }
}
