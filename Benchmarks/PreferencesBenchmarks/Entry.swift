import Foundation
import PreferencesKit

/// Measures PreferencesKit against a plain stored property, `UserDefaults`, the
/// `PropertyListEncoder` round trip and raw atomic writes, side by side in one process.
///
/// `swift run -c release PreferencesBenchmarks` prints a table; `--json` prints the same
/// figures as JSON.
@main
enum PreferencesBenchmarks {
  /// Runs every benchmark and prints the report.
  static func main() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--child-load" {
      try MemoryBenchmarks.childLoad(Array(arguments.dropFirst()))
      return
    }
    if arguments.first == "--child-memory" {
      MemoryBenchmarks.childPerPreference()
      return
    }
    // Before anything touches UserDefaults: Foundation on Linux keeps suites under
    // XDG_CONFIG_HOME, so every suite of this run lives in a folder removed at exit.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let configuration = scratch.url.appendingPathComponent("config", isDirectory: true)
    try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
    setenv("XDG_CONFIG_HOME", configuration.path, 1)

    let json = arguments.contains("--json")
    var report = Report()
    let progress = { (message: String) in
      FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    progress("filling UserDefaults suites of 10, 100, 1,000 and 10,000 keys")
    let suites = [10, 100, 1_000, 10_000].map { SampleSuite(count: $0) }
    defer { for suite in suites { suite.remove() } }

    progress("reads and assignments")
    ReadWriteBenchmarks.run(suites: suites, into: &report)
    progress("Codable")
    try CodableBenchmarks.run(into: &report)
    progress("stores")
    _ = try StoreBenchmarks.run(suites: suites, scratch: scratch, into: &report)
    progress("memory")
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = configuration.path
    try MemoryBenchmarks.run(environment: environment, into: &report)
    try MemoryBenchmarks.runLoad(
      label: "UserDefaultsStore", arguments: ["defaults", suites[3].name],
      environment: environment, into: &report)

    print(json ? try report.json() : report.table)
    progress("sink \(benchmarkSink)")
  }
}
