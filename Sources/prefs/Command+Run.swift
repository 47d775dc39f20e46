import Foundation
import PreferencesKit

extension Command {
  /// Runs the command, printing its result to standard output.
  ///
  /// - Throws: A ``ToolFailure`` that decides the message and the exit status.
  func run() throws(ToolFailure) {
    switch self {
    case .help(let name):
      Console.print(name.map(Usage.page(for:)) ?? Usage.overview)
    case .keys(let location):
      // The keys the library keeps for itself (its version, sync times) are not settings.
      let keys = try allValues(in: location).keys.filter { !$0.hasPrefix(ReservedKey.prefix) }
      for key in keys.sorted() { Console.print(key) }
    case .read(let location, let key, let json):
      try read(location, key: key, json: json)
    case .explain(let location, let key):
      try explain(location, key: key)
    case .write(let location, let key, let value):
      try apply([key: .set(value)], to: location)
    case .delete(let location, let key):
      guard try allValues(in: location)[key] != nil else {
        throw .keyNotFound(key, store: location.displayName)
      }
      try apply([key: .remove], to: location)
    case .export(let location, let format):
      try export(location, format: format ?? location.nativeFormat)
    case .import(let location, let source, let mode):
      try importDocument(from: source, into: location, mode: mode)
    }
  }

  private func read(_ location: StoreLocation, key: String?, json: Bool) throws(ToolFailure) {
    let values = try allValues(in: location)
    guard let key else {
      Console.write(try encode(values, as: .json, location: location))
      return
    }
    guard let value = values[key] else { throw .keyNotFound(key, store: location.displayName) }
    do {
      Console.print(json ? try JSONPropertyListWriter.text(of: value) : try ValueText.bare(value))
    } catch {
      throw .inputOutput("cannot print \(key) from \(location.displayName): \(error)")
    }
  }

  private func export(_ location: StoreLocation, format: ExportFormat) throws(ToolFailure) {
    let values = try allValues(in: location)
    if format == .plist, values.values.contains(where: ValueText.hasSubsecondDate) {
      Console.error(
        "prefs: warning: XML property lists keep dates to the second; "
          + "use --format json to keep fractions of a second")
    }
    Console.write(try encode(values, as: format, location: location))
  }

  private func importDocument(
    from source: String, into location: StoreLocation, mode: ImportMode
  ) throws(ToolFailure) {
    let name = source == "-" ? "standard input" : source
    if source != "-", !FileManager.default.fileExists(atPath: source) {
      throw .inputOutput("no such file: \(source)")
    }
    let bytes: [UInt8]
    do {
      let data =
        source == "-"
        ? FileHandle.standardInput.readDataToEndOfFile()
        : try Data(contentsOf: URL(fileURLWithPath: source))
      bytes = Array(data)
    } catch {
      throw .inputOutput("cannot read \(name): \(error.localizedDescription)")
    }
    let document: [String: PropertyListValue]
    do {
      document = try PropertyListFileFormat(sniffing: bytes).decode(bytes)
    } catch {
      throw .inputOutput("read", name, error)
    }
    try update(location) { values in
      if mode == .replace { values = [:] }
      values.merge(document) { $1 }
    }
  }

  /// Every value in the store.
  private func allValues(in location: StoreLocation) throws(ToolFailure)
    -> [String: PropertyListValue]
  {
    do {
      return try location.makeStore().allValues()
    } catch {
      throw .inputOutput("read", location.displayName, error)
    }
  }

  /// Applies `changes` to the store as one batch: for a file, under its lock, atomically.
  private func apply(
    _ changes: [String: StoredChange], to location: StoreLocation
  ) throws(ToolFailure) {
    try update(location) { $0.apply(changes) }
  }

  /// Reads the store's values, lets `transform` change them and saves the result: for a file,
  /// all under its lock, so no other writer comes in between. A damaged file moved aside on
  /// the way is reported on standard error; the exit status does not change.
  private func update(
    _ location: StoreLocation, _ transform: (inout [String: PropertyListValue]) -> Void
  ) throws(ToolFailure) {
    do {
      for notice in try location.makeStore().modify(transform) {
        Console.error("prefs: warning: \(notice)")
      }
    } catch {
      throw .inputOutput("write", location.displayName, error)
    }
  }

  /// The bytes of a document holding `values`.
  private func encode(
    _ values: [String: PropertyListValue], as format: ExportFormat, location: StoreLocation
  ) throws(ToolFailure) -> Data {
    do {
      return Data(try format.fileFormat.encode(values, file: URL(fileURLWithPath: "-")))
    } catch {
      throw .inputOutput("export", location.displayName, error)
    }
  }
}
