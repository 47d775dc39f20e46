/// A store that keeps values in memory, for tests, previews and values that should not last.
///
/// ```swift
/// let store = InMemoryStore(["fontSize": .double(14)])
/// let prefs = AppPreferences(store: store)   // prefs.fontSize == 14
/// ```
public final class InMemoryStore: PreferenceStore {
  private let values: Mutex<[String: PropertyListValue]>

  /// Creates a store holding `values`.
  ///
  /// - Parameter values: The initial contents; empty by default.
  public init(_ values: [String: PropertyListValue] = [:]) {
    self.values = Mutex(values)
  }

  /// Every stored value.
  public func allValues() -> [String: PropertyListValue] {
    values.withLock { $0 }
  }

  /// The stored values of `keys`, without copying the rest.
  public func values(forKeys keys: [String]) -> [String: PropertyListValue] {
    values.withLock { values in
      var result: [String: PropertyListValue] = [:]
      for key in keys {
        if let value = values[key] { result[key] = value }
      }
      return result
    }
  }

  /// Applies the change set at once: `.set` sets a key, `.remove` removes it.
  public func apply(_ changes: [String: StoredChange]) {
    values.withLock { $0.applyChanges(changes) }
  }

  /// `true`: the store hands out the dictionary it holds.
  public var prefersReadingAllValues: Bool { true }

  /// Runs `transform` on the stored values under the store's lock, so no other writer comes
  /// in between: atomic. Keeps no copy, since nothing outlasts the process.
  ///
  /// - Parameters:
  ///   - keys: Ignored: the values are at hand.
  ///   - reason: Ignored: the store keeps no backup.
  ///   - transform: Changes the values in place; when it throws, nothing changes.
  /// - Returns: No notices.
  /// - Throws: What `transform` throws.
  @discardableResult
  public func update(
    readingKeys keys: [String]?, keepingPrevious reason: String?,
    _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    try values.withLock { values in
      var changed = values
      try transform(&changed)
      values = changed
    }
    return []
  }
}
