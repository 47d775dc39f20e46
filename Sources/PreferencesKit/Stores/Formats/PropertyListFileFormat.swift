package import Foundation

/// The format of a store's file, chosen by its extension.
package enum PropertyListFileFormat {
  /// An XML property list; binary property lists are read too. Every extension but `.json`.
  case propertyList
  /// JSON with tagged dates and data, for the `.json` extension.
  case json

  package init(fileExtension: String) {
    self = fileExtension.lowercased() == "json" ? .json : .propertyList
  }

  /// The format a document's content shows, for documents without a file name: after an
  /// optional UTF-8 byte-order mark and white space, `{` or `[` starts JSON; `bplist`, `<` and
  /// anything else are read as a property list, whose parser explains what is wrong.
  package init(sniffing bytes: [UInt8]) {
    var content = bytes[...]
    if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
    let first = content.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    self = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .propertyList
  }

  /// Parses a whole file, whose top level must be a dictionary.
  ///
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/corruptFile`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``, without a file (the caller adds it).
  package func decode(_ bytes: [UInt8]) throws -> [String: PropertyListValue] {
    guard !bytes.isEmpty else {
      throw PreferenceError(.corruptFile, reason: "the file is empty (0 bytes)")
    }
    let root: PropertyListValue
    switch self {
    case .json:
      root = try JSONPropertyListParser.parse(bytes)
    case .propertyList:
      if bytes.starts(with: Array("bplist".utf8)) {
        root = try BinaryPropertyListParser.parse(bytes)
      } else {
        root = try XMLPropertyListParser.parse(bytes)
      }
    }
    guard case .dictionary(let values) = root else {
      throw PreferenceError(
        .corruptFile, expected: "a dictionary at the top level", found: root.kindName)
    }
    return values
  }

  /// The bytes of a file holding `values`.
  package func encode(_ values: [String: PropertyListValue], file: URL) throws -> [UInt8] {
    do {
      switch self {
      case .json: return try JSONPropertyListWriter.encode(values)
      case .propertyList: return try XMLPropertyListWriter.encode(values)
      }
    } catch var error as PreferenceError {
      error.file = file
      throw error
    }
  }
}

/// What can be recovered from a file that does not parse as a whole.
package struct PropertyListSalvage: Sendable, Equatable {
  /// Every top-level entry that parsed on its own.
  package var values: [String: PropertyListValue]
  /// The keys of top-level entries that were found but could not be recovered, in file order.
  package var lostKeys: [String]

  package init(values: [String: PropertyListValue] = [:], lostKeys: [String] = []) {
    self.values = values
    self.lostKeys = lostKeys
  }
}

extension PropertyListFileFormat {
  /// Recovers what it can from a file that ``decode(_:)`` refused: every top-level entry
  /// that parses on its own (all of them, when the file parses whole). Never throws and never
  /// traps, whatever the bytes.
  ///
  /// A damaged entry is skipped and reading resumes at the next top-level key: for a text
  /// format, the next line indented as the file's first key was (how Apple's tools and ours
  /// write files), otherwise the next key outside any array or dictionary. In a binary file,
  /// each entry whose references all lead to valid objects is kept. An entry whose key was read
  /// but whose value was not is listed in ``PropertyListSalvage/lostKeys``.
  package func salvage(_ bytes: [UInt8]) -> PropertyListSalvage {
    // Layout-based resynchronization can misjudge an odd but valid file: it only runs on
    // files that do not parse.
    if let values = try? decode(bytes) { return PropertyListSalvage(values: values) }
    return switch self {
    case .json: JSONPropertyListParser.salvage(bytes)
    case .propertyList:
      bytes.starts(with: Array("bplist".utf8))
        ? BinaryPropertyListParser.salvage(bytes) : XMLPropertyListParser.salvage(bytes)
    }
  }
}
