// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// The store a command works on, as its `STORE` argument names it.
enum StoreLocation: Equatable {
  /// A `FileStore` file: `.json` holds JSON, `.toml` TOML, anything else an XML property list.
  case file(URL)
  /// A `UserDefaults` suite, named with `--suite NAME`.
  case suite(String)
  /// An app's identifier, which names where that app's default store keeps its settings.
  case app(String)

  /// Resolves a `STORE` argument that is not `--suite NAME`.
  ///
  /// A path (anything ending in `.plist`, `.json` or `.toml`, or containing a `/`) names that
  /// file, relative to the current folder. Anything else is an app identifier, which names where
  /// that app's default store keeps its settings:
  /// - on Apple platforms, the app's defaults domain, read and written through `UserDefaults`
  ///   as `defaults` does (an app's `Preferences()` uses `UserDefaults.standard`);
  /// - elsewhere, the file `FileStore.defaultURL(for:format:)` gives:
  ///   `$XDG_CONFIG_HOME/<identifier>/preferences.plist`, or the `.json` or `.toml` file
  ///   there when only that one exists (an app whose class chose that format).
  ///
  /// - Parameter argument: The `STORE` argument, not empty.
  init(argument: String) {
    let lowercased = argument.lowercased()
    if argument.contains("/")
      || [".plist", ".json", ".toml"].contains(where: { lowercased.hasSuffix($0) })
    {
      self = .file(URL(fileURLWithPath: argument).standardizedFileURL)
    } else {
      self = .app(argument)
    }
  }

  /// The suite or the file an app identifier names; any other location itself.
  private var resolved: StoreLocation {
    guard case .app(let identifier) = self else { return self }
    #if canImport(Darwin)
      return .suite(identifier)
    #else
      let files = PropertyListFormat.allCases.map {
        FileStore.defaultURL(for: identifier, format: $0)
      }
      return .file(
        files.first { FileManager.default.fileExists(atPath: $0.path) } ?? files[0])
    #endif
  }

  /// The store itself. Creating it reads and writes nothing.
  func makeStore() -> any PreferenceStore {
    switch resolved {
    case .file(let url): FileStore(url: url)
    case .suite(let name), .app(let name): UserDefaultsStore(suiteName: name)
    }
  }

  /// The store's file, or `nil` for a `UserDefaults` suite.
  var fileURL: URL? { if case .file(let url) = resolved { url } else { nil } }

  /// How messages name the store: its path, or `suite NAME`.
  var displayName: String {
    switch resolved {
    case .file(let url): url.path
    case .suite(let name), .app(let name): "suite \(name)"
    }
  }

  /// The format of the store's file, or `nil` for a `UserDefaults` suite, which keeps every
  /// value exactly.
  var fileFormat: PropertyListFormat? {
    guard case .file(let url) = resolved else { return nil }
    return PropertyListFormat(fileExtension: url.pathExtension)
  }

  /// The format `export` writes unless told otherwise: the file's own, a property list for a
  /// suite.
  var nativeFormat: PropertyListFormat { fileFormat ?? .propertyList }
}
