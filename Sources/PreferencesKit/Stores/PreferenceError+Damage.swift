extension PreferenceError {
  /// Whether the error says a store's contents are damaged (they do not parse, are too large
  /// or nested too deep), as opposed to unreadable: a store may salvage part of them.
  package var isDamage: Bool {
    kind == .corruptFile || kind == .fileTooLarge || kind == .nestingTooDeep
  }
}
