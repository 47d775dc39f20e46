// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

// The parsers are internal to PropertyListFormats, an internal target of the main package that
// is no product: it is built as a dependency of PreferencesKit, and a debug build can import it
// for testing, as this package's targets did PreferencesKit's internals before the split.
@testable import PropertyListFormats

/// A property-list format a fuzz target feeds its input to.
public enum FuzzedFormat: Sendable {
  case xml, json, binary

  /// Runs every reader of this format over `bytes` and checks what they promise.
  ///
  /// Traps (so that libFuzzer records a crash) when a reader throws anything but a
  /// `PropertyListFormatError`, when a value read does not survive a JSON round trip unchanged, or
  /// when `salvage` of a file that parses whole does not give back all of it.
  public func exercise(_ bytes: [UInt8]) {
    let format: PropertyListFormat = self == .json ? .json : .propertyList
    var root: PropertyListValue?
    do {
      switch self {
      case .xml: root = try XMLPropertyListParser.parse(bytes)
      case .json: root = try JSONPropertyListParser.parse(bytes)
      case .binary: root = try BinaryPropertyListParser.parse(bytes)
      }
    } catch is PropertyListFormatError {
    } catch {
      fatalError("a parser threw something other than a PropertyListFormatError: \(error)")
    }
    let salvage = format.salvage(bytes)
    guard let root else { return }
    if case .dictionary(let values) = root {
      guard salvage.lostKeys.isEmpty, SameValue.check(.dictionary(salvage.values), root) else {
        fatalError("salvage of a file that parses whole lost something: \(salvage.lostKeys)")
      }
    }
    checkJSONRoundTrip(root)
  }
}

/// Writes `value` as JSON, the format that keeps every value exactly, and reads it back.
func checkJSONRoundTrip(_ value: PropertyListValue) {
  let written: [UInt8]
  do {
    written = try JSONPropertyListWriter.encode(["v": value])
  } catch {
    // Every value has a JSON form; only nesting too deep is refused.
    return
  }
  do {
    let back = try JSONPropertyListParser.parse(written)
    guard SameValue.check(back, .dictionary(["v": value])) else {
      fatalError(
        "a JSON round trip changed \(value): wrote \(String(decoding: written, as: UTF8.self)), "
          + "read \(back)")
    }
  } catch {
    fatalError("the JSON writer wrote what its parser refuses: \(error)")
  }
}
