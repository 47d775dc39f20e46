package import Foundation

extension PreferenceError {
  /// The error a reader or writer of `PropertyListFormats` reports, as a `PreferenceError`
  /// naming `file`: the same kind, value and place, and a reason that keeps the line and column.
  ///
  /// - Parameters:
  ///   - error: The format's error.
  ///   - file: The file being read or written, if there is one.
  package init(_ error: PropertyListFormatError, file: URL?) {
    let kind: Kind =
      switch error.kind {
      case .corruptFile: .corruptFile
      case .nestingTooDeep: .nestingTooDeep
      case .unrepresentableValue: .unrepresentableValue
      }
    self.init(
      kind, key: error.key, file: file, path: error.path, expected: error.expected,
      found: error.found, reason: error.reason)
  }

  /// `error` as a `PreferenceError` naming `file`: a format's error mapped, a
  /// `PreferenceError` with its file set, anything else as an error of `kind`.
  package init(_ error: any Error, kind: Kind, file: URL?) {
    if let error = error as? PropertyListFormatError {
      self.init(error, file: file)
    } else {
      self.init(error, kind: kind)
      self.file = file
    }
  }
}

extension PropertyListFormat {
  /// Parses a whole document, whose top level must be a dictionary.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - file: The file it was read from, which errors name.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/corruptFile`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``.
  package func decode(
    _ bytes: [UInt8], file: URL?
  ) throws(PreferenceError) -> [String: PropertyListValue] {
    do {
      return try decode(bytes)
    } catch {
      throw PreferenceError(error, kind: .corruptFile, file: file)
    }
  }

  /// The bytes of a document holding `values`.
  ///
  /// - Parameters:
  ///   - values: The document's top-level entries.
  ///   - file: The file they are for, which errors name.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/unrepresentableValue`` or
  ///   ``PreferenceError/Kind/nestingTooDeep``, naming the key.
  package func encode(_ values: [String: PropertyListValue], file: URL?) throws(PreferenceError)
    -> [UInt8]
  {
    do {
      return try encode(values)
    } catch {
      throw PreferenceError(error, kind: .unrepresentableValue, file: file)
    }
  }
}
