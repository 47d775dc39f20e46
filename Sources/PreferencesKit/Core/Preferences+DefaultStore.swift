public import Foundation

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

  /// The folder that, when set, holds the default stores of every program and platform in
  /// place of the user's real settings: a test suite sets it so that a test that forgets to
  /// pass a store cannot read or write the developer's own preferences.
  ///
  /// While it is set, ``init()`` and ``init(identifier:)`` use a ``FileStore`` at
  /// `<folder>/<identifier>/preferences.plist` on every platform (never `UserDefaults`), and
  /// ``FileStore/defaultURL(for:)`` gives that path. It is process-wide and read each time a
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
    if defaultStoreFolder != nil {
      return FileStore(url: FileStore.defaultURL(for: identifier ?? FileStore.defaultIdentifier))
    }
    #if canImport(Darwin)
      guard let identifier, identifier != Bundle.main.bundleIdentifier else {
        return UserDefaultsStore(defaults: .standard)
      }
      return UserDefaultsStore(suiteName: identifier)
    #else
      return FileStore(url: FileStore.defaultURL(for: identifier ?? FileStore.defaultIdentifier))
    #endif
  }

  /// The identifier the system's layers are found by: for a store in a file
  /// (``PreferenceStore/location``), the name of the folder holding it (the identifier itself
  /// for ``init(identifier:)`` and ``init()`` on Linux, as ``FileStore/defaultURL(for:)`` names
  /// the folder); for any other store, the running program's ``FileStore/defaultIdentifier``.
  static func layerIdentifier(of store: any PreferenceStore) -> String {
    guard let location = store.location, location.isFileURL else {
      return FileStore.defaultIdentifier
    }
    return location.deletingLastPathComponent().lastPathComponent
  }

  /// The reader of the system's layers for `store`.
  ///
  /// - A store over `UserDefaults` (``PreferenceStore/userDefaultsDomains``, a
  ///   ``UserDefaultsStore``'s): the keys its `UserDefaults` reports forced, the managed app
  ///   configuration, registered defaults and the global domain (see
  ///   ``UserDefaultsStore/values(forKeys:)``); elsewhere than on Apple platforms, then the
  ///   files below.
  /// - Any other store, on every platform: the files under `XDG_CONFIG_DIRS`, so a
  ///   ``FileStore`` reads the same system and managed files on a Mac as on Linux; on Apple
  ///   platforms, the forced keys and managed app configuration of `UserDefaults.standard`
  ///   come first, as a configuration profile applies to the app whatever store it uses.
  ///
  /// - Parameters:
  ///   - store: The instance's store.
  ///   - environment: The process's arguments, environment and folders.
  ///   - applePlatform: Whether to choose as on Apple platforms; tests choose both ways.
  ///   - standardDefaults: `UserDefaults.standard`, unless a test gives a fake.
  static func systemLayerReader(
    for store: any PreferenceStore, environment: LayerEnvironment,
    applePlatform: Bool = Platform.isApple,
    standardDefaults: @autoclosure () -> any ForcedDefaults = UserDefaults.standard
  ) -> any SystemLayerReading {
    let files = XDGLayerReader(
      identifier: layerIdentifier(of: store), systemFolders: environment.systemFolders)
    if let platform = store.platformLayers {
      return applePlatform
        ? platform.reader : CombinedLayerReader(readers: [platform.reader, files])
    }
    guard applePlatform else { return files }
    return CombinedLayerReader(
      readers: [ManagedDefaultsReader(defaults: standardDefaults()), files])
  }
}

/// What ``Preferences/defaultStoreFolder`` was set to.
let defaultStoreFolderOverride = Mutex<URL?>(nil)
