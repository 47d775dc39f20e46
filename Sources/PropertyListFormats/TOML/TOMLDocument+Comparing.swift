extension TOMLDocument {
  /// Whether `a` and `b` are the same value as a TOML file holds it: NaN is NaN, and data is the
  /// same as the string of its base64 text, which is how TOML holds it.
  ///
  /// ```swift
  /// TOMLDocument.holdsSame(.data(Data([1])), .string("AQ=="))  // true
  /// ```
  package static func holdsSame(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
    TOMLEditor.same(a, b)
  }
}
