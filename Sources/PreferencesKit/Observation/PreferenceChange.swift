// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// One change to one preference, as ``Preferences/changes()`` delivers it.
///
/// ```swift
/// for await change in prefs.changes() {
///   print(change.key, change.origin)   // "fontSize", .local
///   if case .double(let old)? = change.oldValue, case .double(let new)? = change.newValue {
///     print(old, new)   // 12.0 14.0: the stored forms .double(12.0) and .double(14.0)
///   }
/// }
/// ```
///
/// The values are stored forms, as the store holds them: a handler can log, diff or undo a
/// change without keeping a copy of its own, and turn a form back into a value with
/// ``PropertyListRepresentable/init(propertyListValue:)``.
public struct PreferenceChange: Sendable, Hashable {
  /// Where a change came from.
  public enum Origin: String, Sendable, Hashable {
    /// An assignment in this process.
    case local
    /// The store: ``Preferences/readPreferences()``, another process seen while watching the
    /// store, or a synced value.
    case external
    /// ``Preferences/resetToDefaults()``.
    case reset
  }

  /// The preference's key.
  public let key: String
  /// Where the change came from.
  public let origin: Origin
  /// The stored form of the value before the change; `nil` when it had none (an optional
  /// holding `nil`), or when the value could not be encoded.
  public let oldValue: PropertyListValue?
  /// The stored form of the value after the change; `nil` when it has none. After a reset it
  /// is the default's form, although the store will hold no value for the key.
  public let newValue: PropertyListValue?

  /// Creates a change record.
  ///
  /// - Parameters:
  ///   - key: The preference's key.
  ///   - origin: Where the change came from.
  ///   - oldValue: The stored form of the value before the change.
  ///   - newValue: The stored form of the value after the change.
  public init(
    key: String, origin: Origin, oldValue: PropertyListValue? = nil,
    newValue: PropertyListValue? = nil
  ) {
    self.key = key
    self.origin = origin
    self.oldValue = oldValue
    self.newValue = newValue
  }
}
