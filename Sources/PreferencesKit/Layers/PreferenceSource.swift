// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Where a preference's current value comes from: ``PreferenceHandle/source``.
///
/// The cases are ordered by precedence, lowest first: when several layers hold a key, the
/// greatest wins.
///
/// | source | what it is | written? |
/// | --- | --- | --- |
/// | ``managed`` | a value an administrator manages | never |
/// | ``arguments`` | `-key value` or `--key=value` for this run | never |
/// | ``environment`` | a variable such as `NOTES_FONT_SIZE` for this run | never |
/// | ``user`` | the store, or an assignment | yes |
/// | ``system`` | a default for every user | never |
/// | ``default`` | the declared default | never |
public enum PreferenceSource: Int, Sendable, Hashable, Comparable, CaseIterable,
  CustomStringConvertible
{
  /// The declared default, or what ``Preferences/setDefaults()`` assigned.
  case `default`
  /// A system-wide default, below the user's own value.
  case system
  /// The user's store, or an assignment made while the app runs.
  case user
  /// An environment variable, for this run.
  case environment
  /// A command-line argument, for this run.
  case arguments
  /// A value an administrator manages: assignments do not change it.
  case managed

  /// Orders sources by precedence: `a < b` when `b` wins over `a`.
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

  /// The source's name, such as `"managed"`.
  public var description: String {
    switch self {
    case .default: "default"
    case .system: "system"
    case .user: "user"
    case .environment: "environment"
    case .arguments: "arguments"
    case .managed: "managed"
    }
  }
}
