import Foundation

extension Preferences {
  /// Creates preferences backed by the platform's default store for the running program.
  ///
  /// That is `UserDefaults.standard` on Apple platforms. On Linux, where Foundation's
  /// `UserDefaults` loses updates between processes and can tear its file in a crash, it is a
  /// ``FileStore`` at ``FileStore/defaultURL(for:)`` for ``FileStore/defaultIdentifier``:
  /// `$XDG_CONFIG_HOME/<identifier>/preferences.plist`, or `~/.config/...`.
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
  /// - On Linux: a ``FileStore`` at ``FileStore/defaultURL(for:)``, such as
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

  /// The platform's default store for `identifier`, or for the running program when `nil`.
  static func defaultStore(identifier: String?) -> any PreferenceStore {
    #if canImport(Darwin)
      guard let identifier, identifier != Bundle.main.bundleIdentifier else {
        return UserDefaultsStore(defaults: .standard)
      }
      return UserDefaultsStore(suiteName: identifier)
    #else
      return FileStore(url: FileStore.defaultURL(for: identifier ?? FileStore.defaultIdentifier))
    #endif
  }
}
