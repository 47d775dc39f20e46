// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// One small entry of a large collection kept in one preference.
struct CatalogItem: Codable, Equatable, Sendable {
  var title: String
  var count: Int
  var isPinned: Bool
}

/// A preference holding a large collection, beside a small one.
final class CatalogPreferences: Preferences, @unchecked Sendable {
  @Preference var items: [String: CatalogItem] = [:]
  @Preference var counter = 0
}

/// Saving one key when another preference holds a large collection (issue 31): the file store
/// rewrites the whole file, collection included, against UserDefaults holding the same items
/// as one JSON blob, measured side by side.
enum LargeCollectionBenchmarks {
  /// How many items the collection holds.
  static let itemCount = 16_000

  /// The collection: `itemCount` small items by name.
  static func items() -> [String: CatalogItem] {
    var items: [String: CatalogItem] = [:]
    for index in 0..<itemCount {
      let name = SampleData.key(index)
      items[name] = CatalogItem(title: "Item \(index)", count: index, isPinned: index % 7 == 0)
    }
    return items
  }

  /// Runs the rows and appends them to `report`.
  ///
  /// - Parameters:
  ///   - scratch: A folder for the files; `XDG_CONFIG_HOME` points into it.
  ///   - report: Receives the rows.
  static func run(scratch: Scratch, into report: inout Report) throws {
    let items = items()
    let file = scratch.url.appendingPathComponent("catalog.plist")
    let prefs = CatalogPreferences(store: FileStore(url: file))
    prefs.items = items
    try prefs.writePreferences()
    let fileSize = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    let megabytes = String(format: "%.1f MB", Double(fileSize) / 1_000_000)

    let suite = SampleSuite(values: [:])
    defer { suite.remove() }
    let blob = try JSONEncoder().encode(items)
    suite.defaults.set(blob, forKey: "items")
    suite.defaults.synchronize()
    let blobSize = String(format: "%.1f MB", Double(blob.count) / 1_000_000)

    // One small key saved while the collection sits in the same file.
    let smallKey = measureEach(
      "UserDefaults: set + synchronize() of 1 Int beside \(itemCount) items as \(blobSize) JSON",
      repetitions: 5, iterations: 3
    ) {
      suite.defaults.set(Int.random(in: 0..<1_000_000), forKey: "counter")
      suite.defaults.synchronize()
    }
    let fileSmallKey = try measureEach(
      "FileStore: writePreferences(), 1 Int beside \(itemCount) items (\(megabytes) file)",
      repetitions: 5, iterations: 3
    ) {
      prefs.counter &+= 1
      try prefs.writePreferences()
    }

    // One item of the collection changed and saved.
    let encoder = JSONEncoder()
    var edited = items
    let itemKey = SampleData.key(0)
    let oneItem = try measureEach(
      "UserDefaults: JSONEncoder + set + synchronize() of \(itemCount) items, 1 changed",
      repetitions: 5, iterations: 3
    ) {
      edited[itemKey]?.count &+= 1
      suite.defaults.set(try encoder.encode(edited), forKey: "items")
      suite.defaults.synchronize()
    }
    let fileOneItem = try measureEach(
      "FileStore: writePreferences() of \(itemCount) items, 1 changed (\(megabytes) file)",
      repetitions: 5, iterations: 3
    ) {
      prefs.items[itemKey]?.count &+= 1
      try prefs.writePreferences()
    }
    report.rows += [
      Row(smallKey), Row(fileSmallKey, baseline: smallKey),
      Row(oneItem), Row(fileOneItem, baseline: oneItem),
    ]
  }
}
