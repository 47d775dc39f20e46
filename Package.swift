// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-preferences",
  platforms: [
    .macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1),
  ],
  products: [
    .library(name: "PreferencesKit", targets: ["PreferencesKit"])
  ],
  targets: [
    // The library: the toolchain alone, no dependencies.
    .target(name: "PreferencesKit"),

    // Benchmarks: `swift run -c release PreferencesBenchmarks`.
    .executableTarget(
      name: "PreferencesBenchmarks",
      dependencies: ["PreferencesKit"],
      path: "Benchmarks/PreferencesBenchmarks"
    ),

    // Tests, and the helper program they start to test the file store across real processes.
    .executableTarget(name: "PreferencesTestHelper", dependencies: ["PreferencesKit"]),
    .testTarget(
      name: "PreferencesKitTests", dependencies: ["PreferencesKit", "PreferencesTestHelper"]),
  ],
  swiftLanguageModes: [.v6]
)
