// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension PropertyListFormat {
  /// The line (counted from 1) where the top-level `key` of the document `bytes` in this
  /// format is written: its value's line in TOML, its key's in JSON (as the library's writer
  /// escapes it); `nil` for a property list, whose lines nobody points a person to, or when
  /// the key is not found or the document does not parse. For problems and `prefs validate`.
  package func line(ofKey key: String, in bytes: [UInt8]) -> Int? {
    switch self {
    case .toml: (try? TOMLDocument(parsing: bytes))?.place(of: [key])?.line
    case .json: Self.jsonLine(ofKey: key, in: bytes)
    case .propertyList: nil
    }
  }

  /// The line of `key` in the top-level object of the JSON text `bytes`.
  private static func jsonLine(ofKey key: String, in bytes: [UInt8]) -> Int? {
    guard let quoted = try? JSONPropertyListWriter.text(of: .string(key)) else { return nil }
    let target = Array(quoted.utf8)
    var line = 1
    var depth = 0
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"): line += 1
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: "\""):
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if depth == 1, bytes[start...min(index, bytes.count - 1)].elementsEqual(target),
          isFollowedByColon(bytes, after: index)
        {
          return line
        }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// Whether the next character after `index`, past white space, is `:`.
  private static func isFollowedByColon(_ bytes: [UInt8], after index: Int) -> Bool {
    var next = index + 1
    while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
    return next < bytes.count && bytes[next] == UInt8(ascii: ":")
  }
}
