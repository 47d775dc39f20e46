public import Foundation

extension PreferenceSchema {
  /// The schema as a JSON document:
  /// `{"version": 1, "preferences": [{"key": ..., "type": ..., "default": ..., "synced": ...}]}`.
  ///
  /// Defaults are written as ``FileStore`` writes values in JSON.
  public func jsonData() -> Data {
    let preferences: [PropertyListValue] = entries.map { entry in
      var fields: [String: PropertyListValue] = [
        "key": .string(entry.key), "type": .string(entry.typeName),
        "synced": .bool(entry.isSynced),
        "previousKeys": .array(entry.previousKeys.map { .string($0) }),
      ]
      fields["default"] = entry.defaultValue
      fields["allowedValues"] = entry.allowedValues.map { .array($0) }
      return .dictionary(fields)
    }
    let document: [String: PropertyListValue] = [
      "version": .integer(Int64(version)), "preferences": .array(preferences),
    ]
    // The schema holds only values that came from encoding, so the writer cannot refuse it.
    return Data((try? PropertyListFormat.json.encode(document)) ?? [])
  }

  /// A `Root.plist` for an iOS Settings bundle, listing each preference the Settings app can
  /// edit such that what it stores loads back into the preference: a text field for strings,
  /// a toggle for Booleans, and a multi-value list for `CaseIterable` enums.
  ///
  /// Numbers without a list of cases are left out: the Settings app's text field stores what
  /// the user types as a string, which a numeric preference refuses to load (and a slider needs
  /// bounds the schema does not know). Dates, data, arrays, dictionaries and `Codable`
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
      "Key": .string(entry.key), "Title": .string(entry.key),
    ]
    guard let defaultValue = entry.defaultValue else { return nil }
    fields["DefaultValue"] = defaultValue
    if let cases = entry.allowedValues {
      fields["Type"] = .string("PSMultiValueSpecifier")
      fields["Values"] = .array(cases)
      fields["Titles"] = .array(cases.map { .string(title(of: $0)) })
      return .dictionary(fields)
    }
    switch defaultValue {
    case .bool:
      fields["Type"] = .string("PSToggleSwitchSpecifier")
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
