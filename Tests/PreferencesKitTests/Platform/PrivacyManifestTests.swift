// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

/// The privacy manifest declares every category of Apple's required-reason APIs that the
/// library's code calls, with the reasons that fit what the code does:
/// https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api
struct PrivacyManifestTests {
  private static let root = packageRoot(containing: URL(fileURLWithPath: #filePath))

  /// Each category, the calls of the library's own that belong to it, and the reasons that
  /// must be declared for it.
  private static let categories: [(category: String, calls: [String], reasons: [String])] = [
    // `FileStore` and `FileSyncStore` stat the store's files; `C617.1` covers the app's and
    // its app groups' containers, `3B52.1` the files and folders a person chose (a sync
    // folder, a document picker's file).
    (
      "NSPrivacyAccessedAPICategoryFileTimestamp",
      [
        "fstat(", "stat(", "lstat(", "fstatat(", "attributesOfItem", "modificationDate",
        "creationDate", "getattrlist",
      ],
      ["C617.1", "3B52.1"]
    ),
    // `UserDefaultsStore` reads and writes the app's own defaults (`CA92.1`) and the suites
    // of its app groups (`1C8F.1`).
    ("NSPrivacyAccessedAPICategoryUserDefaults", ["UserDefaults"], ["CA92.1", "1C8F.1"]),
    (
      "NSPrivacyAccessedAPICategoryDiskSpace",
      [
        "volumeAvailableCapacity", "volumeTotalCapacity", "statfs(", "statvfs(",
        "systemFreeSize", "systemSize",
      ],
      []
    ),
    ("NSPrivacyAccessedAPICategorySystemBootTime", ["systemUptime", "mach_absolute_time"], []),
  ]

  /// The declared reasons of each category in `Sources/PreferencesKit/PrivacyInfo.xcprivacy`.
  private static func declaredReasons() throws -> [String: [String]] {
    let root = try #require(root)
    let url = root.appendingPathComponent("Sources/PreferencesKit/PrivacyInfo.xcprivacy")
    let plist = try PropertyListSerialization.propertyList(
      from: Data(contentsOf: url), options: [], format: nil)
    let manifest = try #require(plist as? [String: Any])
    #expect(manifest["NSPrivacyTracking"] as? Bool == false)
    let types = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    var declared: [String: [String]] = [:]
    for entry in types {
      let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
      declared[category] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
    }
    return declared
  }

  /// The library's Swift code, without comment lines.
  private static func libraryCode() throws -> String {
    let folder = try #require(root).appendingPathComponent("Sources/PreferencesKit")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    var code = ""
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(
        contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n")
      where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
        code += line + "\n"
      }
    }
    return code
  }

  @Test func everyRequiredReasonCategoryTheCodeCallsIsDeclaredWithItsReasons() throws {
    let declared = try Self.declaredReasons()
    let code = try Self.libraryCode()
    for (category, calls, reasons) in Self.categories {
      let used = calls.filter { code.contains($0) }
      if used.isEmpty {
        #expect(declared[category] == nil, "\(category) is declared but no call needs it")
      } else {
        #expect(
          declared[category].map(Set.init) == Set(reasons),
          "the code calls \(used) of \(category), which needs the reasons \(reasons)")
      }
    }
    #expect(Set(declared.keys).isSubset(of: Self.categories.map(\.category)))
  }
}
