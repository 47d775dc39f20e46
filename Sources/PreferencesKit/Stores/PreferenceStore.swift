public import Foundation

/// Where preferences live: a key-value store of property-list values.
///
/// A ``Preferences`` instance asks its store for all of its keys at once when it loads, and
/// hands it every changed key as one batch when it writes. Conform to this protocol to keep
/// preferences somewhere the library does not cover, such as the Keychain or a database:
///
/// ```swift
/// final class KeychainStore: PreferenceStore {
///   func allValues() throws -> [String: PropertyListValue] { ... }
///   func apply(_ changes: [String: StoredChange]) throws { ... }
/// }
/// ```
///
/// Only ``allValues()`` and ``apply(_:)`` are required. Every other requirement has a default
/// that works for any store; implement one to give ``Preferences`` more: an atomic
/// ``update(readingKeys:keepingPrevious:_:)`` for migrations and sync records, ``salvage(after:)``
/// of a damaged store, ``observeChanges(toKeys:_:)`` or ``observeChanges(_:)`` to pick up
/// changes at once, a ``location`` that errors name. The package's own stores are ordinary
/// conformers: ``Preferences`` reaches every store through these requirements alone. The
/// WritingAStore article says, requirement by requirement, what a store gets by default.
///
/// A store must be safe to call from several threads at once. It should throw
/// ``PreferenceError`` values, which name the file or the key involved; the library passes any
/// other error on as a ``PreferenceError`` of kind ``PreferenceError/Kind/readFailed`` or
/// ``PreferenceError/Kind/writeFailed``. Every store should pass the same behaviour tests as the
/// stores in this package: a value written is read back unchanged, a removed key is absent, and
/// keys not named in a change set are left alone.
public protocol PreferenceStore: AnyObject, Sendable {
  /// Reads the stored values of the given keys. Keys without a stored value are left out.
  ///
  /// The default implementation filters ``allValues()``.
  ///
  /// - Parameter keys: The keys to read.
  /// - Returns: The stored value of each key that has one.
  /// - Throws: A ``PreferenceError`` when the store cannot be read.
  func values(forKeys keys: [String]) throws -> [String: PropertyListValue]

  /// Reads every stored value, including keys that no ``Preferences`` subclass declares.
  ///
  /// - Returns: Every key in the store with its value.
  /// - Throws: A ``PreferenceError`` when the store cannot be read.
  func allValues() throws -> [String: PropertyListValue]

  /// Applies a change set as one batch and persists it: `.set` sets a key, `.remove` removes it.
  ///
  /// Keys not named in `changes` must be left as they are. When this throws, the store should
  /// be left as it was before the call.
  ///
  /// - Parameter changes: The keys to change, each set to a value or removed.
  /// - Throws: A ``PreferenceError`` when the change cannot be saved.
  func apply(_ changes: [String: StoredChange]) throws

  /// Starts calling `onChange`, on any thread, whenever the store may have been changed from
  /// outside this process, until the returned function is called.
  ///
  /// ``Preferences/startWatchingStore()`` uses this to pick up changes as they happen. The
  /// default implementation returns `nil`: the store cannot tell, and is checked periodically
  /// instead.
  ///
  /// - Parameter onChange: Called after each change; it may be called for changes that turn out
  ///   to change nothing.
  /// - Returns: A function that stops the calls, or `nil` when the store cannot observe changes.
  func observeChanges(_ onChange: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)?

  /// The value as the store will hold it, for a store whose format cannot hold every value
  /// exactly, such as an XML property list, which holds dates to the second.
  ///
  /// ``Preferences/writePreferences()`` saves this form and keeps it in memory, so that what
  /// the app reads after a write is what a reload gives. The default implementation returns
  /// `value` unchanged.
  ///
  /// - Parameter value: A value about to be written.
  /// - Returns: The value a later read of the store will give back.
  func storedForm(of value: PropertyListValue) -> PropertyListValue

  /// Where the store keeps its values, when a URL names the place: a file for ``FileStore``.
  ///
  /// ``Preferences`` names it in errors about stored values, reads the system's layers for the
  /// folder it is in (by that folder's name, as ``FileStore/defaultURL(for:)`` names it), and
  /// runs automatic saves to every store of one location on one queue, in order. The default
  /// is `nil`: errors name no place, layers are found by the program's identifier, and each
  /// store object has a queue of its own. Implement it when the store is a file, or a place
  /// that two store objects can share.
  var location: URL? { get }

  /// Whether ``allValues()`` costs no more than ``values(forKeys:)``, because the store holds
  /// its values already (in memory, or a file's parsed contents) and hands them out whole.
  ///
  /// ``Preferences`` then loads with ``allValues()``, which saves building a dictionary key by
  /// key. The default is `false`: loads read only the declared keys. Implement it only for a
  /// store whose ``allValues()`` copies nothing.
  var prefersReadingAllValues: Bool { get }

