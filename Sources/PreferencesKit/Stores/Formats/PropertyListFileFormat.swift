import Foundation

/// The format of a store's file, chosen by its extension.
package enum PropertyListFileFormat {
  /// An XML property list; binary property lists are read too. Every extension but `.json`.
  case propertyList
  /// JSON with tagged dates and data, for the `.json` extension.
  case json

  package init(fileExtension: String) {
    self = fileExtension.lowercased() == "json" ? .json : .propertyList
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
  /// that parses on its own. Never throws and never traps, whatever the bytes.
  package func salvage(_ bytes: [UInt8]) -> PropertyListSalvage {
    // Placeholder until the parsers learn to resynchronize at the next top-level key.
    PropertyListSalvage()
  }
}
