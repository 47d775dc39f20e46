import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Settings a command-line tool keeps in TOML, each rule as its user sees it.
final class ToolSettings: Preferences, @unchecked Sendable {
  override class var defaultFileFormat: PropertyListFormat { .toml }
  @Preference(help: "Font size in points") var fontSize = 12.0
  @Preference var theme = "light"
  @Preference(help: "Where files open") var folder: String? = nil
  @Preference var avatar = Data()
  @Preference var since: Date? = nil
  @Preference var budget: UInt64 = 0
}

/// `.toml` files through `FileStore` and `Preferences`: writes edit only what changed, a new
/// file documents itself, and what TOML cannot hold has its rule.
struct TOMLFileStoreTests {
  static let handWritten = """
    # My settings: hand-tuned, do not lose this comment.

    fontSize = 13.0  # bigger than the default
    theme = 'dark'   # literal string, kept as written
    retries = 0x10   # a key the app does not declare

    [window]
    # the size I like
    width = 1_024
    height = 768
    """ + "\n"

  @Test func aWriteChangesOnlyTheLinesOfTheKeysThatChanged() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.handWritten.utf8).write(to: url)
      let settings = ToolSettings(store: FileStore(url: url))
      #expect(settings.fontSize == 13)
      settings.fontSize = 15
      try settings.writePreferences()
      let expected = Self.handWritten.replacingOccurrences(
        of: "fontSize = 13.0  #", with: "fontSize = 15.0  #")
      #expect(try String(contentsOf: url, encoding: .utf8) == expected)
      // A dictionary entry held as a [table] changes one line.
      try FileStore(url: url).update(StoreUpdate()) { values in
        guard case .dictionary(var window)? = values["window"] else { return }
        window["height"] = .integer(800)
        values["window"] = .dictionary(window)
      }
      #expect(
        try String(contentsOf: url, encoding: .utf8)
          == expected.replacingOccurrences(of: "height = 768", with: "height = 800"))
    }
  }

  @Test func aFileNobodyChangedIsNeverRewritten() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.handWritten.utf8).write(to: url)
      let before = try FileManager.default.attributesOfItem(atPath: url.path)
      try FileStore(url: url).apply(["fontSize": .set(.double(13)), "theme": .set(.string("dark"))])
      let after = try FileManager.default.attributesOfItem(atPath: url.path)
      #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
      #expect(try String(contentsOf: url, encoding: .utf8) == Self.handWritten)
    }
  }

  @Test func aNewFileListsEveryDeclaredPreferenceCommentedOutWithItsDefaultAndHelp() throws {
    try withDirectory { directory in
      let url = directory.file("mytool").appendingPathComponent("preferences.toml")
      let settings = ToolSettings(store: FileStore(url: url))
      settings.theme = "dark"
      try settings.writePreferences()
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.hasPrefix("# Preferences of mytool."))
      #expect(text.contains("\n# fontSize = 12.0  # Font size in points\n"))
      #expect(text.contains("\n# theme = \"light\"\n"))
      #expect(text.contains("\n# folder (String?, unset by default)  # Where files open\n"))
      // Defaults stay defaults: only the assigned key is a value.
      #expect(try FileStore(url: url).allValues() == ["theme": .string("dark")])
      // A later assignment adds the key's own line and uncomments nothing.
      settings.fontSize = 14
      try settings.writePreferences()
      let later = try String(contentsOf: url, encoding: .utf8)
      #expect(later.contains("\n# fontSize = 12.0  # Font size in points\n"))
      #expect(later.hasSuffix("theme = \"dark\"\nfontSize = 14.0\n"), "\(later)")
      #expect(later.hasPrefix(String(text.dropLast("theme = \"dark\"\n".count))))
    }
  }

  @Test func dataIsBase64TextAndALocalDateTimeIsRefusedByADatePropertyAlone() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      let text = "avatar = \"AP8H\"\nsince = 1979-05-27T07:32:00\ntheme = \"dark\"\n"
      try Data(text.utf8).write(to: url)
      let settings = ToolSettings(store: FileStore(url: url))
      #expect(settings.avatar == Data([0, 255, 7]))
      #expect(settings.theme == "dark")
      #expect(settings.since == nil)
      let problem = settings.problemErrors(.load).first { $0.key == "since" }
      #expect(problem?.kind == .typeMismatch)
      #expect(problem?.file == url)
      #expect(String(describing: problem).contains("1979-05-27T07:32:00"))
      // Data written by the app is base64 text in the file, and reads back as the same data.
      settings.avatar = Data([1, 2, 3])
      try settings.writePreferences()
      #expect(try String(contentsOf: url, encoding: .utf8).contains("avatar = \"AQID\"\n"))
      #expect(ToolSettings(store: FileStore(url: url)).avatar == Data([1, 2, 3]))
    }
  }

  @Test func anIntegerAboveInt64MaxIsLeftOutNamingItsKeyAndTheRestIsSaved() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      let settings = ToolSettings(store: FileStore(url: url))
      settings.budget = UInt64(Int64.max) + 1
      settings.theme = "dark"
      let error = #expect(throws: PreferenceError.self) { try settings.writePreferences() }
      #expect(error?.kind == .unrepresentableValue)
      #expect(String(describing: error).contains("\"budget\""))
      #expect(try FileStore(url: url).allValues() == ["theme": .string("dark")])
      settings.budget = UInt64(Int64.max)
      try settings.writePreferences()
      #expect(try FileStore(url: url).value(forKey: "budget") == .integer(.max))
    }
  }

  @Test func aDamagedFileNamesLineAndColumnAndIsKeptWhenSalvaged() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data("theme = \"dark\"\nfontSize = = 3\n".utf8).write(to: url)
      let error = #expect(throws: PreferenceError.self) { try FileStore(url: url).allValues() }
      #expect(error?.kind == .corruptFile)
      #expect(error?.reason?.contains("line 2, column 12") == true, "\(String(describing: error))")
      let problems = try FileStore(url: url).update(StoreUpdate()) { $0["volume"] = .double(1) }
      #expect(problems.first?.kind == .fileMovedAside)
      #expect(
        try FileStore(url: url).allValues() == ["theme": .string("dark"), "volume": .double(1)])
      let kept = directory.names().filter { $0.hasPrefix("preferences.toml.corrupt-") }
      #expect(kept.count == 1)
      #expect(
        try kept.first.map { try String(contentsOf: directory.file($0), encoding: .utf8) }
          == "theme = \"dark\"\nfontSize = = 3\n")
    }
  }

  @Test func hostileFilesAreRefusedNotFollowed() throws {
    try withDirectory { directory in
      let large = directory.file("large.toml")
      try Data(("a = \"" + String(repeating: "x", count: 2_000) + "\"\n").utf8).write(to: large)
      let tooLarge = #expect(throws: PreferenceError.self) {
        try FileStore(url: large, maximumFileSize: 1_000).allValues()
      }
      #expect(tooLarge?.kind == .fileTooLarge)
      let deep = directory.file("deep.toml")
      try Data(("a = " + String(repeating: "[", count: 10_000)).utf8).write(to: deep)
      let tooDeep = #expect(throws: PreferenceError.self) { try FileStore(url: deep).allValues() }
      #expect(tooDeep?.kind == .nestingTooDeep)
    }
  }

  @Test func anEmptyFileIsAnEmptyStore() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data().write(to: url)
      #expect(try FileStore(url: url).allValues().isEmpty)
      try FileStore(url: url).apply(["theme": .set(.string("dark"))])
      #expect(try String(contentsOf: url, encoding: .utf8) == "theme = \"dark\"\n")
    }
  }

  @Test func anEditSavedWhileTheAppRunsIsSeenAndKeptByTheNextWrite() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.toml")
      try Data(Self.handWritten.utf8).write(to: url)
      let settings = ToolSettings(store: FileStore(url: url))
      settings.startWatchingStore()
      defer { settings.stopWatchingStore() }
      let edited = Self.handWritten.replacingOccurrences(of: "'dark'", with: "'solarized'")
      try Data(edited.utf8).write(to: url, options: .atomic)
      #expect(await eventually { settings.theme == "solarized" })
      settings.fontSize = 16
      try settings.writePreferences()
      #expect(
        try String(contentsOf: url, encoding: .utf8)
          == edited.replacingOccurrences(of: "fontSize = 13.0", with: "fontSize = 16.0"))
    }
  }

  @Test func aClassChoosesTOMLForItsDefaultFileWithOneLine() throws {
    let url = FileStore.defaultURL(
      for: "mytool", format: ToolSettings.defaultFileFormat,
      environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": ""])
    #if !canImport(Darwin)
      #expect(url.path == "/home/ada/.config/mytool/preferences.toml")
    #endif
    #expect(url.lastPathComponent == "preferences.toml")
    #expect(AppPreferences.defaultFileFormat == .propertyList)
    if Preferences.defaultStoreFolder != nil || !canImportDarwin {
      let store = ToolSettings.defaultStore(identifier: "mytool") as? FileStore
      #expect(store?.url.lastPathComponent == "preferences.toml")
      #expect(store?.format == .toml)
    }
  }

  @Test func aFileSyncStoreAskedForTOMLWritesJSON() {
    let store = FileSyncStore(folder: URL(fileURLWithPath: "/tmp/sync"), format: .toml)
    #expect(store.format == .json)
  }
}

#if canImport(Darwin)
  private let canImportDarwin = true
#else
  private let canImportDarwin = false
#endif
