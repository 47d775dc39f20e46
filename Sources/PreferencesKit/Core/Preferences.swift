// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Observation

/// The base class of an app's preferences: subclass it and declare `@Preference` properties.
///
/// When an instance is created it finds its `@Preference` properties by reflection, runs
/// ``setDefaults()``, and loads every key from its store. Assignments stay in memory and mark
/// their key dirty; ``writePreferences()`` saves exactly the dirty keys in one batch.
///
/// ```swift
/// final class AppPreferences: Preferences, @unchecked Sendable {
///   @Preference var fontSize = 12.0
///   @Preference var recentFiles: [String] = []
///
///   override func setDefaults() {
///     recentFiles = ["README.md"]
///   }
/// }
///
/// let prefs = AppPreferences()
/// prefs.fontSize += 2
/// try prefs.writePreferences()
/// ```
///
/// ## Threads
///
/// An instance may be read and written from any number of threads at once: every
/// `@Preference` value is guarded, by the instance's lock (`InstanceLock`) or, for a value that
/// fits a word, by its own lock bit and atomic loads (see `PreferenceCell`). That is why `Preferences` is
/// `@unchecked Sendable`, and why the claim is true. Swift asks every subclass to restate the
/// conformance (`class AppPreferences: Preferences, @unchecked Sendable`), as it does for
/// `NSManagedObject` subclasses; the restatement stays honest as long as the subclass keeps its
/// state in `@Preference` properties, computed properties, and `let` constants of `Sendable`
/// types. A subclass that adds a plain `var` must guard it itself, with a lock of its own.
open class Preferences: @unchecked Sendable {
  /// The instance's lock, with what it guards: the state of each feature (observation,
  /// migration, saving, watching, sync, problems), reached inside `state.withLock { state
  /// in ... }`, and every `@Preference` value that does not fit a word, with the rest of its
  /// cell's boxed state, reached inside `state.withLock { state, held in ... }` (see
  /// ``InstanceLock``), so that a load installs values and records what it found in one
  /// critical section.
  ///
  /// Reading or assigning one preference takes this lock only for a value that does not fit an
  /// atomic word, and touches only its cell; a value that does fit is read with one atomic
  /// load and assigned under its cell's lock bit (see ``PreferenceCell``). The flags in
  /// `hotPath` are atomic, written only inside `state.withLock`, where they mirror the state
  /// they summarize (`HotPath.notifications` is written under `LivePreferences`' lock). Which
  /// locks may be taken while holding this one: ``LockOrder``.
  @usableFromInline let state: InstanceLock
  /// Serializes writes and sync exchanges, so that changes reach the stores in the order they
  /// were made. It guards no value: it orders calls into the stores. Taken before ``state``'s
  /// lock, never while holding it.
  let writeLock = WorkLock()
  /// Tells the Observation framework which properties are read and assigned. Boxed so that
  /// subclasses in other modules know this class's size, which keeps property access direct.
  @usableFromInline let observation = ObservationBox()
  /// The flags of ``HotPath``, read by every read and assignment with one atomic load.
  /// Outside ``state`` so that they cost no lock: atomic, and written only inside
  /// `state.withLock`, where they mirror the state they summarize.
  @usableFromInline let hotPath = AtomicWords(count: 1)
  /// Whether assignments schedule saves: ``savePolicy`` is not ``SavePolicy/explicit``.
  @usableFromInline let savesAutomatically: Bool
  /// The `@Preference` properties, in declaration order, superclass properties first. Set
  /// while the instance initializes and never changed afterwards, so read without a lock: a
  /// `var` only because finding them needs `self`, and set before the instance can be shared.
  private(set) var cells: [any AnyPreferenceCell] = []

  /// Where this instance loads from and saves to.
  public let preferenceStore: any PreferenceStore

  /// Creates preferences backed by `store`, with every declared key loaded from it.
  ///
  /// Runs ``setDefaults()`` first, so a key the store lacks holds its default. A stored value
  /// that does not fit its property leaves the default in place and is listed in
  /// ``preferenceProblems``; it never stops the app.
  ///
  /// When the class reads ``layers``, the system's layers are found by the name of the folder
  /// holding a ``FileStore``'s file (`com.example.notes` for
  /// `~/.config/com.example.notes/preferences.plist`), and by
  /// ``FileStore/defaultIdentifier`` for any other store.
  ///
  /// - Parameter store: Where preferences are loaded from and saved to.
  public required init(store: any PreferenceStore) {
    preferenceStore = store
    state = InstanceLock(InstanceState())
    savesAutomatically = Self.savePolicy != .explicit
    hotPath.setBits(HotPath.observable, to: Self.isObservable)
    hotPath.setBits(HotPath.savesAutomatically, to: savesAutomatically)
    cells = Self.discoverCells(of: self)
    setDefaults()
    let hasConstraints = state.withLock { _, held in
      var hasConstraints = false
      for cell in cells where cell.adoptValueAsDefault(held) { hasConstraints = true }
      return hasConstraints
    }
    if hasConstraints { checkDefaultsAccepted() }
    setUpLayers()
    if let migrationError = migrateStoreIfNeeded() {
      state.withLock { $0.problems.replace(.load, with: [migrationError]) }
    } else {
      load(.first)
    }
    LivePreferences.add(self)
  }

