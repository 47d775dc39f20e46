import PreferencesKit

extension PublishedSchema {
  /// A value the schema does not allow.
  struct Violation: Equatable {
    /// The top-level key.
    var key: String
    /// What is wrong, such as `4000 is above the maximum, 72`.
    var message: String
  }

  /// Every value among `values` that breaks its declared key's type or constraints, in key
  /// order; keys the schema does not declare are not checked (an app keeps them as they are).
  func violations(of values: [String: PropertyListValue]) -> [Violation] {
    properties.compactMap { property in
      guard let value = values[property.key],
        let message = Self.problem(with: value, against: property)
      else { return nil }
      return Violation(key: property.key, message: message)
    }
  }

  /// What is wrong with `value` for `property`, or `nil` when it is allowed.
  private static func problem(with value: PropertyListValue, against property: Property)
    -> String?
  {
    let shown = text(of: value)
    if let type = property.fields["type"] {
      let names: [String] =
        switch type {
        case .string(let name): [name]
        case .array(let names): names.compactMap { if case .string(let n) = $0 { n } else { nil } }
        default: []
        }
      if !names.isEmpty, !names.contains(where: { matches(value, type: $0) }) {
        return "expected \(names.joined(separator: " or ")), found \(shown)"
      }
    }
    if case .array(let cases)? = property.fields["enum"],
      !cases.contains(where: { same($0, value) })
    {
      return "\(shown) is not one of " + cases.map(text(of:)).joined(separator: ", ")
    }
    if let number = number(value) {
      if let low = property.number("minimum"), number < low {
        return "\(shown) is below the minimum, \(numberText(low))"
      }
      if let high = property.number("maximum"), number > high {
        return "\(shown) is above the maximum, \(numberText(high))"
      }
      if let low = property.number("exclusiveMinimum"), number <= low {
        return "\(shown) is not above \(numberText(low))"
      }
      if let high = property.number("exclusiveMaximum"), number >= high {
        return "\(shown) is not below \(numberText(high))"
      }
    }
    let counted: (String, Int, String)? =
      switch value {
      case .string(let text): ("maxLength", text.count, "characters")
      case .array(let elements): ("maxItems", elements.count, "elements")
      case .dictionary(let entries): ("maxProperties", entries.count, "entries")
      default: nil
      }
    if let (keyword, count, noun) = counted, let limit = property.number(keyword),
      Double(count) > limit
    {
      return "\(count) \(noun), more than the most allowed, \(numberText(limit))"
    }
    return nil
  }

  /// Whether `value` is of the JSON Schema type `name`. A date and data are strings, or objects
  /// (`{"$date": ...}`, `{"$data": ...}`, as a `.json` store holds them); an integral double is
  /// an integer, as JSON Schema counts it.
  private static func matches(_ value: PropertyListValue, type name: String) -> Bool {
    switch (name, value) {
    case ("string", .string), ("string", .date), ("string", .data): true
    case ("integer", .integer), ("integer", .unsignedInteger): true
    case ("integer", .double(let number)): number.rounded() == number
    case ("number", .integer), ("number", .unsignedInteger), ("number", .double): true
    case ("boolean", .bool), ("array", .array), ("object", .dictionary): true
    case ("object", .date), ("object", .data): true
    default: false
    }
  }

  /// Whether an `enum` case is `value`: numbers compare by value, so `12` is `12.0`.
  private static func same(_ allowed: PropertyListValue, _ value: PropertyListValue) -> Bool {
    if let a = number(allowed), let b = number(value) { return a == b }
    return allowed == value
  }
}
