// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// Where preferences live: a key-value store of property-list values.
///
/// A ``Preferences`` instance asks its store for all of its keys at once when it loads, and
/// hands it every changed key as one update when it writes. Conform to this protocol to keep
/// preferences somewhere the library does not cover, such as the Keychain or a database:
///
/// ```swift
/// final class KeychainStore: PreferenceStore {
///   func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] { ... }
///   func apply(_ changes: [String: StoredChange]) throws { ... }
/// }
/// ```
///
/// Only ``values(forKeys:)`` and ``apply(_:)`` are required; every other requirement has a
/// default that works for any store, and ``Preferences`` reaches every store, its own included,
/// through these requirements alone. The WritingAStore article says, requirement by
/// requirement, what a store gets by default and what implementing it gives.
///
/// A store must be safe to call from several threads at once, and should throw
/// ``PreferenceError`` values naming the file or the key involved (any other error is passed on
/// as ``PreferenceError/Kind/readFailed`` or ``PreferenceError/Kind/writeFailed``).
public protocol PreferenceStore: AnyObject, Sendable {
  /// Reads the stored values of `keys`, or every stored value, including keys that no
  /// ``Preferences`` subclass declares, when `keys` is `nil`. Keys without a stored value are
  /// left out.
  ///
  /// A store that holds its values whole already may return all of them whatever `keys` asks
  /// for (``FileStore`` and ``InMemoryStore`` do): a caller reads only the keys it asked for.
  ///
  /// - Parameter keys: The keys to read, or `nil` for every key.
  /// - Returns: The stored value of each key that has one, and perhaps others.
  /// - Throws: A ``PreferenceError`` when the store cannot be read.
  func values(forKeys keys: [String]?) throws -> [String: PropertyListValue]

  /// Applies a change set as one batch and persists it: `.set` sets a key, `.remove` removes it.
  ///
  /// Keys not named in `changes` must be left as they are. When this throws, the store should
  /// be left as it was before the call.
  ///
  /// - Parameter changes: The keys to change, each set to a value or removed.
  /// - Throws: A ``PreferenceError`` when the change cannot be saved.
  func apply(_ changes: [String: StoredChange]) throws

  /// Reads the store's values, lets `transform` change them, and saves what changed, as one
  /// update: the route every write, import, migration and sync record of ``Preferences``
  /// takes to the store.
  ///
  /// The default reads ``StoreUpdate/readingKeys`` with ``values(forKeys:)``, runs
  /// `transform`, and hands what changed to ``apply(_:)``: two steps, **not atomic** (another
  /// writer's change in between can be lost), with no backup and no problems. Implement it to
  /// make the update atomic under a lock every writer respects, as ``FileStore`` and
  /// ``InMemoryStore`` do, to honour ``StoreUpdate/keepingPrevious``, or to write
  /// ``StoreUpdate/declarations`` beside the values.
  ///
  /// - Parameters:
  ///   - request: The keys `transform` reads, why the store as it is must be kept, and what
  ///     the class that writes declares.
  ///   - transform: Changes the values in place; it may throw, and then nothing is saved.
  /// - Returns: Problems besides the change, such as a damaged file or a backup kept beside it
  ///   (``PreferenceError/Kind/fileMovedAside``); ``Preferences`` lists them among its
  ///   problems.
  /// - Throws: The store's error, or what `transform` throws. The store is then unchanged.
  @discardableResult
  func update(
    _ request: StoreUpdate, _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError]

  /// What a damaged store still holds, after a read failed with `error`; `nil` when `error`
  /// is not damage the store can salvage anything from.
  ///
  /// ``Preferences`` loads what this returns instead of nothing, reporting `error` and each lost
  /// key; the next ``update(_:_:)`` should keep the damaged store aside and write back what was
  /// salvaged. The default returns `nil`: a damaged store loads nothing.
  ///
  /// - Parameter error: What the read threw, as a ``PreferenceError``.
  /// - Returns: The entries that can be read, and the keys of those that cannot; or `nil`.
  func salvage(after error: PreferenceError) -> SalvagedValues?

