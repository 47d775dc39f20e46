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
/// `@Preference` value is guarded by the instance's lock. That is why `Preferences` is
/// `@unchecked Sendable`, and why the claim is true. Swift asks every subclass to restate the
/// conformance (`class AppPreferences: Preferences, @unchecked Sendable`), as it does for
/// `NSManagedObject` subclasses; the restatement stays honest as long as the subclass keeps its
/// state in `@Preference` properties, computed properties, and `let` constants of `Sendable`
/// types. A subclass that adds a plain `var` must guard it itself, with a lock of its own.
open class Preferences: @unchecked Sendable {
  /// Guards every `@Preference` value and the instance's own mutable state.
  @usableFromInline let lock = Lock()
  /// Serializes writes and sync exchanges, so that changes reach the stores in the order they
  /// were made.
  let writeLock = Lock()
  /// Tells the Observation framework which properties are read and assigned. Boxed so that
  /// subclasses in other modules know this class's size, which keeps property access direct.
  @usableFromInline let observation = ObservationBox()
  /// Whether reads note which properties they read, as ``updates(of:initial:)`` needs to find
  /// the keys behind a key path. Guarded by `lock`.
  @usableFromInline @exclusivity(unchecked) final var isProbing = false
  /// The keys read while probing. Guarded by `lock`.
  var probedKeys: [String] = []
  /// The `@Preference` properties, in declaration order, superclass properties first. Set
  /// while the instance initializes and never changed afterwards.
  private(set) var cells: [any AnyPreferenceCell] = []
  /// Guarded by `lock`.
  private var storedLoadErrors: [PreferenceError] = []
  /// The subscribers to ``changes()`` and ``updates(of:initial:)``, by subscription number.
  /// Guarded by `lock`.
  var subscribers: [UInt64: ChangeSubscriber] = [:]
  /// The number the next subscription gets. Guarded by `lock`.
  var nextSubscriberID: UInt64 = 0
  /// Whether `subscribers` is not empty, read on every assignment. Guarded by `lock`.
  @usableFromInline @exclusivity(unchecked) final var hasChangeSubscribers = false
  /// Polls or watches the store for changes from outside, while watching. Guarded by `lock`.
  var storeWatcher: StoreWatcher?
  /// The sync session, while syncing. Guarded by `lock`.
  var syncSession: SyncSession?
  /// For each key loaded from one of its previous keys, the previous keys to remove on the
  /// next write. Guarded by `lock`.
  var keyMoves: [String: [String]] = [:]
  /// What the store says about its version. Guarded by `lock`.
  var storeVersion = StoreVersion.unrecorded

  /// Where this instance loads from and saves to.
  public let store: any PreferenceStore

  /// Creates preferences backed by `store`, with every declared key loaded from it.
  ///
  /// Runs ``setDefaults()`` first, so a key the store lacks holds its default. A stored value
  /// that does not fit its property leaves the default in place and is listed in
  /// ``loadErrors``; it never stops the app.
  ///
  /// - Parameter store: Where preferences are loaded from and saved to.
  public required init(store: any PreferenceStore) {
    self.store = store
    cells = Self.discoverCells(of: self)
    setDefaults()
    lock.withLock {
      for cell in cells { cell.adoptValueAsDefault() }
    }
    if let migrationError = migrateStoreIfNeeded() {
      lock.withLock { storedLoadErrors = [migrationError] }
    } else {
      reload(origin: nil, keepingDirtyValues: false)
    }
  }

  deinit {
    // No other reference exists during deinit, so the lock is not needed.
    storeWatcher?.stop()
    syncSession?.stop()
    for subscriber in subscribers.values { subscriber.finish() }
  }

