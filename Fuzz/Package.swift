// swift-tools-version: 6.0
// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Coverage-guided fuzz targets for the property-list formats, built apart from the main package
// so that it never gains sanitizer-only targets. See Scripts/fuzz.sh; build by hand with
//   swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import Foundation
import PackageDescription

// A dependency on a local path is named after its folder, which differs between clones and
// work trees, so name it from this manifest's own location.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let preferencesKit = Target.Dependency.product(name: "PreferencesKit", package: parent)

let package = Package(
  name: "PreferencesFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: "..")],
  targets: [
    // Helpers every target shares: the outcome check and value trees built from bytes.
    .target(name: "FuzzSupport", dependencies: [preferencesKit]),
    .executableTarget(name: "FuzzXMLParser", dependencies: ["FuzzSupport", preferencesKit]),
    .executableTarget(name: "FuzzJSONParser", dependencies: ["FuzzSupport", preferencesKit]),
    .executableTarget(name: "FuzzTOMLParser", dependencies: ["FuzzSupport", preferencesKit]),
    .executableTarget(name: "FuzzBinaryParser", dependencies: ["FuzzSupport", preferencesKit]),
    .executableTarget(name: "FuzzValueDecoder", dependencies: ["FuzzSupport", preferencesKit]),
    .executableTarget(name: "FuzzImportValues", dependencies: ["FuzzSupport", preferencesKit]),
  ],
  swiftLanguageModes: [.v6]
)