  /// Starts calling `onChange`, on any thread, whenever the value of one of `keys` may have
  /// been changed from outside this process, until the observation is stopped.
  ///
  /// ``Preferences/startWatchingStore()`` uses this to pick up changes as they happen; unless
  /// the observation ``StoreObservation/reportsEveryChange``, the store is checked every second
  /// besides. The default returns `nil`: the store is checked four times a second instead.
  ///
  /// - Parameters:
  ///   - keys: The keys to follow: the declared keys of one ``Preferences`` instance. A store
  ///     that cannot follow single keys reports a change to any of its values.
  ///   - onChange: Called after each change; it may be called for changes that turn out to
  ///     change nothing, and once for several changes.
  /// - Returns: How to stop the calls and whether they report every change, or `nil` when the
  ///   store cannot observe changes.
  func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> StoreObservation?

  /// The value as the store will hold it, for a store whose format cannot hold every value
  /// exactly, such as an XML property list, which holds dates to the second.
  ///
  /// ``Preferences/writePreferences()`` saves this form and keeps it in memory, so that what
  /// the app reads after a write is what a reload gives. The default returns `value`.
  ///
  /// - Parameter value: A value about to be written.
  /// - Returns: The value a later read of the store will give back.
  func storedForm(of value: PropertyListValue) -> PropertyListValue

  /// Where the store keeps its values, when a URL names the place: a file for ``FileStore``.
  ///
  /// ``Preferences`` names it in errors, finds the system's layers by its folder's name, and
  /// runs automatic saves to every store of one location on one queue, in order. The default
  /// is `nil`: errors name no place, and each store object has a save queue of its own.
  var location: URL? { get }

  /// The `UserDefaults` whose other domains merge into what the store reads, for a store kept
  /// in one of its domains; `nil`, the default, for any other store.
  ///
  /// ``Preferences`` reads those domains as layers, whatever its class's
  /// ``Preferences/layers``: forced keys and the managed app configuration as
  /// ``PreferenceSource/managed``, the argument domain as ``PreferenceSource/arguments``, and
  /// registered defaults and the global domain as ``PreferenceSource/system``.
  var userDefaultsDomains: UserDefaultsDomains? { get }
}

extension PreferenceStore {
  /// Reads every stored value: ``values(forKeys:)`` with `nil`.
  ///
  /// - Returns: Every key in the store with its value.
  /// - Throws: A ``PreferenceError`` when the store cannot be read.
  public func allValues() throws -> [String: PropertyListValue] {
    try values(forKeys: nil)
  }

  /// Reads the stored value of one key, or `nil` when the key has none.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The stored value, or `nil`.
  /// - Throws: A ``PreferenceError`` when the store cannot be read.
  public func value(forKey key: String) throws -> PropertyListValue? {
    try values(forKeys: [key])[key]
  }

  /// Reads, runs `transform`, and applies what changed with ``apply(_:)``: two steps, not
  /// atomic, with no backup and no problems.
  @discardableResult
  public func update(
    _ request: StoreUpdate, _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    var values = try values(forKeys: request.readingKeys)
    let before = values
    try transform(&values)
    let changes = [String: StoredChange](from: before, to: values)
    if !changes.isEmpty { try apply(changes) }
    return []
  }

  /// Returns `nil`: a damaged store loads nothing.
  public func salvage(after error: PreferenceError) -> SalvagedValues? { nil }

  /// Returns `nil`: the store is checked periodically instead.
  public func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> StoreObservation? {
    nil
  }

  /// Returns `value`: the store holds every value exactly.
  public func storedForm(of value: PropertyListValue) -> PropertyListValue { value }

  /// Returns `nil`: every store object has its own save queue, and errors name no file.
  public var location: URL? { nil }

  /// Returns `nil`: the store's values are only its own.
  public var userDefaultsDomains: UserDefaultsDomains? { nil }
}
