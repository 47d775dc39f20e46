// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

extension PreferenceSchema {
  /// A `Root.plist` for an iOS Settings bundle, listing each preference the Settings app can
  /// edit such that what it stores loads back into the preference: a text field for strings,
  /// a toggle for Booleans, a multi-value list for `CaseIterable` enums and
  /// ``PreferenceConstraint/oneOf(_:)`` lists, and a slider for a `Double` with a
  /// ``PreferenceConstraint/range(_:)``. Each is titled with the preference's `help:` text, or
  /// else its key.
  ///
  /// Other numbers are left out: the Settings app's text field stores what the user types as a
  /// string, which a numeric preference does not load, and its slider stores a real number,
  /// which an integer preference does not load. Dates, data, arrays, dictionaries and `Codable`
  /// structures are left out too, as the Settings app has no control for them. The keys and
  /// values follow Apple's Settings Application Schema Reference:
  /// https://developer.apple.com/library/archive/documentation/PreferenceSettings/Conceptual/SettingsApplicationSchemaReference/Articles/PSTextFieldSpecifier.html
  ///
  /// ```swift
  /// try AppPreferences.schema.settingsBundleRootPlist()
  ///   .write(to: bundle.appending(path: "Root.plist"))
  /// ```
  public func settingsBundleRootPlist() -> Data {
    let specifiers = entries.compactMap(Self.specifier(for:))
    let document: [String: PropertyListValue] = [
      "StringsTable": .string("Root"),
      "PreferenceSpecifiers": .array(
        [.dictionary(["Type": .string("PSGroupSpecifier"), "Title": .string("Settings")])]
          + specifiers),
    ]
    return Data((try? PropertyListFormat.propertyList.encode(document)) ?? [])
  }

  /// The Settings-app control for one preference, or `nil` when there is none whose stored
  /// value the preference can load.
  private static func specifier(for entry: Entry) -> PropertyListValue? {
    var fields: [String: PropertyListValue] = [
      "Key": .string(entry.key), "Title": .string(entry.help ?? entry.key),
    ]
    guard let defaultValue = entry.defaultValue else { return nil }
    fields["DefaultValue"] = defaultValue
    let constraints = entry.constraints
    if let cases = constraints.allowedValues {
      fields["Type"] = .string("PSMultiValueSpecifier")
      fields["Values"] = .array(cases)
      fields["Titles"] = .array(cases.map { .string(title(of: $0)) })
      return .dictionary(fields)
    }
    switch defaultValue {
    case .bool:
      fields["Type"] = .string("PSToggleSwitchSpecifier")
    case .double:
      guard let minimum = constraints.minimum, let maximum = constraints.maximum else {
        return nil
      }
      fields["Type"] = .string("PSSliderSpecifier")
      fields["MinimumValue"] = minimum
      fields["MaximumValue"] = maximum
    case .string:
      fields["Type"] = .string("PSTextFieldSpecifier")
      fields["KeyboardType"] = .string("Alphabet")
    default:
      return nil
    }
    return .dictionary(fields)
  }

  private static func title(of value: PropertyListValue) -> String {
    switch value {
    case .string(let string): string
    case .integer(let integer): String(integer)
    case .unsignedInteger(let integer): String(integer)
    default: value.description
    }
  }
}
