// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
package import PreferencesKit
import Testing

/// Every store the package ships, so one behaviour can be tested against each.
package enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case userDefaults
  case propertyListFile
  case jsonFile
  case tomlFile

  package var testDescription: String { rawValue }

  /// The format of a file store's file; `nil` for a store that keeps no file.
  package var fileFormat: PropertyListFormat? {
    switch self {
    case .propertyListFile: .propertyList
    case .jsonFile: .json
    case .tomlFile: .toml
    case .inMemory, .userDefaults: nil
    }
  }

  /// Runs `body` with a fresh, empty store of this kind, then removes what it left behind.
  /// `makeStore` opens another store over the same place, as a second launch would.
  package func withFreshStore<Result>(
    _ body: (_ makeStore: () -> any PreferenceStore) throws -> Result
  ) throws -> Result {
    switch self {
    case .inMemory:
      let store = InMemoryStore()
      return try body { store }
    case .userDefaults:
      return try withTemporarySuite { name, _ in
        try body { UserDefaultsStore(suiteName: name) }
      }
    case .propertyListFile, .jsonFile, .tomlFile:
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let url = directory.file("preferences." + (fileFormat?.fileExtension ?? ""))
      return try body { FileStore(url: url) }
    }
  }
}
