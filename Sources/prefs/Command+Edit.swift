// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

// `prefs edit STORE`, as `visudo` and `crontab -e` edit: a copy in a private folder, the
// person's editor, a check on save, a question on a problem, and only the changes written.

extension Command {
  /// `prefs edit STORE`: opens the store as TOML in `$VISUAL`/`$EDITOR`/`vi`, checks the saved
  /// text, and writes the keys the person added, changed or removed, under the store's lock.
  ///
  /// - Throws: ``ToolFailure/refused(_:)`` (status 1) when nothing, or not every change, was
  ///   written: the person discarded the edit, a problem or a conflict could not be asked
  ///   about (standard input is no terminal), or the editor failed;
  ///   ``ToolFailure/inputOutput(_:)`` (status 3) when the store cannot be read or written.
  func edit(_ location: StoreLocation) throws(ToolFailure) {
    let session = try EditSession(
      location: location, values: allValues(in: location),
      schema: PublishedSchema.beside(location))
    let folder = try Terminal.makePrivateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(session.fileName)
    try Terminal.writePrivateFile(session.text, to: file)
    let editor = Terminal.editorCommand(in: ProcessInfo.processInfo.environment)
    let unchanged = "\(location.displayName) was left as it was"
    while true {
      try Terminal.runEditor(editor, on: file)
      let bytes: [UInt8]
      do {
        bytes = [UInt8](try Data(contentsOf: file))
      } catch {
        throw .inputOutput("read", file.path, error)
      }
      guard bytes != session.text else {
        Console.error("prefs: no changes; \(unchanged)")
        return
      }
      let values: [String: PropertyListValue]
      switch session.check(bytes) {
      case .valid(let checked):
        values = checked
      case .unreadable(let problems):
        report(problems, heading: "\(file.lastPathComponent) is not valid TOML")
        guard try askAgain(allowingWrite: false, unchanged) else { continue }
        return
      case .violations(let problems, let checked):
        report(problems, heading: "the schema (\(session.schema?.url.path ?? "")) forbids")
        guard try askAgain(allowingWrite: true, unchanged) else { continue }
        values = checked
      }
      try writeChanges(session.changes(to: values), of: session, edited: bytes, unchanged)
      return
    }
  }

  /// Prints each problem on its own line under `heading`.
  private func report(_ problems: [String], heading: String) {
    Console.error("prefs: \(heading):")
    for problem in problems { Console.error("  \(problem)") }
  }

  /// Asks what to do about the problems just reported.
  ///
  /// - Returns: `false` to edit again, `true` to write anyway (offered when `allowingWrite`).
  /// - Throws: ``ToolFailure/refused(_:)`` when the person discards the edit, or when
  ///   standard input is no terminal to ask on.
  private func askAgain(allowingWrite: Bool, _ unchanged: String) throws(ToolFailure) -> Bool {
    guard Terminal.canAsk else {
      throw .refused("nothing was written (standard input is no terminal to ask on); \(unchanged)")
    }
    let question =
      allowingWrite
      ? "What now? (e)dit again, (d)iscard the edit, (w)rite anyway: "
      : "What now? (e)dit again, (d)iscard the edit: "
    switch Terminal.ask(question, choices: allowingWrite ? ["e", "d", "w"] : ["e", "d"]) {
    case "e": return false
    case "w": return true
    default: throw .refused("discarded; \(unchanged)")
    }
  }

  /// Writes `changes` under the store's lock, each only if the store still holds what the
  /// editor was shown for its key; asks first about a key the store changed meanwhile. A TOML
  /// file shown as its own text becomes the person's `edited` text, with the values the store
  /// keeps (changed meanwhile by the app, or kept in a conflict) edited in: every comment
  /// stays. Other stores get the changed values only.
  private func writeChanges(
    _ changes: [String: PropertyListValue?], of session: EditSession, edited: [UInt8],
    _ unchanged: String
  ) throws(ToolFailure) {
    var changes = changes
    let document = session.document(from: edited)
    let notKept = document == nil ? " (comments are kept only in a .toml store)" : ""
    guard !changes.isEmpty || document != nil else {
      Console.error("prefs: no values changed\(notKept); \(unchanged)")
      return
    }
    let location = session.location
    var expected = session.base
    let current = try allValues(in: location)
    let conflicts = changes.keys.sorted().filter { !EditSession.same(current[$0], expected[$0]) }
    if !conflicts.isEmpty {
      Console.error("prefs: \(location.displayName) changed while you edited it:")
      for key in conflicts {
        Console.error(
          "  \(key): was \(Self.describe(expected[key])), is now \(Self.describe(current[key])), "
            + "you wrote \(Self.describe(changes[key] ?? nil))")
      }
      guard Terminal.canAsk else {
        throw .refused(
          "nothing was written (standard input is no terminal to ask on); \(unchanged)")
      }
      let question =
        "What now? (o)verwrite them with yours, (k)eep the store's and write the rest, "
        + "(d)iscard the edit: "
      switch Terminal.ask(question, choices: ["o", "k", "d"]) {
      case "o": for key in conflicts { expected[key] = current[key] }
      case "k": for key in conflicts { changes[key] = nil }
      default: throw .refused("discarded; \(unchanged)")
      }
    }
    var skipped: [String] = []
    try update(location, editedTOML: document) { values throws(ToolFailure) in
      for (key, value) in changes {
        guard EditSession.same(values[key], expected[key]) else {
          skipped.append(key)
          continue
        }
        values[key] = value
      }
    }
    let written = changes.keys.filter { !skipped.contains($0) }.sorted()
    if !written.isEmpty {
      Console.error(
        "prefs: wrote \(PreferenceError.counted(written.count, "change", "changes")) to "
          + "\(location.displayName): " + written.joined(separator: ", ") + notKept)
    } else if document != nil {
      Console.error("prefs: wrote your text to \(location.displayName) (no values changed)")
    }
    guard skipped.isEmpty else {
      throw .refused(
        "not written, since the store changed them again while prefs wrote: "
          + skipped.sorted().joined(separator: ", "))
    }
  }

  /// A value in a conflict report: JSON on one line, or `(none)`.
  private static func describe(_ value: PropertyListValue?) -> String {
    guard let value else { return "(none)" }
    return PublishedSchema.text(of: value)
  }
}