  deinit {
    LivePreferences.remove(ObjectIdentifier(self))
    warnIfReleasedWithUnsavedChanges()
    let (watcher, session, subscribers, problems) = state.withLock {
      ($0.watcher, $0.sync.session, $0.observation.subscribers.values, $0.problems)
    }
    watcher?.stop()
    session?.stop()
    for subscriber in subscribers { subscriber.finish() }
    problems.finish()
    hotPath.deallocate()
  }

  /// The version of this class's preferences: 1 unless a subclass overrides it.
  ///
  /// Raise it when stored values need converting, and convert them in
  /// ``migrate(from:values:)``. The store records the version it was last migrated to.
  open class var version: Int { 1 }

  /// Converts stored values written by an older ``version`` of this class. Override it; the
  /// base implementation changes nothing.
  ///
  /// It runs once, while an instance initializes, before any value is loaded, when the store
  /// was written by an older version (a store with values but no recorded version counts as
  /// version 1). `values` holds every stored key, including keys no property declares now.
  /// What it leaves in `values` is written back, with the new version, as one change.
  ///
  /// ```swift
  /// override class var version: Int { 2 }
  ///
  /// override func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {
  ///   if oldVersion < 2, case .bool(let dark)? = values.removeValue(forKey: "darkMode") {
  ///     values["theme"] = .string(dark ? "dark" : "light")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - oldVersion: The version that wrote the store.
  ///   - values: The stored values, to convert in place.
  /// - Throws: Any error, to leave the store exactly as it was; the instance then holds its
  ///   defaults and lists the error in ``preferenceProblems``. A migration is saved whole or not at
  ///   all: a migrated value the store cannot hold leaves the store as it was too.
  open func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {}

  /// Sets defaults that cannot be written in the declarations. Override it; the base
  /// implementation does nothing.
  ///
  /// It runs once, while the instance initializes and before anything loads. Whatever it
  /// assigns becomes that property's default: it is not dirty and is never written unless the
  /// app assigns it again later.
  open func setDefaults() {}

  /// When this class saves its changes: ``SavePolicy/explicit`` (only when the app calls
  /// ``writePreferences()``) unless a subclass overrides it.
  ///
  /// ```swift
  /// override class var savePolicy: SavePolicy { .debounced(.milliseconds(300)) }
  /// ```
  ///
  /// With ``SavePolicy/explicit``, a debug build that exits with unsaved changes prints one
  /// line naming the class and the keys. Failed automatic saves are listed in
  /// ``preferenceProblems`` and posted as ``saveDidFailNotification``.
  open class var savePolicy: SavePolicy { .explicit }

  /// Whether the Observation framework tracks this class's `@Preference` properties.
  ///
  /// `true` by default, so SwiftUI views and `withObservationTracking` update per property.
  /// Reporting each read and assignment to the Observation framework costs more than the read
  /// or assignment itself; a subclass read on a hot path that nothing observes this way may
  /// override this to return `false`. ``changes()``, ``updates(of:initial:)`` and
  /// ``didChangeNotification`` work either way.
  ///
  /// ```swift
  /// final class RenderSettings: Preferences, @unchecked Sendable {
  ///   override class var isObservable: Bool { false }
  ///   @Preference var frameRate = 60
  /// }
  /// ```
  open class var isObservable: Bool { true }

  /// The read-only layers this class reads besides its store: none unless a subclass
  /// overrides it, so a class that does not opt in behaves exactly as before.
  ///
  /// ```swift
  /// override class var layers: [PreferenceLayer] { [.arguments, .system] }
  /// ```
  ///
  /// Arguments and environment variables are read once, when an instance initializes; system
  /// and managed files at every load, so an administrator's change reaches a watching
  /// instance (``startWatchingStore()``) as a change with origin
  /// ``PreferenceChange/Origin/external``. See <doc:LayeredPreferences>.
  open class var layers: [PreferenceLayer] { [] }

