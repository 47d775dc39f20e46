import PreferencesKit

/// A file format `export` writes and `import` reads.
enum ExportFormat: String, CaseIterable {
  /// An XML property list, as Apple's tools write it. Dates keep whole seconds only.
  case plist
  /// JSON, with dates as `{"$date": "..."}` and data as `{"$data": "<base64>"}`.
  case json

  /// The library's reader and writer for this format.
  var fileFormat: PropertyListFileFormat {
    PropertyListFileFormat(fileExtension: rawValue)
  }

  /// The format of a document, judged by its first character that is not white space: JSON
  /// starts with `{`; anything else is read as a property list (XML or binary).
  init(sniffing bytes: [UInt8]) {
    let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    var content = bytes.drop { whitespace.contains($0) }
    if content.starts(with: [0xEF, 0xBB, 0xBF]) {
      content = content.dropFirst(3).drop { whitespace.contains($0) }
    }
    self = content.first == UInt8(ascii: "{") ? .json : .plist
  }
}
