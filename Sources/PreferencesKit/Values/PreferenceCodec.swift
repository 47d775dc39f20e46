/// Converts one preference's values to and from their stored form.
///
/// `@Preference` picks a codec when it is declared, by the type's capabilities: a direct
/// property-list form, a raw value, or `Codable`.
@usableFromInline
struct PreferenceCodec<Value: Sendable>: Sendable {
  /// The stored form of a value, or `nil` to remove the key.
  let encode: @Sendable (Value) throws(PreferenceError) -> PropertyListValue?
  /// A value from its stored form.
  let decode: @Sendable (PropertyListValue) throws(PreferenceError) -> Value
}

extension PreferenceCodec where Value: PropertyListRepresentable {
  /// Uses the type's own property-list form.
  static var propertyList: Self {
    Self(
      encode: { value throws(PreferenceError) in try value.propertyListValue() },
      decode: { stored throws(PreferenceError) in try Value(propertyListValue: stored) })
  }
}

extension PreferenceCodec where Value: RawRepresentable, Value.RawValue: PropertyListRepresentable {
  /// Stores the raw value; an unknown raw value fails to load.
  static var rawValue: Self {
    Self(
      encode: { value throws(PreferenceError) in try value.rawValue.propertyListValue() },
      decode: { stored throws(PreferenceError) in
        let raw = try Value.RawValue(propertyListValue: stored)
        guard let value = Value(rawValue: raw) else {
          throw .mismatch(
            expected: Value.self, found: stored, reason: "not a raw value of any case")
        }
        return value
      })
  }
}

extension PreferenceCodec where Value: Codable {
  /// Converts through the library's own `Codable` encoder and decoder, with no bytes between.
  static var codable: Self {
    Self(
      encode: { value throws(PreferenceError) in try PropertyListValueEncoder().encode(value) },
      decode: { stored throws(PreferenceError) in
        try PropertyListValueDecoder().decode(Value.self, from: stored)
      })
  }
}
