// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// The domains a `UserDefaults` object merges into what it reads, other than a store's own,
/// which ``Preferences`` reads as layers for a store kept in that own domain
/// (``PreferenceStore/userDefaultsDomains``): a ``UserDefaultsStore`` keeps `UserDefaults`'
/// merged view (launch arguments from an Xcode scheme, registered defaults) while only its
/// own domain counts as stored, so `$key.source` tells where a value comes from and a reset
/// removes only the stored value. The search order:
/// https://developer.apple.com/documentation/foundation/userdefaults#Sharing-Defaults-Between-Programs
///
/// - Keys the object reports forced, and the managed app configuration, are the managed layer.
/// - The argument domain (`-fontSize 18`) is the arguments layer, read once at launch.
/// - The global domain and registered defaults are the system layer.
///
/// Without its own domain's name, the object's other domains cannot be told from the
/// store's, and only the managed layer is read.
///
/// ```swift
/// var userDefaultsDomains: UserDefaultsDomains? {
///   UserDefaultsDomains(defaults: suite, ownDomain: "com.example.app")
/// }
/// ```
///
/// `@unchecked Sendable`: `UserDefaults` is documented as thread-safe.
public struct UserDefaultsDomains: @unchecked Sendable {
  /// The object whose domains these are.
  public let defaults: UserDefaults
  /// The name of the store's own domain (the suite's name, or the app's bundle identifier for
  /// `UserDefaults.standard`), or `nil` when it cannot be told.
  public let ownDomain: String?

  /// The domains of `defaults` other than `ownDomain`.
  ///
  /// - Parameters:
  ///   - defaults: The object the store reads and writes.
  ///   - ownDomain: The name of the domain the store keeps its values in, or `nil` when it
  ///     cannot be told.
  public init(defaults: UserDefaults, ownDomain: String?) {
    self.defaults = defaults
    self.ownDomain = ownDomain
  }

  /// The layers these domains hold: forced keys and the managed app configuration, then,
  /// when the own domain is known, registered defaults and the global domain.
  var reader: any SystemLayerReading {
    let managed = ManagedDefaultsReader(defaults: defaults)
    guard let ownDomain else { return managed }
    return CombinedLayerReader(
      readers: [managed, OtherDomains(defaults: defaults, domainName: ownDomain)])
  }

  /// The argument domain's values for `keys`, when the own domain is known.
  func arguments(forKeys keys: [String]) -> [String: [LayerValue]] {
    guard let ownDomain else { return [:] }
    return OtherDomains(defaults: defaults, domainName: ownDomain).arguments(forKeys: keys)
  }
}

/// The domains other than a known own domain: the argument domain and the system layer.
private struct OtherDomains: SystemLayerReading, @unchecked Sendable {
  let defaults: UserDefaults
  /// The store's own domain.
  let domainName: String

  /// The argument domain's values for `keys`.
  func arguments(forKeys keys: [String]) -> [String: [LayerValue]] {
    let domain = defaults.volatileDomain(forName: UserDefaults.argumentDomain)
    var found: [String: [LayerValue]] = [:]
    for key in keys {
      guard let object = domain[key],
        let value = try? PropertyListValue(foundationObject: object)
      else { continue }
      found[key] = [
        LayerValue(
          source: .arguments, content: .value(value), sourceDescription: "the argument domain")
      ]
    }
    return found
  }

  /// The system layer: registered defaults, then the global domain, then, where neither can be
  /// read by name (Linux's Foundation does not list registered defaults), what `UserDefaults`
  /// reads for a key that neither the store's domain nor the argument domain holds.
  func entries(
    forKeys keys: [String]
  ) -> (entries: [String: [LayerValue]], errors: [PreferenceError]) {
    let registered = defaults.volatileDomain(forName: UserDefaults.registrationDomain)
    let global = defaults.persistentDomain(forName: UserDefaults.globalDomain) ?? [:]
    let own = defaults.persistentDomain(forName: domainName) ?? [:]
    let arguments = defaults.volatileDomain(forName: UserDefaults.argumentDomain)
    var entries: [String: [LayerValue]] = [:]
    var errors: [PreferenceError] = []
    for key in keys {
      let object: Any?
      let described: String
      if let value = registered[key] {
        (object, described) = (value, "registered defaults")
      } else if let value = global[key] {
        (object, described) = (value, "the global domain")
      } else if own[key] == nil, arguments[key] == nil, !defaults.objectIsForced(forKey: key) {
        (object, described) = (
          defaults.object(forKey: key), "registered defaults or the global domain"
        )
      } else {
        continue
      }
      guard let object else { continue }
      do throws(PreferenceError) {
        let value = try PropertyListValue(foundationObject: object)
        entries[key] = [
          LayerValue(source: .system, content: .value(value), sourceDescription: described)
        ]
      } catch {
        var failure = error
        failure.key = key
        failure.reason = "the value from \(described) is not a property-list value and is ignored"
        errors.append(failure)
      }
    }
    return (entries, errors)
  }
}
