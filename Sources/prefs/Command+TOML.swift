// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

extension Command {
  /// The keys of `settings` in the order a person reads them: for a TOML file, the order of
  /// its top-level keys in the document; otherwise sorted.
  func orderedKeys(
    _ settings: [String: PropertyListValue], in location: StoreLocation
  ) -> [String] {
    guard location.fileFormat == .toml, let url = location.fileURL,
      let bytes = try? [UInt8](Data(contentsOf: url)),
      let document = try? TOMLDocument(parsing: bytes)
    else { return settings.keys.sorted() }
    let ordered = document.keys.filter { settings[$0] != nil }
    let listed = Set(ordered)
    return ordered + settings.keys.filter { !listed.contains($0) }.sorted()
  }
}
