// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

// What `print(store)` shows: the kind of store and where it keeps its values, so a log line or
// a debugger names the file, the suite or the folder at once.

extension FileStore: CustomStringConvertible {
  /// The store and its file: `FileStore(/home/ada/.config/notes/preferences.plist)`.
  public var description: String {
    "FileStore(\(url.isFileURL ? url.path : url.absoluteString))"
  }
}

extension InMemoryStore: CustomStringConvertible {
  /// The store and how many values it holds: `InMemoryStore(3 values)`.
  public var description: String {
    let count = allValues().count
    return "InMemoryStore(\(count) \(count == 1 ? "value" : "values"))"
  }
}

extension UserDefaultsStore: CustomStringConvertible {
  /// The store and its defaults: `UserDefaultsStore(suite com.example.app)`,
  /// `UserDefaultsStore(standard, domain com.example.app)`, or `UserDefaultsStore(UserDefaults
  /// of unknown domain)` for an object whose domain cannot be told.
  public var description: String {
    let place =
      switch (defaults === UserDefaults.standard, domainName) {
      case (true, let name?): "standard, domain \(name)"
      case (false, let name?): "suite \(name)"
      case (_, nil): "UserDefaults of unknown domain"
      }
    return "UserDefaultsStore(\(place))"
  }
}

extension FileSyncStore: CustomStringConvertible {
  /// The store, its folder and the files it reads: `FileSyncStore(/home/ada/Sync/MyApp,
  /// *.plist)`.
  public var description: String {
    "FileSyncStore(\(folder.isFileURL ? folder.path : folder.absoluteString), "
      + "*.\(format.fileExtension))"
  }
}