  /// Creates preferences backed by the platform's default store.
  ///
  /// That is `UserDefaults.standard` on Apple platforms. On Linux, where Foundation's
  /// `UserDefaults` loses updates between processes and can tear its file in a crash, it is a
  /// ``FileStore`` at ``FileStore/defaultURL(for:)`` for ``FileStore/defaultIdentifier``:
  /// `$XDG_CONFIG_HOME/<identifier>/preferences.plist`, or `~/.config/...`.
  public convenience init() {
    #if canImport(Darwin)
      self.init(store: UserDefaultsStore(defaults: .standard))
    #else
      self.init(store: FileStore(url: FileStore.defaultURL(for: FileStore.defaultIdentifier)))
    #endif
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
  ///   defaults and lists the error in ``loadErrors``.
  open func migrate(from oldVersion: Int, values: inout [String: PropertyListValue]) throws {}

  /// Sets defaults that cannot be written in the declarations. Override it; the base
  /// implementation does nothing.
  ///
  /// It runs once, while the instance initializes and before anything loads. Whatever it
  /// assigns becomes that property's default: it is not dirty and is never written unless the
  /// app assigns it again later.
  open func setDefaults() {}

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

  /// The keys of every `@Preference` property, in declaration order, superclass keys first.
  public var keys: [String] { cells.map(\.key) }

  /// Whether any preference was assigned since it was last loaded or written.
  public var isDirty: Bool {
    lock.withLock { cells.contains { $0.isDirty } }
  }

  /// The problems found by the last load: stored values that did not fit their properties, or
  /// a store that could not be read. Each property involved holds its default.
  public var loadErrors: [PreferenceError] {
    lock.withLock { storedLoadErrors }
  }

  /// Saves every dirty preference to the store, as one batch, and then flushes the store.
  ///
  /// A preference the app assigned is written even if it equals its default; one that holds
  /// its default after ``resetToDefaults()``, or an optional set to `nil`, is removed from the
  /// store. When nothing is dirty, the store is not touched.
  ///
  /// - Throws: A ``PreferenceError`` when a value has no property-list form or the store cannot
  ///   save. Nothing of the batch is applied by this instance then, and every key stays dirty,
  ///   so a later write can still save it.
  public func writePreferences() throws(PreferenceError) {
    try writeLock.withLock { () throws(PreferenceError) in
      let (pending, moves, session, version) = lock.withLock {
        let moved = cells.filter { !$0.isDirty && keyMoves[$0.key] != nil }
        return (
          (cells.filter(\.isDirty) + moved).map { $0.pendingWrite() }, keyMoves, syncSession,
          storeVersion
        )
      }
      guard !pending.isEmpty else {
        session?.push([:])
        return
      }
      var changes: [String: PropertyListValue?] = [:]
      var forms: [PropertyListValue?] = []
      var synced: [String: SyncEntry] = [:]
      for write in pending {
        let key = write.cell.key
        let value = try write.encode()
        changes[key] = .some(value)
        forms.append(value)
        if let session, write.cell.declaration.isSynced { synced[key] = session.stamp(value) }
      }
      for oldKey in moves.values.joined() where changes[oldKey] == nil {
        changes[oldKey] = .some(nil)
      }
      for (key, entry) in synced {
        changes[ReservedKey.syncRecord(key)] = entry.propertyListValue
      }
      // Version 1 needs no record: a store without one counts as version 1.
      let recordsVersion = version == .unrecorded && Self.version > 1
      if recordsVersion {
        changes[ReservedKey.version] = .integer(Int64(Self.version))
      }
      do {
        try store.apply(changes)
      } catch {
        throw PreferenceError(error, kind: .writeFailed)
      }
      lock.withLock {
        for (write, form) in zip(pending, forms) {
          write.cell.markWritten(generation: write.generation, storedForm: form)
        }
        keyMoves = keyMoves.filter { moves[$0.key] == nil }
        if recordsVersion { storeVersion = .recorded(Self.version) }
      }
      session?.push(synced)
    }
  }

  /// Reloads every preference from the store, discarding unsaved changes.
  ///
  /// Keys the store holds override their defaults; absent keys hold their defaults; nothing is
  /// dirty afterwards. ``loadErrors`` lists what did not load. Observers hear of each key whose
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
    apply(cells.map { $0.prepareReset(lock: lock) }, origin: .reset)
  }

  /// Loads every key from the store, and tells observers what changed unless `origin` is `nil`.
  ///
  /// - Parameter keepingDirtyValues: Leave values assigned but not yet written in place, as
  ///   changes arriving from outside do.
  func reload(origin: PreferenceChange.Origin?, keepingDirtyValues: Bool) {
    var errors: [PreferenceError] = []
    let stored: [String: PropertyListValue]
    let previousKeys = cells.flatMap(\.declaration.previousKeys)
    do {
      stored = try store.values(forKeys: cells.map(\.key) + previousKeys)
    } catch {
      stored = [:]
      errors.append(PreferenceError(error, kind: .readFailed))
    }
    var moves: [String: [String]] = [:]
    let changes = cells.map { cell in
      let oldKeys = cell.declaration.previousKeys.filter { stored[$0] != nil }
      if !oldKeys.isEmpty { moves[cell.key] = oldKeys }
      return cell.prepareLoad(
        stored[cell.key] ?? oldKeys.first.flatMap { stored[$0] }, lock: lock,
        keepingDirtyValue: keepingDirtyValues, comparing: origin != nil)
    }
    errors += changes.compactMap(\.error)
    lock.withLock { keyMoves = moves }
    apply(changes, origin: origin, loadErrors: errors)
  }

  /// Installs prepared changes under the lock, surrounded by the Observation framework's
  /// will-set and did-set calls, then tells every other kind of observer.
  func apply(
    _ changes: [PendingChange], origin: PreferenceChange.Origin?,
    loadErrors: [PreferenceError]? = nil
  ) {
    let changed = origin == nil ? [] : changes.filter(\.changesValue).map(\.cell)
    let properties = Self.isObservable ? lock.withLock { changed.compactMap(\.property) } : []
    for property in properties { property.willSet(self) }
    lock.withLock {
      for change in changes { change.install() }
      if let loadErrors { storedLoadErrors = loadErrors }
    }
    for property in properties { property.didSet(self) }
    if let origin, !changed.isEmpty {
      announce(changed.map { PreferenceChange(key: $0.key, origin: origin) })
    }
  }
}

extension PreferenceError {
  /// `error` itself when it is a `PreferenceError`, otherwise an error of `kind` carrying its
  /// description.
  init(_ error: any Error, kind: Kind) {
    if let error = error as? PreferenceError {
      self = error
    } else {
      self.init(kind, reason: String(describing: error))
    }
  }
}
