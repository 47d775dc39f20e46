// TEMPORARY: replaced by the coder branch.
struct PropertyListValueEncoder {
  func encode<T: Encodable>(_ value: T) throws(PreferenceError) -> PropertyListValue? { nil }
}
struct PropertyListValueDecoder {
  func decode<T: Decodable>(_ type: T.Type, from value: PropertyListValue) throws(PreferenceError) -> T {
    throw PreferenceError(.typeMismatch)
  }
}
