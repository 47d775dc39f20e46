// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import PreferencesKit

extension ValueText {
  /// The flags that take a list of values, as `defaults` spells them, without their `-`.
  static let collectionFlags = ["array", "array-add", "dict", "dict-add"]

  /// What `write STORE KEY WORDS...` does: one word that is not a known flag is a string, as
  /// `defaults write` stores it (so `-5` and `--help` are values); a type flag takes one
  /// value; `-array` and `-array-add` take any number of elements, `-dict` and `-dict-add`
  /// pairs of a key and a value. As with `defaults`, an element or a dictionary value is a
  /// string unless a type flag comes before it: `-array a -int 2` is `["a", 2]`.
  ///
  /// - Parameter words: The words after `KEY`, such as `-int 3`, `-array a b` or `dark`.
  /// - Throws: A usage ``ToolFailure`` naming what is wrong.
  static func edit(words: ArraySlice<String>) throws(ToolFailure) -> Command.Edit {
    var words = words
    let flag = words.removeFirst()
    let isCollectionFlag = flag.hasPrefix("-") && collectionFlags.contains(String(flag.dropFirst()))
    if !isTypeFlag(flag), !isCollectionFlag {
      guard words.isEmpty else {
        throw flag.hasPrefix("-")
          ? .usage(unknownFlagMessage(flag), command: .write)
          : .usage(
            "write takes one VALUE after KEY, found \(words.count + 1) words; quote a value "
              + "with spaces, or put a type flag before it", command: .write)
      }
      return .set(.string(flag))
    }
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
  static func isTypeFlag(_ word: String) -> Bool {
    word.hasPrefix("-") && (typeFlags + ["integer", "boolean"]).contains(String(word.dropFirst()))
  }
}
