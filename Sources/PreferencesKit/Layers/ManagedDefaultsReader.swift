// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The part of `UserDefaults` that tells which keys an administrator forces, so the managed
/// layer can be tested on any platform with a fake of the same shape.
///
/// - `objectIsForced(forKey:)`:
///   https://developer.apple.com/documentation/foundation/userdefaults/objectisforced(forkey:)
/// - The managed app configuration, a dictionary under `com.apple.configuration.managed` that
///   a device management server sets:
///   https://developer.apple.com/documentation/devicemanagement/managedappconfiguration
protocol ForcedDefaults {
  /// Whether an administrator forces the value of `key` (a configuration profile).
  func objectIsForced(forKey key: String) -> Bool
  /// The value `UserDefaults` reads for `key`, from whichever domain holds it.
  func object(forKey key: String) -> Any?
  /// The dictionary stored under `key`.
  func dictionary(forKey key: String) -> [String: Any]?
}

extension UserDefaults: ForcedDefaults {}

/// The Apple platforms' layers: keys an administrator forces, and the managed app
/// configuration, are managed. System-wide defaults need no reading of their own: the
/// `UserDefaults` search list (the argument domain, the app's domain, the global domain,
/// registered defaults) already merges them into what the store reads.
/// https://developer.apple.com/documentation/foundation/userdefaults#Sharing-Defaults-Between-Programs
///
/// `@unchecked Sendable`: `UserDefaults` is documented as thread-safe; fakes in tests are
/// immutable.
struct ManagedDefaultsReader: SystemLayerReading, @unchecked Sendable {
  /// The key of the managed app configuration dictionary.
  static let configurationKey = "com.apple.configuration.managed"

  let defaults: any ForcedDefaults

  func entries(
    forKeys keys: [String]
  ) -> (entries: [String: [LayerValue]], errors: [PreferenceError]) {
    var layers = SystemLayers()
    let configuration = defaults.dictionary(forKey: Self.configurationKey) ?? [:]
    for key in keys {
      let described: String
      let object: Any?
      if defaults.objectIsForced(forKey: key) {
        (described, object) = ("a configuration profile", defaults.object(forKey: key))
      } else if let configured = configuration[key] {
        (described, object) = ("the managed app configuration", configured)
      } else {
        continue
      }
      guard let object else { continue }
      do throws(PreferenceError) {
        let value = try PropertyListValue(foundationObject: object)
        layers.managed[key] = LayerValue(
          source: .managed, content: .value(value), sourceDescription: described)
      } catch {
        var failure = error
        failure.key = key
        failure.reason = "the value from \(described) is not a property-list value and is ignored"
        layers.errors.append(failure)
      }
    }
    return (layers.managed.mapValues { [$0] }, layers.errors)
  }
}
