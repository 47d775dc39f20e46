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
}
