import Foundation

/// The format of a store's file, chosen by its extension.
enum PropertyListFileFormat {
  /// An XML property list; binary property lists are read too. Every extension but `.json`.
  case propertyList
  /// JSON with tagged dates and data, for the `.json` extension.
  case json

  init(fileExtension: String) {
    self = fileExtension.lowercased() == "json" ? .json : .propertyList
  }

  /// Parses a whole file, whose top level must be a dictionary.
  ///
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/corruptFile`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``, without a file (the caller adds it).
  func decode(_ bytes: [UInt8]) throws -> [String: PropertyListValue] {
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
  func encode(_ values: [String: PropertyListValue], file: URL) throws -> [UInt8] {
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
