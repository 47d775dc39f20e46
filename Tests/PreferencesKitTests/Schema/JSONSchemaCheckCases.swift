// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import PreferencesKit

/// Writes schemas the library emits and random documents with the library's verdict on each,
/// for `Scripts/jsonschema_check.py`, which checks each schema against the draft 2020-12
/// metaschema and each verdict against Python's `jsonschema`. Runs only when
/// `JSONSCHEMA_CHECK_DIR` names the folder to write (`.ci/run` sets it), since the check
/// needs a package the toolchain does not have.
struct JSONSchemaCheckCases {
  static let folder = ProcessInfo.processInfo.environment["JSONSCHEMA_CHECK_DIR"]

  @Test(.enabled(if: folder != nil)) func writeSchemasDocumentsAndVerdicts() throws {
    let folder = URL(fileURLWithPath: try #require(Self.folder))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let count = Int(ProcessInfo.processInfo.environment["JSONSCHEMA_CHECK_SCHEMAS"] ?? "") ?? 200
    var random = SplitMix64(seed: 35)
    var schemas = [ConstrainedPreferences.schema, SchemaKindsPreferences.schema]
    schemas += (0..<count).map { _ in RandomSchema.make(using: &random) }
    var cases: [[String: Any]] = []
    var invalid = 0
    for (index, schema) in schemas.enumerated() {
      let name = String(format: "%04d", index)
      let bytes = schema.jsonSchema()
      try bytes.write(to: folder.appendingPathComponent("\(name).schema.json"))
      let validator = try JSONSchemaValidator(schema: Array(bytes))
      for number in 0..<20 {
        let document = RandomSchema.document(for: schema, using: &random)
        let file = "\(name)-\(number).json"
        try Data(try PropertyListFormat.json.encode(document))
          .write(to: folder.appendingPathComponent(file))
        let valid = validator.violations(of: document).isEmpty
        if !valid { invalid += 1 }
        cases.append(["schema": "\(name).schema.json", "document": file, "valid": valid])
      }
    }
    let manifest = try JSONSerialization.data(withJSONObject: cases, options: [.sortedKeys])
    try manifest.write(to: folder.appendingPathComponent("cases.json"))
    // Both verdicts are common, so agreement on each is tested.
    #expect(invalid > cases.count / 5 && invalid < cases.count * 4 / 5)
  }
}
