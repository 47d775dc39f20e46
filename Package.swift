// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "swift-preferences",
  platforms: [
    .macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1),
  ],
  products: [
    .library(name: "PreferencesKit", targets: ["PreferencesKit"]),
    .library(name: "PreferencesKitTesting", targets: ["PreferencesKitTesting"]),
    .executable(name: "prefs", targets: ["prefs"]),
  ],
  targets: [
    // The library: the toolchain alone, no dependencies. The privacy manifest declares, for
    // apps on Apple platforms, why the library uses UserDefaults and reads file timestamps.
    .target(
      name: "PreferencesKit", dependencies: ["PreferencesAtomics"],
      resources: [.copy("PrivacyInfo.xcprivacy")]),

    // Atomic loads and stores and an unfair lock, in C because `Synchronization.Atomic` needs
    // macOS 15 and the package supports macOS 14: the lock-free reads of the library's hot path.
    .target(name: "PreferencesAtomics"),

    // Conformance checks that store authors run from their own tests.
    .target(name: "PreferencesKitTesting", dependencies: ["PreferencesKit"]),

    // The `prefs` command-line tool, modeled on macOS `defaults`.
    .executableTarget(name: "prefs", dependencies: ["PreferencesKit"]),

    // The sample app: `swift run Sample`.
    .executableTarget(name: "Sample", dependencies: ["PreferencesKit"], path: "Sample"),

    // Benchmarks: `swift run -c release PreferencesBenchmarks`.
    .executableTarget(
      name: "PreferencesBenchmarks", dependencies: ["PreferencesKit", "PreferencesAtomics"],
      path: "Benchmarks/PreferencesBenchmarks"),

    // Tests, and the helper program they start to test the file store across real processes.
    .executableTarget(name: "PreferencesTestHelper", dependencies: ["PreferencesKit"]),
    // The tests also run the built `prefs` and `Sample` executables, so they depend on them.
    .testTarget(
      name: "PreferencesKitTests",
      dependencies: [
        "PreferencesKit", "PreferencesKitTesting", "PreferencesTestHelper", "prefs", "Sample",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Stricter than Swift 6 alone, as swift-log's manifest: `any` spelled out for existentials, and
// members visible only from modules a file imports itself.
for target in package.targets where target.name != "PreferencesAtomics" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
