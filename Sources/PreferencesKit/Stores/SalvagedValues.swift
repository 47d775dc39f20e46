/// What a damaged store still holds: the entries that can be read on their own, and the keys
/// of those that cannot. A store's ``PreferenceStore/salvage(after:)`` returns it.
///
/// A store that remembers what it last read before the damage (``FileStore`` does) may give
/// an entry that cannot be recovered the value read then: its key is in ``values`` and in
/// ``keptKeys``, and not in ``lostKeys``.
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
  /// The keys of the entries that could not be recovered and hold, in ``values``, the value the
  /// store last read before the damage, in key order.
  public var keptKeys: [String]

  /// Creates what a salvage recovered.
  ///
  /// - Parameters:
  ///   - values: Every entry that can be read.
  ///   - lostKeys: The keys of the entries whose value cannot.
  ///   - keptKeys: The keys of the entries that could not be recovered and hold, in `values`,
  ///     the value last read before the damage.
  public init(
    values: [String: PropertyListValue] = [:], lostKeys: [String] = [], keptKeys: [String] = []
  ) {
    self.values = values
    self.lostKeys = lostKeys
    self.keptKeys = keptKeys
  }
}

extension PreferenceError {
  /// Whether the error says a store's contents are damaged (they do not parse, are too large
  /// or nested too deep), as opposed to unreadable: a store may salvage part of them.
  package var isDamage: Bool {
    kind == .corruptFile || kind == .fileTooLarge || kind == .nestingTooDeep
  }
}
