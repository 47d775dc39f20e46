// swift-tools-version: 6.2
// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

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
    // Debug builds compile in the seam through which tests make system calls fail
    // (`SystemCallFaults`); release builds call the system directly, as swift-system does
    // with `ENABLE_MOCKING`.
    .target(
      name: "PreferencesKit", dependencies: ["PreferencesPrimitives", "PropertyListFormats"],
      resources: [.copy("PrivacyInfo.xcprivacy")],
      swiftSettings: [.define("ENABLE_SYSTEM_CALL_FAULTS", .when(configuration: .debug))]),

    // The property-list value and its formats (XML, binary, JSON): parsers, writers, salvage.
    // Internal: PreferencesKit re-exports it, so `import PreferencesKit` gives its public types.
    .target(name: "PropertyListFormats"),

    // Atomic loads and stores and an unfair lock, in C because `Synchronization.Atomic` needs
    // macOS 15 and the package supports macOS 14: the lock-free reads of the library's hot path.
    .target(name: "PreferencesPrimitives"),

    // Conformance checks that store authors run from their own tests.
    .target(name: "PreferencesKitTesting", dependencies: ["PreferencesKit"]),

    // The `prefs` command-line tool, modeled on macOS `defaults`.
    .executableTarget(name: "prefs", dependencies: ["PreferencesKit"]),

    // The sample app: `swift run Sample`.
    .executableTarget(name: "Sample", dependencies: ["PreferencesKit"], path: "Sample"),

    // Benchmarks: `swift run -c release PreferencesBenchmarks`.
    .executableTarget(
      name: "PreferencesBenchmarks", dependencies: ["PreferencesKit", "PreferencesPrimitives"],
      path: "Benchmarks/PreferencesBenchmarks"),

    // Tests, split by cost as swift-argument-parser splits unit and end-to-end tests: fast
    // in-process tests, and tests that run real processes (the helper program below, `prefs`,
    // `Sample`, SIGKILL, CPython's plistlib). Both share the support target's fixtures.
    .target(
      name: "PreferencesTestSupport", dependencies: ["PreferencesKit"],
      path: "Tests/PreferencesTestSupport"),
    .executableTarget(
      name: "PreferencesTestHelper", dependencies: ["PreferencesKit"],
      path: "Tests/PreferencesTestHelper"),
    .testTarget(
      name: "PreferencesKitTests",
      dependencies: [
        "PreferencesKit", "PreferencesKitTesting", "PreferencesTestSupport", "PropertyListFormats",
      ],
      // The toml-test cases, read from their place in the source tree.
      exclude: ["Corpora"]),
    // The process tests run the built executables, so they depend on them.
    .testTarget(
      name: "PreferencesKitProcessTests",
      dependencies: [
        "PreferencesKit", "PreferencesTestSupport", "PropertyListFormats", "PreferencesTestHelper",
        "prefs", "Sample",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Stricter than Swift 6 alone, as swift-log's manifest: `any` spelled out for existentials, and
// members visible only from modules a file imports itself.
for target in package.targets where target.name != "PreferencesPrimitives" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
