// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A read-only source of preference values besides the store: what an administrator, the
/// system, the environment or the command line says.
///
/// A class opts in by overriding ``Preferences/layers``; the order of the list does not
/// matter, because one rule decides between layers everywhere:
/// managed > arguments > environment > the user's store > system > declared default.
///
/// ```swift
/// final class AppPreferences: Preferences, @unchecked Sendable {
///   override class var layers: [PreferenceLayer] {
///     [.arguments, .environment(prefix: "NOTES_"), .system]
///   }
///   @Preference var fontSize = 12.0
/// }
/// ```
///
/// Nothing a layer holds is ever written to the store: a value from a layer is read, and only
/// a value the app assigns is saved.
public struct PreferenceLayer: Sendable, Hashable {
  /// What the layer reads.
  enum Kind: Sendable, Hashable {
    case arguments
    case environment(prefix: String, names: [String: String])
    case system
  }

  let kind: Kind

  /// Overrides for one run from the command line: `-fontSize 18` (as the argument domain of
  /// `UserDefaults` reads it), `--fontSize 18` and `--fontSize=18`.
  ///
  /// Only arguments naming a declared key count; every other argument is left to the app. The
  /// text is converted to the property's type as described in the Layers article. After the
  /// key of a `Bool` property, the next argument is its value only if it reads as a Boolean
  /// (`true`, `no`, `1`...): `--showRuler` alone sets it to true.
  public static let arguments = PreferenceLayer(kind: .arguments)

  /// Overrides for one run from environment variables named by `prefix` and the key in upper
  /// snake case: with the prefix `NOTES_`, `fontSize` is read from `NOTES_FONT_SIZE`.
  ///
  /// A key made of anything but letters, digits and `_` has no variable unless `names` gives
  /// one:
  ///
  /// ```swift
  /// .environment(prefix: "NOTES_", names: ["Has Widgets": "NOTES_WIDGETS"])
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: What every variable's name starts with, such as `"NOTES_"`.
  ///   - names: Variables named explicitly, by key; they replace the derived names.
  /// - Returns: The layer.
  public static func environment(
    prefix: String, names: [String: String] = [:]
  ) -> PreferenceLayer {
    PreferenceLayer(kind: .environment(prefix: prefix, names: names))
  }

  /// What the system and its administrator provide: defaults for every user, below the user's
  /// own values, and managed keys, above everything.
  ///
  /// - On Linux: `<dir>/<identifier>/preferences.plist` (or `.json`) for defaults and
  ///   `<dir>/<identifier>/managed.plist` (or `.json`) for managed keys, for each `<dir>` of
  ///   `XDG_CONFIG_DIRS` (`/etc/xdg` when unset); for each key the first folder listed wins.
  /// - On Apple platforms: keys `UserDefaults` reports as forced
  ///   (`objectIsForced(forKey:)`), and the managed app configuration dictionary under
  ///   `com.apple.configuration.managed`, are managed; system-wide defaults are what
  ///   `UserDefaults` already reads.
  public static let system = PreferenceLayer(kind: .system)
}
