import Foundation

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
    return Data((try? JSONPropertyListWriter.encode(document)) ?? [])
  }

  /// A `Root.plist` for an iOS Settings bundle, listing each preference the Settings app can
  /// edit: a text field for strings and numbers, a toggle for Booleans, and a multi-value list
  /// for `CaseIterable` enums. Dates, data, arrays, dictionaries and `Codable` structures are
  /// left out, as the Settings app has no control for them.
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
    return Data((try? XMLPropertyListWriter.encode(document)) ?? [])
  }

  /// The Settings-app control for one preference, or `nil` when there is none.
  private static func specifier(for entry: Entry) -> PropertyListValue? {
    var fields: [String: PropertyListValue] = [
      "Key": .string(entry.key), "Title": .string(entry.key),
    ]
    fields["DefaultValue"] = entry.defaultValue
    if let cases = entry.allowedValues {
      fields["Type"] = .string("PSMultiValueSpecifier")
      fields["Values"] = .array(cases)
      fields["Titles"] = .array(cases.map { .string(title(of: $0)) })
      return .dictionary(fields)
    }
    switch entry.defaultValue {
    case .bool:
      fields["Type"] = .string("PSToggleSwitchSpecifier")
    case .string:
      fields["Type"] = .string("PSTextFieldSpecifier")
      fields["KeyboardType"] = .string("Alphabet")
    case .integer:
      fields["Type"] = .string("PSTextFieldSpecifier")
      fields["KeyboardType"] = .string("NumberPad")
    case .double:
      fields["Type"] = .string("PSTextFieldSpecifier")
      fields["KeyboardType"] = .string("DecimalPad")
    default:
      return nil
    }
    return .dictionary(fields)
  }

  private static func title(of value: PropertyListValue) -> String {
    switch value {
    case .string(let string): string
    case .integer(let integer): String(integer)
    default: value.description
    }
  }
}
