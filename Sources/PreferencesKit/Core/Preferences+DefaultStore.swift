// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

extension Preferences {
  /// Creates preferences backed by the platform's default store for the running program.
  ///
  /// That is `UserDefaults.standard` on Apple platforms. On Linux, where Foundation's
  /// `UserDefaults` loses updates between processes and can tear its file in a crash, it is a
  /// ``FileStore`` at ``FileStore/defaultURL(for:format:)`` for ``FileStore/defaultIdentifier``:
  /// `$XDG_CONFIG_HOME/<identifier>/preferences.plist`, or `~/.config/...` (`.toml` when the
  /// class chooses TOML with ``defaultFileFormat``).
  ///
  /// A command-line tool has no bundle identifier, so on Linux its identifier is the name of
  /// its executable, and renaming the executable starts it from defaults. Tools should use
  /// ``init(identifier:)`` instead.
  public convenience init() {
    self.init(store: Self.defaultStore(identifier: nil))
  }

  /// Creates preferences backed by the platform's default store for the application named
  /// `identifier`, whatever the executable is called.
  ///
  /// - On Linux: a ``FileStore`` at ``FileStore/defaultURL(for:format:)``, such as
  ///   `~/.config/com.example.notes/preferences.plist`.
  /// - On Apple platforms: `UserDefaults.standard` when `identifier` is the main bundle's
  ///   identifier, otherwise the `UserDefaults` suite of that name.
  ///
  /// ```swift
  /// let prefs = AppPreferences(identifier: "com.example.notes")
  /// ```
  ///
  /// - Parameter identifier: The application's identifier, in reverse-DNS form.
  public convenience init(identifier: String) {
    self.init(store: Self.defaultStore(identifier: identifier))
  }

  /// The folder that, when set, holds the default stores of every program and platform in
  /// place of the user's real settings: a test suite sets it so that a test that forgets to
  /// pass a store cannot read or write the developer's own preferences.
  ///
  /// While it is set, ``init()`` and ``init(identifier:)`` use a ``FileStore`` at
  /// `<folder>/<identifier>/preferences.plist` on every platform (never `UserDefaults`), and
  /// ``FileStore/defaultURL(for:format:)`` gives that path. It is process-wide and read each time a
  /// default store is made: set it before the first test creates preferences, from the setup
  /// every suite runs, or, to leave no test out whatever runs first, from outside the process
  /// with the environment variable `PREFERENCESKIT_DEFAULT_STORE_FOLDER` (a path: `~` is the
  /// home folder, a relative path is taken from the current directory), which gives its value
  /// until the property is set.
  ///
  /// ```swift
  /// Preferences.defaultStoreFolder = FileManager.default.temporaryDirectory
  ///   .appendingPathComponent("MyAppTests-\(UUID().uuidString)", isDirectory: true)
  /// let prefs = AppPreferences()  // in that folder, not in ~/.config
  /// ```
  ///
  /// A folder that is not a `file:` URL is ignored. Set it back to `nil` to return to the
  /// environment variable, or to the platform's default when that is unset. Tests running in
  /// parallel still share the stores in it: give each test its own store
  /// (see <doc:TestingYourPreferences>).
  public static var defaultStoreFolder: URL? {
    get { FileStore.overriddenFolder(ProcessInfo.processInfo.environment) }
    set { defaultStoreFolderOverride.withLock { $0 = newValue } }
  }

  /// The platform's default store for `identifier`, or for the running program when `nil`.
  static func defaultStore(identifier: String?) -> any PreferenceStore {
    let fileURL = FileStore.defaultURL(
      for: identifier ?? FileStore.defaultIdentifier, format: defaultFileFormat)
    if defaultStoreFolder != nil { return FileStore(url: fileURL) }
    #if canImport(Darwin)
      guard let identifier, identifier != Bundle.main.bundleIdentifier else {
        return UserDefaultsStore(defaults: .standard)
      }
      return UserDefaultsStore(suiteName: identifier)
    #else
      return FileStore(url: fileURL)
    #endif
  }
}

/// What ``Preferences/defaultStoreFolder`` was set to.
let defaultStoreFolderOverride = Mutex<URL?>(nil)
