// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import FuzzSupport
import PreferencesKit

struct Person: Codable, Equatable, Sendable {
  var name: String
  var age: Int
}

enum Theme: String, Codable, Sendable { case light, dark }

/// Preferences of several kinds, so that imported documents meet every check `importValues`
/// makes.
final class FuzzedPreferences: Preferences, @unchecked Sendable {
  @Preference var name = ""
  @Preference var count = 0
  @Preference var small: Int8 = 0
  @Preference var ratio = 1.5
  @Preference var flag = false
  @Preference var when = Date(timeIntervalSinceReferenceDate: 0)
  @Preference var blob = Data()
  @Preference var theme = Theme.light
  @Preference var people: [Person] = []
  @Preference var table: [String: Int] = [:]
  @Preference var link: URL? = nil
}

/// libFuzzer's entry point: the bytes imported as a document; when that works, exported in
/// both formats and imported again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  let data = Data(input)
  let prefs = FuzzedPreferences(store: InMemoryStore())
  do {
    try prefs.importValues(from: data)
  } catch {
    _ = error.description
    return 0
  }
  for format in PropertyListFormat.allCases {
    let exported: Data
    do {
      exported = try prefs.exportValues(format: format)
    } catch {
      // A string XML cannot hold is refused in a property list, and so is a date that is not
      // finite or lies beyond about 31 million years (which a binary property list can hold):
      // a clean error naming the key, as a write of that value would give.
      guard error.kind == .unrepresentableValue else {
        fatalError("export as \(format) failed: \(error)")
      }
      continue
    }
    let copy = FuzzedPreferences(store: InMemoryStore())
    do {
      let unknown = try copy.importValues(from: exported)
      guard unknown.isEmpty else { fatalError("export wrote undeclared keys \(unknown)") }
    } catch {
      fatalError("\(format) export does not import again: \(error)")
    }
  }
  return 0
}

/// The entry point SwiftPM links as `main`; see ``runFuzzer(_:_:_:)``.
@_cdecl("FuzzImportValues_main")
public func main(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzz)
}
