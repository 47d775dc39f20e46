// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// A store backed by a `UserDefaults` object: the standard defaults, or any suite.
///
/// Values written through `UserDefaults` itself are read by the matching `@Preference`, and
/// values saved by ``Preferences/writePreferences()`` are readable through `UserDefaults`
/// (`double(forKey: "fontSize")`, `string(forKey:)`, ...).
///
/// ```swift
/// let suite = UserDefaultsStore(suiteName: "com.example.app")
/// let standard = UserDefaultsStore(defaults: .standard)
/// ```
///
/// Each write calls `synchronize()`, which Linux needs to save at all. On Linux,
/// `UserDefaults` loses updates when two processes write one suite and rewrites its file in
/// place; prefer ``FileStore`` there.
///
/// `@unchecked Sendable`: `UserDefaults` is documented as thread-safe, though Linux's
/// Foundation does not declare it `Sendable`; the store's own properties are constants.
public final class UserDefaultsStore: PreferenceStore, @unchecked Sendable {
  /// The defaults this store reads and writes.
  public let defaults: UserDefaults
  /// The persistent domain that ``values(forKeys:)`` lists and ``apply(_:)`` restores from, when
  /// known.
  let domainName: String?

  /// Creates a store over an existing `UserDefaults` object.
  ///
  /// For `UserDefaults.standard`, the store reads the app's own persistent domain, and the
  /// other domains are layers (see ``values(forKeys:)``). For any other object, whose domain
  /// cannot be told, it reads everything the object can see; prefer ``init(suiteName:)`` there.
  ///
  /// - Parameter defaults: The defaults to read and write.
  public convenience init(defaults: UserDefaults) {
    self.init(
      defaults: defaults,
      domainName: defaults === UserDefaults.standard ? Self.standardDomainName : nil)
  }

  /// Creates a store over the `UserDefaults` suite called `suiteName`.
  ///
  /// When Foundation refuses the name of the app's own bundle identifier, the store uses
  /// `UserDefaults.standard`, which reads and writes that domain.
  ///
  /// `NSGlobalDomain` (`UserDefaults.globalDomain`) makes a store that reads the global
  /// domain and fails to write it: `UserDefaults` offers no way to write it (NSUserDefaults.h:
  /// passing NSGlobalDomain to `initWithSuiteName:` "is an error").
  ///
  /// - Parameter suiteName: The suite's name, such as `"com.example.app"`.
  public convenience init(suiteName: String) {
    if suiteName == UserDefaults.globalDomain {
      self.init(defaults: .standard, domainName: suiteName)
    } else if let suite = UserDefaults(suiteName: suiteName) {
      self.init(defaults: suite, domainName: suiteName)
    } else {
      self.init(defaults: .standard)
    }
  }

  init(defaults: UserDefaults, domainName: String?) {
    self.defaults = defaults
    self.domainName = domainName
  }

  /// The name of `UserDefaults.standard`'s persistent domain.
  static var standardDomainName: String {
    Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
  }

  /// The values of `keys` that the app's or suite's own domain holds; for `nil`, the keys this
  /// app or suite wrote: its persistent domain, without the global domain (`AppleLanguages`,
  /// ...) or registered defaults, so a fresh install is empty.
  ///
  /// What `UserDefaults` merges in from its other domains (arguments, registered defaults, the
  /// global domain, managed keys) is not stored here: ``Preferences`` reads it as layers
  /// (``userDefaultsDomains``), so a reset removes only the stored value. A store made with
  /// ``init(defaults:)`` from an object other than `UserDefaults.standard` cannot tell its own
  /// domain from the others, so it reads everything the object sees as stored.
  public func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
    guard let keys else { return allStoredValues() }
    let own = domainName.map { defaults.persistentDomain(forName: $0) ?? [:] }
    var result: [String: PropertyListValue] = [:]
    for key in keys {
      guard let object = own.map({ $0[key] }) ?? defaults.object(forKey: key) else { continue }
      do {
        result[key] = try PropertyListValue(foundationObject: object)
      } catch {
        var error = error
        error.key = key
        throw error
      }
    }
    return result
  }

  /// The domains `UserDefaults` merges in besides the store's own, which ``Preferences``
  /// reads as layers (see ``values(forKeys:)``).
  public var userDefaultsDomains: UserDefaultsDomains? {
    UserDefaultsDomains(defaults: defaults, ownDomain: domainName)
  }

  /// Sets and removes the keys, then calls `synchronize()`. When that fails, every key is put
  /// back as it was, so the defaults are left as they were.
  ///
  /// - Throws: ``PreferenceError/Kind/writeFailed`` when `synchronize()` reports failure, or
  ///   the store reads the global domain, which it does not write (see ``init(suiteName:)``).
  public func apply(_ changes: [String: StoredChange]) throws {
    if !changes.isEmpty, let refusal = Self.refusal(toWrite: changes.keys, inDomain: domainName) {
      throw refusal
    }
    // Keys the domain does not hold are absent, to be removed again; registered defaults and
    // the global domain's values must not be copied into it.
    let previous = persistentObjects()
    for (key, change) in changes {
      set(change.value?.foundationObject, forKey: key)
    }
    guard defaults.synchronize() else {
      for key in changes.keys { set(previous[key], forKey: key) }
      throw PreferenceError(
        .writeFailed, key: changes.keys.sorted().first, file: nil,
        reason: "UserDefaults could not save \(domainName.map { "suite \($0)" } ?? "its values"); "
          + "nothing was changed")
    }
  }

  /// The keys this app or suite wrote, as property-list values.
  private func allStoredValues() -> [String: PropertyListValue] {
    var result: [String: PropertyListValue] = [:]
    for (key, object) in persistentObjects() {
      // Foundation's own entries in other domains may hold non-property-list objects.
      if let value = try? PropertyListValue(foundationObject: object) { result[key] = value }
    }
    return result
  }

  /// The persistent domain, or everything the defaults object can see when it is not known.
  private func persistentObjects() -> [String: Any] {
    guard let domainName else { return defaults.dictionaryRepresentation() }
    return defaults.persistentDomain(forName: domainName) ?? [:]
  }

  private func set(_ object: Any?, forKey key: String) {
    if let object {
      defaults.set(object, forKey: key)
    } else {
      defaults.removeObject(forKey: key)
    }
  }
}

extension UserDefaultsStore {
  /// The error for writing `keys` to `domainName`, when it is the global domain, which
  /// `UserDefaults` cannot write (see ``init(suiteName:)``); `nil` for any other domain.
  static func refusal(
    toWrite keys: some Collection<String>, inDomain domainName: String?
  ) -> PreferenceError? {
    guard domainName == UserDefaults.globalDomain else { return nil }
    return PreferenceError(
      .writeFailed, key: keys.sorted().first, file: nil,
      reason: "the global domain (\(UserDefaults.globalDomain)) is read-only here: "
        + "UserDefaults cannot write it, and nothing was changed; on macOS, write it with "
        + "'defaults write -g KEY VALUE'")
  }
}
