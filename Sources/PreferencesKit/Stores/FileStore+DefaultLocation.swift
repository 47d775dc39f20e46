import Foundation

extension FileStore {
  /// Where the default store of the application named `identifier` lives.
  ///
  /// - On Linux and other non-Apple systems: `$XDG_CONFIG_HOME/<identifier>/preferences.plist`,
  ///   where `XDG_CONFIG_HOME` falls back to `~/.config` when it is unset, empty or relative.
  /// - On Apple platforms: `~/Library/Application Support/<identifier>/preferences.plist`.
  ///
  /// A `/` in the identifier is replaced by `_`, so the identifier is always one folder.
  ///
  /// ```swift
  /// let store = FileStore(url: FileStore.defaultURL(for: "com.example.app"))
  /// // Linux: /home/ada/.config/com.example.app/preferences.plist
  /// ```
  ///
  /// - Parameter identifier: The application's identifier, such as ``defaultIdentifier``.
  /// - Returns: The URL of the preferences file, which need not exist yet.
  public static func defaultURL(for identifier: String) -> URL {
    var folderName = identifier.replacingOccurrences(of: "/", with: "_")
    if folderName.isEmpty || folderName == "." || folderName == ".." {
      folderName = "_" + folderName
    }
    return baseFolder()
      .appendingPathComponent(folderName, isDirectory: true)
      .appendingPathComponent("preferences.plist", isDirectory: false)
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

  private static func baseFolder() -> URL {
    let environment = ProcessInfo.processInfo.environment
    #if canImport(Darwin)
      return homeFolder(environment)
        .appendingPathComponent("Library", isDirectory: true)
        .appendingPathComponent("Application Support", isDirectory: true)
    #else
      if let configuration = environment["XDG_CONFIG_HOME"], configuration.hasPrefix("/") {
        return URL(fileURLWithPath: configuration, isDirectory: true)
      }
      return homeFolder(environment).appendingPathComponent(".config", isDirectory: true)
    #endif
  }

  private static func homeFolder(_ environment: [String: String]) -> URL {
    if let home = environment["HOME"], !home.isEmpty {
      return URL(fileURLWithPath: home, isDirectory: true)
    }
    return FileManager.default.homeDirectoryForCurrentUser
  }
}