  /// The format of the class's default file: a property list unless a subclass overrides it.
  ///
  /// Override it with ``PropertyListFormat/toml`` for settings a person edits by hand, as the
  /// users of a command-line tool do: on Linux the default store is then
  /// `~/.config/<identifier>/preferences.toml`, and a write edits only the lines of the keys
  /// that changed, keeping every comment. The app's first write creates the file with a
  /// header listing, commented out, every declared preference with its default.
  ///
  /// ```swift
  /// final class ToolSettings: Preferences, @unchecked Sendable {
  ///   override class var defaultFileFormat: PropertyListFormat { .toml }
  ///   @Preference var color = true
  /// }
  /// let settings = ToolSettings(identifier: "mytool")  // ~/.config/mytool/preferences.toml
  /// ```
  ///
  /// On Apple platforms the default store stays `UserDefaults`, which has no file format:
  /// there the format applies while ``defaultStoreFolder`` is set (as in tests). A macOS tool
  /// that wants the TOML file passes
  /// `FileStore(url: FileStore.defaultURL(for: "mytool", format: .toml))` to
  /// ``init(store:)``.
  open class var defaultFileFormat: PropertyListFormat { .propertyList }

  /// The keys of every `@Preference` property, in declaration order, superclass keys first.
  public var preferenceKeys: [String] { cells.map(\.key) }

  /// Whether any preference was assigned since it was last loaded or written. An assignment
  /// to a key an administrator manages does not count: it is never written.
  public var hasUnsavedChanges: Bool {
    state.withLock { _ in cells.contains(where: \.isDirty) }
  }

  /// Every problem this instance met and has not got past, in the order of their phases
  /// (``PreferenceProblem/Phase/load``, ``PreferenceProblem/Phase/layers``,
  /// ``PreferenceProblem/Phase/write``, ``PreferenceProblem/Phase/autosave``,
  /// ``PreferenceProblem/Phase/sync``) and within a phase as they were found. Each phase says
  /// when its problems leave the list. Empty when all is well.
  ///
  /// ```swift
  /// for problem in prefs.preferenceProblems {
  ///   print(problem)  // load: preference "launchCount" in ...: expected Int, found string "many"
  /// }
  /// ```
  public var preferenceProblems: [PreferenceProblem] {
    state.withLock { $0.problems.list }
  }

  /// The problem list now unless `initial` is `false`, then the list after each change to it,
  /// until the consuming task is cancelled or the instance is released.
  ///
  /// ```swift
  /// for await problems in prefs.preferenceProblemUpdates() { banner.show(problems) }
  /// ```
  ///
  /// - Parameter initial: Whether to start with the list as it is now.
  /// - Returns: A stream of ``preferenceProblems``, buffered without limit.
  public func preferenceProblemUpdates(initial: Bool = true) -> AsyncStream<[PreferenceProblem]> {
    let (stream, continuation) = AsyncStream<[PreferenceProblem]>.makeStream()
    let id = state.withLock { state in
      if initial { continuation.yield(state.problems.list) }
      let id = state.problems.nextSubscriberID
      state.problems.nextSubscriberID += 1
      state.problems.subscribers[id] = continuation
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { $0.problems.subscribers[id] = nil }
    }
    return stream
  }

  /// Reloads every preference from the store, discarding unsaved changes.
  ///
  /// Keys the store holds override their defaults; absent keys hold their defaults; nothing is
  /// dirty afterwards. ``preferenceProblems`` lists what did not load. Observers hear of each key whose
  /// value changed, with origin ``PreferenceChange/Origin/external``.
  public func readPreferences() {
    reload(origin: .external, keepingDirtyValues: false)
  }

  /// Restores every preference to its default and marks it dirty, so that the next
  /// ``writePreferences()`` removes every key from the store.
  ///
  /// Observers hear of each key whose value changed, with origin
  /// ``PreferenceChange/Origin/reset``.
  public func resetToDefaults() {
    reset(cells)
  }
}

/// The mutable state of a ``Preferences`` instance besides its values: one value per feature,
/// each declared beside its logic. Reachable only through ``Preferences/state``.
/// `@usableFromInline` only because ``InstanceLock``'s inlinable `withLock` names it.
@usableFromInline
struct InstanceState {
  /// Every problem the instance has not got past, of every phase.
  var problems = ProblemState()
  /// Keys left out of writes because the store cannot hold their values.
  var commits = CommitState()
  /// Subscribers to changes, and running probes.
  var observation = ObservationState()
  /// Moved keys and the store's recorded version.
  var migration = MigrationState()
  /// The scheduled automatic save.
  var saving = SavingState()
  /// What follows the store for changes from outside, while watching.
  var watcher: StoreWatcher?
  /// The sync session, while syncing.
  var sync = SyncState()
  /// The read-only layers, when the class opts in.
  var layers = LayerState()
  /// The lock of each preference that ``PreferenceHandle/withLock(_:)`` was called on, by its
  /// cell: made on first use, kept while the instance lives.
  var readModifyWriteLocks: [ObjectIdentifier: WorkLock] = [:]
}
