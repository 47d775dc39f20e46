// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Every preference a ``Preferences`` subclass declares: key, type, default, help text,
/// constraints, and how it syncs.
///
/// It renders as a JSON Schema of the store's document (``jsonSchema()``), which an app
/// publishes beside its store with ``Preferences/publishSchema()`` for editors and for
/// `prefs validate`, and as an iOS Settings bundle (``settingsBundleRootPlist()``).
///
/// ```swift
/// for entry in AppPreferences.schema.entries {
///   print(entry.key, entry.typeName, entry.defaultValue ?? "none", entry.help ?? "")
/// }
/// ```
public struct PreferenceSchema: Sendable, Hashable {
  /// One declared preference.
  public struct Entry: Sendable, Hashable {
    /// The key in the store.
    public let key: String
    /// The Swift type, as written in code: `Double`, `[String]`, `Theme`.
    public let typeName: String
    /// The default's stored form, or `nil` when the default is stored by removing the key.
    ///
    /// A `Float` default is given as the double with the same shortest decimal text (`1.2`,
    /// not `1.2000000476837158`), which loads back as the same `Float`.
    public let defaultValue: PropertyListValue?
    /// Whether the preference is declared `synced: true`.
    public let isSynced: Bool
    /// The keys the preference was stored under before.
    public let previousKeys: [String]
    /// The one line declared with `help:`, such as `"Font size in points"`.
    public let help: String?
    /// What values the preference accepts besides its type, as far as a schema, a comment or
    /// a Settings bundle can say without running code (see ``Constraints``).
    public let constraints: Constraints
  }

  /// The ``Preferences/version`` of the class.
  public let version: Int
  /// The preferences, in declaration order.
  public let entries: [Entry]
}

extension Preferences {
  /// The schema of this class: every declared preference with its key, type, default, help
  /// text, constraints, and whether it syncs.
  ///
  /// Computing it creates an instance over an empty in-memory store, so ``setDefaults()`` runs.
  public class var schema: PreferenceSchema {
    Self(store: InMemoryStore()).declarations
  }

  /// What this instance's class declares, as a store's update learns it
  /// (``StoreUpdate/declarations``).
  var declarations: PreferenceSchema {
    PreferenceSchema(version: Self.version, entries: cells.map { $0.schemaEntry() })
  }
}

extension PreferenceCell {
  /// This preference's entry in the schema.
  func schemaEntry() -> PreferenceSchema.Entry {
    PreferenceSchema.Entry(
      key: key, typeName: PreferenceError.typeName(Value.self),
      defaultValue: schemaDefault(), isSynced: declaration.isSynced,
      previousKeys: declaration.previousKeys, help: declaration.help,
      constraints: schemaConstraints())
  }

  /// The default's stored form; for a `Float`, the double a person would write for it, since
  /// the float's exact value as a double shows digits nobody typed.
  private func schemaDefault() -> PropertyListValue? { schemaForm(of: defaultValue) }

  /// A value's stored form as the schema gives it (see ``schemaDefault()``).
  private func schemaForm(of value: Value) -> PropertyListValue? {
    if let float = value as? Float, float.isFinite, let double = Double("\(float)") {
      return .double(double)
    }
    return try? codec.encode(value)
  }

  /// The declared constraint as the schema describes it, with the cases of a `CaseIterable`
  /// type as the values allowed when the constraint lists none.
  private func schemaConstraints() -> PreferenceSchema.Constraints {
    PreferenceSchema.Constraints(
      minimum: (constraint?.bounds?.lower).flatMap(schemaForm(of:)),
      maximum: (constraint?.bounds?.upper).flatMap(schemaForm(of:)),
      allowedValues: constraint?.allowed.map { $0.compactMap(schemaForm(of:)) } ?? cases(),
      maximumCount: constraint?.maximumCount,
      hasCustomValidation: constraint?.validates ?? false,
      clampsAssignments: constraint?.clamp != nil)
  }

  /// The stored form of every case, when `Value` is `CaseIterable`.
  private func cases() -> [PropertyListValue]? {
    guard let type = Value.self as? any CaseIterable.Type else { return nil }
    func cases<Cases: CaseIterable>(of type: Cases.Type) -> [Any] { type.allCases.map { $0 } }
    return cases(of: type).compactMap { ($0 as? Value).flatMap { try? codec.encode($0) } }
  }
}
