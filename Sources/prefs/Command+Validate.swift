// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

extension Command {
  /// `prefs validate`: checks every value in the store against the schema the app published
  /// beside it (or `schemaPath`), printing each violation on its own line:
  /// `FILE:LINE: KEY: CONSTRAINT: found VALUE` (no `:LINE` where the format has no lines).
  ///
  /// - Throws: ``ToolFailure/violations(_:)`` when a value breaks the schema; a usage or
  ///   input-output failure when there is no schema to check against, or it cannot be read.
  func validate(_ location: StoreLocation, schema schemaPath: String?) throws(ToolFailure) {
    let file = location.fileURL
    guard
      let schemaURL = schemaPath.map(URL.init(fileURLWithPath:))
        ?? file.map(FileStore.schemaURL(forStoreAt:))
    else {
      throw .usage(
        "\(location.displayName) has no file, so no schema is published beside it: "
          + "give --schema FILE", command: .validate)
    }
    let validator = try validator(at: schemaURL)
    let (values, lines) = try document(of: location, file: file)
    let violations = validator.violations(of: values)
    for violation in violations {
      let line = lines(violation.path).map { ":\($0)" } ?? ""
      Console.print("\(location.displayName)\(line): \(violation)")
    }
    guard violations.isEmpty else {
      throw .violations(
        "\(PreferenceError.counted(violations.count, "violation", "violations")) of the schema "
          + "\(schemaURL.path) in \(location.displayName)")
    }
    Console.print("\(location.displayName): valid against \(schemaURL.path)")
  }

  /// The schema published beside the store's file, which `write` checks a value against;
  /// `nil` when the store has no file or no schema is published beside it.
  func publishedSchema(of location: StoreLocation) throws(ToolFailure) -> JSONSchemaValidator? {
    try PublishedSchema.beside(location)?.validator
  }

  /// Refuses to write `value` to `key` when it breaks `schema`, naming each constraint.
  func refuseViolations(
    of key: String, _ value: PropertyListValue, schema: JSONSchemaValidator,
    in location: StoreLocation
  ) throws(ToolFailure) {
    let violations = schema.violations(of: [key: value])
    guard !violations.isEmpty else { return }
    // A value of the wrong type is fixed with its type flag: --force would store it as it is,
    // which the app does not use either.
    let typed = violations.lazy.filter { $0.path == [key] }.compactMap(\.constraint.typeFlag)
    let hint =
      typed.first.map { flag in
        let text =
          if case .string(let text) = value { text } else { PublishedSchema.text(of: value) }
        let words = flag.hasPrefix("-array") || flag.hasPrefix("-dict") ? "..." : text
        return "('prefs write STORE \(key) \(flag) \(words)' writes it with the type it asks for)"
      } ?? "('prefs write --force STORE ...' writes it anyway)"
    throw .violations(
      "refusing to write to \(location.displayName): "
        + violations.map(\.description).joined(separator: "; ")
        + ", which the schema published beside it forbids; the store was left as it was "
        + hint)
  }

  /// Reads the schema at `url`.
  private func validator(at url: URL) throws(ToolFailure) -> JSONSchemaValidator {
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw .inputOutput(
        "no schema at \(url.path): the app publishes it with publishSchema(); or give "
          + "--schema FILE")
    }
    do {
      return try JSONSchemaValidator(schema: Array(try Data(contentsOf: url)))
    } catch {
      throw .inputOutput("read the schema", url.path, error)
    }
  }

  /// The store's values, and a function giving the line of the value at a path (its top-level
  /// key first) where the file's format has lines a person can find: TOML (the line of the
  /// deepest key on the path) and JSON (the line of the top-level key).
  private func document(
    of location: StoreLocation, file: URL?
  ) throws(ToolFailure) -> ([String: PropertyListValue], ([String]) -> Int?) {
    let bytes = file.flatMap { try? Data(contentsOf: $0) }.map { Array($0) }
    guard let file, let bytes, file.pathExtension.lowercased() == "toml" else {
      let values = try allValues(in: location)
      guard let bytes, file?.pathExtension.lowercased() == "json" else {
        return (values, { _ in nil })
      }
      return (values, { path in PropertyListFormat.json.line(ofKey: path[0], in: bytes) })
    }
    do {
      let toml = try TOMLDocument(parsing: bytes)
      // The line of the deepest key on the path that the file names (an array's element has
      // no key of its own: its array's line).
      return (
        toml.values,
        { path in
          path.indices.reversed().lazy.compactMap { toml.place(of: Array(path[...$0])) }.first?
            .line
        }
      )
    } catch {
      throw .inputOutput("read", file.path, error)
    }
  }
}

extension String {
  /// For a violated `type` constraint (`type "number"`), the `prefs write` flag writing a
  /// value of that type (`-float`); `nil` for any other constraint.
  fileprivate var typeFlag: String? {
    guard hasPrefix("type ") else { return nil }
    let flags = [
      ("integer", "-int"), ("number", "-float"), ("boolean", "-bool"), ("string", "-string"),
      ("array", "-array"), ("object", "-dict"),
    ]
    return flags.first { contains("\"\($0.0)\"") }?.1
  }
}
