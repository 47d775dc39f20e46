/// One change to one preference, as ``Preferences/changes()`` delivers it.
///
/// ```swift
/// for await change in prefs.changes() {
///   print(change.key, change.origin)   // "fontSize", .local
/// }
/// ```
public struct PreferenceChange: Sendable, Hashable {
  /// Where a change came from.
  public enum Origin: String, Sendable, Hashable {
    /// An assignment in this process.
    case local
    /// The store: ``Preferences/readPreferences()``, another process seen while watching the
    /// store, or a synced value.
    case external
    /// ``Preferences/resetToDefaults()``.
    case reset
  }

  /// The preference's key.
  public let key: String
  /// Where the change came from.
  public let origin: Origin

  /// Creates a change record.
  ///
  /// - Parameters:
  ///   - key: The preference's key.
  ///   - origin: Where the change came from.
  public init(key: String, origin: Origin) {
    self.key = key
    self.origin = origin
  }
}