  /// Reads the store's values, lets `transform` change them, and saves what changed, as one
  /// update: the route every write, import, migration and sync record of ``Preferences``
  /// takes to the store.
  ///
  /// The default reads (the given keys with ``values(forKeys:)``, or every key with
  /// ``allValues()``), runs `transform`, and hands what changed to ``apply(_:)``: two steps,
  /// **not atomic**. Another writer, in this process or another, can come between the read
  /// and the write, and its change to a key `transform` also changes is lost; two processes
  /// that start at once can both migrate the store. It keeps no backup and returns no notices.
  ///
  /// Implement it to make the update atomic, under a lock the store's other writers respect
  /// (``FileStore`` holds its file lock from the read to the rename, and ``InMemoryStore`` its
  /// lock), and to keep the store as it was recoverable when `reason` is given.
  ///
  /// - Parameters:
  ///   - keys: The keys `transform` reads, for a store that can read a few keys more cheaply
  ///     than all of them; `nil` for every key. A store may read more keys than these.
  ///   - reason: Why the store as it is must stay recoverable (the update replaces a value the
  ///     app could not load), or `nil`. A store that can, keeps a copy (``FileStore`` keeps a
  ///     backup file beside its file) and says where in a notice.
  ///   - transform: Changes the values in place; it may throw, and then nothing is saved.
  /// - Returns: Notices of what the store did besides the change, such as a damaged file or a
  ///   backup kept beside it (``PreferenceError/Kind/fileMovedAside``); ``Preferences`` lists
  ///   them among its problems.
  /// - Throws: The store's error, or what `transform` throws. The store is then unchanged.
  @discardableResult
  func update(
    readingKeys keys: [String]?, keepingPrevious reason: String?,
    _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError]

  /// What a damaged store still holds, after a read failed with `error`; `nil` when `error`
  /// is not damage the store can recover from.
  ///
  /// When a load fails, ``Preferences`` asks the store for what it can recover and loads that
  /// instead of nothing, reporting `error` and each lost key. The next
  /// ``update(readingKeys:keepingPrevious:_:)`` should then keep the damaged store aside and
  /// write back what was recovered with the change (``FileStore`` keeps the damaged file as
  /// `<name>.corrupt-<timestamp>`). The default returns `nil`: a damaged store loads nothing,
  /// and every preference holds its default. Implement it when the store's format lets parts
  /// be read on their own.
  ///
  /// - Parameter error: What the read threw, as a ``PreferenceError``.
  /// - Returns: The entries that can be read, and the keys of those that cannot; or `nil`.
  func salvage(after error: PreferenceError) -> SalvagedValues?

  /// Starts calling `onChange`, on any thread, whenever the value of one of `keys` may have
  /// been changed, by any process, until the returned function is called.
  ///
  /// ``Preferences/startWatchingStore()`` asks for this first: a store that follows the keys
  /// completely is then not checked periodically at all. The default returns `nil`:
  /// ``observeChanges(_:)`` is asked instead, with a check every second besides for what its
  /// reports miss. Implement it only when the store reports every change to these keys
  /// (``UserDefaultsStore`` does, by key-value observing, on Apple platforms).
  ///
  /// - Parameters:
  ///   - keys: The keys to follow: the declared keys of one ``Preferences`` instance.
  ///   - onChange: Called after each change; it may be called for changes that turn out to
  ///     change nothing, and once for several changes.
  /// - Returns: A function that stops the calls, or `nil` when the store cannot follow them.
  func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> (@Sendable () -> Void)?
}

extension PreferenceStore {
  /// Returns `value`: the store holds every value exactly.
  public func storedForm(of value: PropertyListValue) -> PropertyListValue { value }

  /// Returns `nil`: the store is checked periodically instead.
  public func observeChanges(
    _ onChange: @escaping @Sendable () -> Void
  ) -> (@Sendable () -> Void)? {
    nil
  }

  /// Reads the stored values of the given keys by filtering ``allValues()``.
  public func values(forKeys keys: [String]) throws -> [String: PropertyListValue] {
    let all = try allValues()
    var result: [String: PropertyListValue] = [:]
    for key in keys {
      if let value = all[key] { result[key] = value }
    }
    return result
  }

  /// Reads the stored value of one key, or `nil` when the key has none.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The stored value, or `nil`.
  /// - Throws: A ``PreferenceError`` when the store cannot be read.
  public func value(forKey key: String) throws -> PropertyListValue? {
    try values(forKeys: [key])[key]
  }

  /// Returns `nil`: every store object has its own save queue, and errors name no file.
  public var location: URL? { nil }

  /// Returns `false`: loads read only the declared keys, with ``values(forKeys:)``.
  public var prefersReadingAllValues: Bool { false }

  /// Reads, runs `transform`, and applies what changed with ``apply(_:)``: two steps, not
  /// atomic, with no backup and no notices.
  @discardableResult
  public func update(
    readingKeys keys: [String]?, keepingPrevious reason: String?,
    _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    var values = try keys.map { try self.values(forKeys: $0) } ?? allValues()
    let before = values
    try transform(&values)
    let changes = [String: StoredChange](from: before, to: values)
    if !changes.isEmpty { try apply(changes) }
    return []
  }

  /// Returns `nil`: a damaged store loads nothing.
  public func salvage(after error: PreferenceError) -> SalvagedValues? { nil }

  /// Returns `nil`: ``observeChanges(_:)`` is asked instead.
  public func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> (@Sendable () -> Void)? {
    nil
  }
}
