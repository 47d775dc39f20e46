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
}

/// A store whose ``PreferenceStore/allValues()`` hands out a dictionary it already holds, at the
/// cost of one reference: ``Preferences`` loads from it rather than from
/// ``PreferenceStore/values(forKeys:)``, which would build a new dictionary key by key.
package protocol HeldValuesStore: PreferenceStore {}

/// What ``FileStore`` offers beyond ``PreferenceStore``, which ``Preferences`` uses where a
/// store has it: recovering what a damaged file still holds, and changing values under a lock
/// that other processes respect.
///
/// Package-level while its shape settles; custom stores get the plain ``PreferenceStore``
/// behaviour (a damaged store loads nothing, a migration reads and writes in two steps).
package protocol FileBackedStore: PreferenceStore {
  /// The path of the file the store keeps its values in, standardized: two stores over one
  /// file have the same.
  var filePath: String { get }

  /// Every entry that parses on its own in a store whose read failed on damage, and the keys
  /// of the entries that do not.
  func recoverValues() -> PropertyListSalvage

  /// Reads every value, lets `transform` change them, and saves the result, with no other
  /// writer, in this process or another, in between.
  ///
  /// - Parameter keepingPrevious: Why the store as it is must stay recoverable (it holds a
  ///   value the app could not load), or `nil`.
  /// - Returns: Notices of what happened to the store besides the change, such as a damaged
  ///   file or a backup kept beside it (``PreferenceError/Kind/fileMovedAside``).
  /// - Throws: The store's error, or what `transform` throws; the store is unchanged then.
  @discardableResult
  func update(
    keepingPrevious: String?, _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError]
}

extension PreferenceStore {
  /// Reads values, lets `transform` change them, and saves what changed: for a
  /// ``FileBackedStore`` under its lock, so that no other writer, in this process or another,
  /// comes in between; for any other store as a read followed by one ``apply(_:)``.
  ///
  /// - Parameters:
  ///   - keys: The keys `transform` looks at and changes, for a store that can read a few keys
  ///     more cheaply than all of them; `nil` for every key.
  ///   - transform: Changes the values in place.
  ///   - keepingPrevious: Why the store as it is must stay recoverable, for a store that can
  ///     keep a backup (a ``FileBackedStore``); other stores keep none.
  /// - Returns: Notices of what the store did besides, such as keeping a damaged file.
  @discardableResult
  package func modify(
    keys: [String]? = nil, keepingPrevious: String? = nil,
    _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    if let store = self as? any FileBackedStore {
      return try store.update(keepingPrevious: keepingPrevious, transform)
    }
    var values = try keys.map { try self.values(forKeys: $0) } ?? allValues()
    let before = values
    try transform(&values)
    let changes = [String: StoredChange](from: before, to: values)
    if !changes.isEmpty { try apply(changes) }
    return []
  }
}
