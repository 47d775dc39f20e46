// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

@testable import PropertyListFormats

/// What the TOML fuzz target checks on any bytes.
public enum FuzzedTOML {
  /// Parses `bytes` and salvages them; when they parse, checks that writing the same values
  /// gives the same bytes, and that changing, removing and adding one key (chosen from the
  /// bytes) writes a document that reads back as the changed values.
  ///
  /// Traps (so that libFuzzer records a crash) when the reader throws anything but a
  /// `PropertyListFormatError`, when salvage of a whole document loses something, or when a
  /// write breaks either promise.
  public static func exercise(_ bytes: [UInt8]) {
    let (salvaged, problems) = TOMLDocument.salvage(bytes)
    let document: TOMLDocument
    do {
      document = try TOMLDocument(parsing: bytes)
    } catch is PropertyListFormatError {
      return
    } catch {
      fatalError("the TOML reader threw something other than a PropertyListFormatError: \(error)")
    }
    let values = document.values
    guard problems.isEmpty, salvaged.lostKeys.isEmpty,
      SameValue.check(.dictionary(salvaged.values), .dictionary(values))
    else { fatalError("salvage of a document that parses whole lost something: \(problems)") }
    guard (try? document.updated(to: values)) == bytes else {
      fatalError("writing unchanged values changed the bytes")
    }
    let keys = document.keys
    let chosen =
      keys.isEmpty ? nil : keys[bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % keys.count]
    var changes: [[String: PropertyListValue]] = [values.merging(["fuzz-new": .integer(7)]) { $1 }]
    if let chosen {
      var changed = values
      changed[chosen] = .string("changed")
      changes.append(changed)
      changed[chosen] = nil
      changes.append(changed)
      if case .dictionary(var table) = values[chosen] {
        table["fuzz-field"] = .bool(true)
        changed[chosen] = .dictionary(table)
        changes.append(changed)
      }
    }
    for change in changes {
      let written: [UInt8]
      do {
        written = try document.updated(to: change)
      } catch {
        continue  // A value TOML cannot hold, or nesting too deep: refused, not written.
      }
      guard let back = try? TOMLDocument.decode(written) else {
        fatalError(
          "an edit wrote a document that does not parse:\n"
            + String(decoding: written, as: UTF8.self))
      }
      guard SameValue.check(.dictionary(back), .dictionary(change)) else {
        fatalError("an edit wrote other values: \(back) for \(change)")
      }
    }
  }
}
