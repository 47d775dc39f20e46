// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

extension FileStore {
  /// Where the default store of the application named `identifier` lives:
  /// `<folder>/<identifier>/preferences.plist` (`.json` or `.toml` for those formats), the
  /// folder being `$XDG_CONFIG_HOME` (or
  /// `~/.config`) on Linux, Application Support on Apple platforms but tvOS, and Caches on
  /// tvOS, which may purge it (use ``UserDefaultsStore`` there); the FileStoreGuarantees
  /// article has the table. While ``Preferences/defaultStoreFolder`` is set (as tests set it),
  /// it is that folder on every platform. A `/` in the identifier is replaced by `_`.
  ///
  /// ```swift
  /// let store = FileStore(url: FileStore.defaultURL(for: "com.example.app"))
  /// // Linux: /home/ada/.config/com.example.app/preferences.plist
  /// let tool = FileStore(url: FileStore.defaultURL(for: "mytool", format: .toml))
  /// // Linux: /home/ada/.config/mytool/preferences.toml
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The application's identifier, such as ``defaultIdentifier``.
  ///   - format: The file's format, which names its extension: a property list unless given.
  /// - Returns: The URL of the preferences file, which need not exist yet.
  public static func defaultURL(
    for identifier: String, format: PropertyListFormat = .propertyList
  ) -> URL {
    defaultURL(for: identifier, format: format, environment: ProcessInfo.processInfo.environment)
  }

  /// The identifier of the running program: its bundle identifier where it has one, otherwise
  /// the name of its executable.
  ///
  /// ```swift
  /// FileStore.defaultIdentifier  // "com.example.app", or "mytool" for a command-line tool
  /// ```
  public static var defaultIdentifier: String {
    if let identifier = Bundle.main.bundleIdentifier, !identifier.isEmpty {
      return identifier
    }
    let name = ProcessInfo.processInfo.processName
    if !name.isEmpty { return name }
    let argument = CommandLine.arguments.first ?? ""
    let last = URL(fileURLWithPath: argument).lastPathComponent
    return last.isEmpty ? "preferences" : last
  }

  /// ``defaultURL(for:format:)`` in the given environment.
  static func defaultURL(
    for identifier: String, format: PropertyListFormat = .propertyList,
    environment: [String: String]
  ) -> URL {
    var folderName = identifier.replacingOccurrences(of: "/", with: "_")
    if folderName.isEmpty || folderName == "." || folderName == ".." {
      folderName = "_" + folderName
    }
    return baseFolder(environment)
      .appendingPathComponent(folderName, isDirectory: true)
      .appendingPathComponent("preferences." + format.fileExtension, isDirectory: false)
  }

  /// ``Preferences/defaultStoreFolder``: the folder it was set to, or else the path in
  /// `PREFERENCESKIT_DEFAULT_STORE_FOLDER`; `nil` when neither is.
  ///
  /// Any non-empty value of the variable is a folder, so that a test run given one never falls
  /// back to the real settings: a leading `~` is the home folder (`HOME`), and a relative path
  /// is taken from the current directory.
  static func overriddenFolder(_ environment: [String: String]) -> URL? {
    if let folder = defaultStoreFolderOverride.withLock({ $0 }), folder.isFileURL {
      return folder
    }
    guard var path = environment["PREFERENCESKIT_DEFAULT_STORE_FOLDER"], !path.isEmpty else {
      return nil
    }
    if path == "~" || path.hasPrefix("~/") {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      path = home + path.dropFirst()
    }
    return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
  }

  private static func baseFolder(_ environment: [String: String]) -> URL {
    if let folder = overriddenFolder(environment) { return folder }
    // Each platform's rule is compiled everywhere, so the Darwin lane (DarwinCheck/) checks
    // them all; only the choice depends on the platform.
    #if os(macOS)
      return macOSFolder(environment) ?? appleFolder(.applicationSupportDirectory)
    #elseif os(tvOS)
      return appleFolder(.cachesDirectory)
    #elseif canImport(Darwin)
      return appleFolder(.applicationSupportDirectory)
    #else
      return xdgFolder(environment)
    #endif
  }

  /// macOS: `$HOME/Library/Application Support`, when `HOME` is absolute.
  static func macOSFolder(_ environment: [String: String]) -> URL? {
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent("Library", isDirectory: true)
      .appendingPathComponent("Application Support", isDirectory: true)
  }

  /// Linux and other systems: `$XDG_CONFIG_HOME`, or `~/.config`.
  static func xdgFolder(_ environment: [String: String]) -> URL {
    if let configuration = environment["XDG_CONFIG_HOME"], configuration.hasPrefix("/") {
      return URL(fileURLWithPath: configuration, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".config", isDirectory: true)
  }

  /// The app's own folder of the given kind: inside its container when it has one.
  /// `urls(for:in:)`:
  /// https://developer.apple.com/documentation/foundation/filemanager/urls(for:in:)
  static func appleFolder(_ folder: FileManager.SearchPathDirectory) -> URL {
    FileManager.default.urls(for: folder, in: .userDomainMask).first
      ?? URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
  }
}
