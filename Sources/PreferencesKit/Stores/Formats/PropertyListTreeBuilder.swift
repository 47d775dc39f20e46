/// Builds a ``PropertyListValue`` tree from a parser's events without recursion, and bounds its
/// nesting.
///
/// Parsers call ``beginArray()`` / ``beginDictionary()`` when a container opens, ``setKey(_:)``
/// before each dictionary value, ``add(_:)`` for each value, and ``end()`` when a container
/// closes. Failures are plain descriptions; the parser adds the position.
struct PropertyListTreeBuilder {
  /// The deepest nesting of arrays and dictionaries accepted, in files and in values written.
  static let maximumDepth = 512

  /// Why an event was refused.
  enum Failure: Error {
    /// The value nests more than ``PropertyListTreeBuilder/maximumDepth`` levels deep.
    case tooDeep
    /// The event does not fit the structure, described for a person.
    case invalid(String)
  }

  private enum Container {
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue], key: String?)
  }

  private var stack: [Container] = []
  /// The finished top-level value, once there is one.
  private(set) var root: PropertyListValue?

  /// How many containers are open.
  var depth: Int { stack.count }

  /// Whether the innermost open container is a dictionary.
  var isInDictionary: Bool {
    if case .dictionary = stack.last { return true }
    return false
  }

  /// Whether the innermost open container is a dictionary waiting for a value.
  var hasPendingKey: Bool {
    if case .dictionary(_, .some) = stack.last { return true }
    return false
  }

  mutating func beginArray() throws(Failure) {
    try checkCanAddValue()
    guard stack.count < Self.maximumDepth else { throw .tooDeep }
    stack.append(.array([]))
  }

  mutating func beginDictionary() throws(Failure) {
    try checkCanAddValue()
    guard stack.count < Self.maximumDepth else { throw .tooDeep }
    stack.append(.dictionary([:], key: nil))
  }

  mutating func setKey(_ key: String) throws(Failure) {
    guard case .dictionary(let values, let pending) = stack.last else {
      throw .invalid("a key outside a dictionary")
    }
    guard pending == nil else { throw .invalid("two keys in a row, without a value between") }
    stack[stack.count - 1] = .dictionary(values, key: key)
  }

  /// Closes the innermost container and returns it, without adding it to its parent: call
  /// ``add(_:)`` with the result (a parser may transform it first).
  mutating func end() throws(Failure) -> PropertyListValue {
    guard let container = stack.popLast() else { throw .invalid("a closing without an opening") }
    switch container {
    case .array(let values):
      return .array(values)
    case .dictionary(let values, let key):
      if let key { throw .invalid("the key \"\(key)\" has no value") }
      return .dictionary(values)
    }
  }

  mutating func add(_ value: PropertyListValue) throws(Failure) {
    guard let container = stack.popLast() else {
      guard root == nil else { throw .invalid("a second top-level value") }
      root = value
      return
    }
    switch container {
    case .array(var values):
      values.append(value)
      stack.append(.array(values))
    case .dictionary(var values, let key):
      guard let key else {
        stack.append(container)
        throw .invalid("a dictionary value without a key")
      }
      values[key] = value
      stack.append(.dictionary(values, key: nil))
    }
  }

  private func checkCanAddValue() throws(Failure) {
    if stack.isEmpty, root != nil { throw .invalid("a second top-level value") }
    if case .dictionary(_, nil) = stack.last { throw .invalid("a dictionary value without a key") }
  }
}
