/// What a damaged store still holds: the entries that can be read on their own, and the keys
/// of those that cannot. A store's ``PreferenceStore/salvage(after:)`` returns it.
///
/// ```swift
/// func salvage(after error: PreferenceError) -> SalvagedValues? {
///   guard error.kind == .corruptFile else { return nil }
///   return SalvagedValues(values: readableRows(), lostKeys: unreadableRowKeys())
/// }
/// ```
public struct SalvagedValues: Sendable, Equatable {
  /// Every entry that can be read, with its value.
  public var values: [String: PropertyListValue]
  /// The keys of the entries whose key can be read but whose value cannot.
  public var lostKeys: [String]

  /// Creates what a salvage recovered.
  ///
  /// - Parameters:
  ///   - values: Every entry that can be read.
  ///   - lostKeys: The keys of the entries whose value cannot.
  public init(values: [String: PropertyListValue] = [:], lostKeys: [String] = []) {
    self.values = values
    self.lostKeys = lostKeys
  }
}

extension PreferenceError {
  /// Whether the error says a store's contents are damaged (they do not parse, are too large
  /// or nested too deep), as opposed to unreadable: a store may salvage part of them.
  package var isDamage: Bool {
    kind == .corruptFile || kind == .fileTooLarge || kind == .nestingTooDeep
  }
}
