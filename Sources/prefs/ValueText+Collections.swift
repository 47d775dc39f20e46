import PreferencesKit

extension ValueText {
  /// The flags that take a list of values, as `defaults` spells them, without their `-`.
  static let collectionFlags = ["array", "array-add", "dict", "dict-add"]

  /// What `write STORE KEY FLAG WORDS...` does: a type flag takes one value; `-array` and
  /// `-array-add` take any number of elements, `-dict` and `-dict-add` pairs of a key and a
  /// value. As with `defaults`, an element or a dictionary value is a string unless a type
  /// flag comes before it: `-array a -int 2` is `["a", 2]`.
  ///
  /// - Parameters:
  ///   - flag: The word after `KEY`, such as `-int` or `-array`.
  ///   - words: The words after it.
  /// - Throws: A usage ``ToolFailure`` naming what is wrong.
  static func edit(flag: String, words: ArraySlice<String>) throws(ToolFailure) -> Command.Edit {
    var words = words
    switch flag {
    case "-array", "-array-add":
      var elements: [PropertyListValue] = []
      while !words.isEmpty { elements.append(try nextValue(from: &words, in: flag)) }
      return flag == "-array" ? .set(.array(elements)) : .appendToArray(elements)
    case "-dict", "-dict-add":
      var entries: [String: PropertyListValue] = [:]
      while let key = words.popFirst() {
        guard !words.isEmpty else {
          throw .usage(
            "\(flag) takes pairs of a key and a value; \"\(key)\" has no value", command: .write)
        }
        entries[key] = try nextValue(from: &words, in: flag)
      }
      return flag == "-dict" ? .set(.dictionary(entries)) : .addToDictionary(entries)
    default:
      guard words.count == 1, let text = words.first else {
        throw .usage("write takes a KEY, a type flag and one value", command: .write)
      }
      return .set(try parse(text, flag: flag))
    }
  }

  /// Takes one element of an `-array` or one value of a `-dict`: a type flag and its text, or
  /// a string.
  private static func nextValue(
    from words: inout ArraySlice<String>, in flag: String
  ) throws(ToolFailure) -> PropertyListValue {
    let word = words.removeFirst()
    guard isTypeFlag(word) else { return .string(word) }
    guard let text = words.popFirst() else {
      throw .usage("\(word) in \(flag) needs a value after it", command: .write)
    }
    return try parse(text, flag: word)
  }

  /// Whether `word` is a type flag, `defaults`' spellings included.
  private static func isTypeFlag(_ word: String) -> Bool {
    word.hasPrefix("-") && (typeFlags + ["integer", "boolean"]).contains(String(word.dropFirst()))
  }
}
