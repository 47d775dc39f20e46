// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation
@testable package import PreferencesKit

/// Real files in a temporary `XDG_CONFIG_DIRS` and user folder, and an argument vector and
/// environment handed to the instances it makes.
package struct LayerFixture {
  package static let identifier = "com.example.notes"
  package let directory: TemporaryDirectory

  package init() throws { directory = try TemporaryDirectory() }

  /// `<dir>/<identifier>` for the first (`index` 0) or second folder of `XDG_CONFIG_DIRS`.
  package func systemFolder(_ index: Int = 0) -> URL {
    directory.url.appendingPathComponent("xdg\(index)/\(Self.identifier)", isDirectory: true)
  }

  package var xdgConfigDirs: String {
    systemFolder(0).deletingLastPathComponent().path + ":"
      + systemFolder(1).deletingLastPathComponent().path
  }

  /// A user's file, as `init(identifier:)` places it under `XDG_CONFIG_HOME`.
  package func userURL(_ user: String = "ada") -> URL {
    directory.url.appendingPathComponent("\(user)/\(Self.identifier)/preferences.plist")
  }

  /// Writes a system file (`preferences.plist`, `managed.json`, ...) as an administrator would.
  @discardableResult
  package func writeSystem(
    _ values: [String: PropertyListValue], named name: String = "preferences.plist",
    folder: Int = 0
  ) throws -> URL {
    let url = systemFolder(folder).appendingPathComponent(name)
    let format = PropertyListFormat(fileExtension: url.pathExtension)
    try write(Data(try format.encode(values, file: url)), to: url)
    return url
  }

  package func write(_ bytes: Data, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try bytes.write(to: url)
  }

  /// Writes a user's own values.
  package func writeUser(_ values: [String: PropertyListValue], user: String = "ada") throws {
    try FileStore(url: userURL(user)).apply(values.mapValues { .set($0) })
  }

  /// What a user's file holds.
  package func userValues(_ user: String = "ada") throws -> [String: PropertyListValue] {
    try FileStore(url: userURL(user)).allValues()
  }
}
