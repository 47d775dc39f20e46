// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

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
    case .version:
      Console.print("prefs \(PrefsTool.version)")
    case .keys(let location):
      let values = try allValues(in: location)
      for key in orderedKeys(try settings(in: values, of: location), in: location) {
        Console.print(key)
      }
    case .read(let location, let key, let json):
      try read(location, key: key, json: json)
    case .explain(let location, let key):
      try explain(location, key: key)
    case .readType(let location, let key):
      try readType(location, key: key)
    case .write(let location, let key, let edit, let force):
      try write(edit, to: key, in: location, force: force)
      warnIfManaged(key, in: location)
    case .rename(let location, let old, let new):
      try rename(old, to: new, in: location)
    case .delete(let location, nil):
      try deleteSettings(in: location)
    case .delete(let location, let key?):
      guard try allValues(in: location)[key] != nil else {
        throw .keyNotFound(key, store: location.displayName)
      }
      try update(location) { values throws(ToolFailure) in values[key] = nil }
    case .export(let location, let format):
      try export(location, format: format ?? location.nativeFormat)
    case .import(let location, let source, let mode):
      try importDocument(from: source, into: location, mode: mode)
    case .validate(let location, let schema):
      try validate(location, schema: schema)
    case .edit(let location):
      try edit(location)
    }
  }

  private func read(_ location: StoreLocation, key: String?, json: Bool) throws(ToolFailure) {
    let values = try allValues(in: location, reading: key)
    guard let key else {
      _ = try settings(in: values, of: location)
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

  /// The settings among a store's `values`: all but the keys the library keeps for itself (its
  /// version, sync times).
  ///
  /// - Throws: ``ToolFailure/refused(_:)`` for an app identifier with no settings, as
  ///   `defaults read` fails for a domain that does not exist.
  func settings(
    in values: [String: PropertyListValue], of location: StoreLocation
  ) throws(ToolFailure) -> [String: PropertyListValue] {
    let settings = values.filter { !$0.key.hasPrefix(ReservedKey.prefix) }
    if settings.isEmpty, case .app(let identifier) = location {
      throw .refused("no settings for \(identifier) (\(location.displayName))")
    }
    return settings
  }

  private func write(
    _ edit: Edit, to key: String, in location: StoreLocation, force: Bool
  ) throws(ToolFailure) {
    var written: PropertyListValue?
    let schema = force ? nil : try publishedSchema(of: location)
    try update(location) { values throws(ToolFailure) in
      switch (edit, values[key]) {
      case (.set(let value), _):
        values[key] = value
      case (.appendToArray(let elements), nil):
        values[key] = .array(elements)
      case (.appendToArray(let elements), .array(let array)?):
        values[key] = .array(array + elements)
      case (.addToDictionary(let entries), nil):
        values[key] = .dictionary(entries)
      case (.addToDictionary(let entries), .dictionary(let dictionary)?):
        values[key] = .dictionary(dictionary.merging(entries) { $1 })
      case (_, let current?):
        let kind = if case .appendToArray = edit { "an array" } else { "a dictionary" }
        throw .refused(
          "cannot add to \(key) in \(location.displayName): it holds \(current), not \(kind); "
            + "the store was left as it was")
      }
      written = values[key]
      if let schema, let value = written {
        try refuseViolations(of: key, value, schema: schema, in: location)
      }
    }
    if let written, location.makeStore().storedForm(of: written) != written {
      Console.error(
        "prefs: warning: XML property lists keep dates to the second, so \(key) lost its "
          + "fraction of a second; a .json store keeps it")
    }
  }

  private func export(_ location: StoreLocation, format: PropertyListFormat) throws(ToolFailure) {
    let values = try allValues(in: location)
    if !values.values.allSatisfy(format.holdsExactly) {
      Console.error(
        format == .toml
          ? "prefs: warning: TOML holds data as base64 text; use --format json to keep it data"
          : "prefs: warning: XML property lists keep dates to the second; "
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
      let handle =
        source == "-"
        ? FileHandle.standardInput : try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
      bytes = try Self.readImport(from: handle)
    } catch {
      throw .inputOutput("cannot read \(name): \(error.localizedDescription)")
    }
    if bytes.count > Self.importLimit {
      throw .inputOutput(
        "cannot read \(name): it is larger than \(Self.importLimit) bytes, the most a store "
          + "reads; nothing was imported")
    }
    let document: [String: PropertyListValue]
    do {
      document = try PropertyListFormat.decodeDocument(bytes)
    } catch {
      throw .inputOutput("read", name, error)
    }
    try update(location) { values throws(ToolFailure) in
      if mode == .replace { values = [:] }
      values.merge(document) { $1 }
    }
  }

  /// The largest document `import` reads: the size of the largest file a store reads.
  static let importLimit = 4 * 1024 * 1024

  /// Reads at most ``importLimit`` bytes and one more from `handle`, which may be a pipe and
  /// so have no size: a source that is too large, or never ends, costs no more than that.
  private static func readImport(from handle: FileHandle) throws -> [UInt8] {
    var bytes: [UInt8] = []
    while bytes.count <= importLimit {
      guard let chunk = try handle.read(upToCount: importLimit + 1 - bytes.count),
        !chunk.isEmpty
      else { break }
      bytes += chunk
    }
    return bytes
  }

  /// Reads the store's values, lets `transform` change them and saves the result: for a file,
  /// all under its lock, so no other writer comes in between. A damaged file moved aside on
  /// the way is reported on standard error; the exit status does not change. `edited`, a
  /// TOML document a person wrote, replaces a TOML file's text
  /// (``FileStore/write(editedTOML:_:)``).
  func update(
    _ location: StoreLocation, editedTOML edited: [UInt8]? = nil,
    _ transform: (inout [String: PropertyListValue]) throws(ToolFailure) -> Void
  ) throws(ToolFailure) {
    do {
      let store = location.makeStore()
      let problems =
        if let edited, let file = store as? FileStore {
          try file.write(editedTOML: edited, transform)
        } else {
          try store.update(StoreUpdate(), transform)
        }
      for problem in problems {
        Console.error("prefs: warning: \(problem)")
      }
    } catch let failure as ToolFailure {
      throw failure
    } catch {
      throw .inputOutput("write", location.displayName, error)
    }
  }

  /// The bytes of a document holding `values`.
  private func encode(
    _ values: [String: PropertyListValue], as format: PropertyListFormat, location: StoreLocation
  ) throws(ToolFailure) -> Data {
    do {
      return Data(try format.encode(values, file: nil))
    } catch {
      throw .inputOutput("export", location.displayName, error)
    }
  }
}
