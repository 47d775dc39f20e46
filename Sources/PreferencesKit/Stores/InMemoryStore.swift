/// A store that keeps values in memory, for tests, previews and values that should not last.
///
/// ```swift
/// let store = InMemoryStore(["fontSize": .double(14)])
/// let prefs = AppPreferences(store: store)   // prefs.fontSize == 14
/// ```
public final class InMemoryStore: PreferenceStore, HeldValuesStore {
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
    values.withLock { $0.apply(changes) }
  }
}
