// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The person a program kept in `UserDefaults` as encoded bytes, as an older version of an app
/// would have.
private struct KeptPerson: Codable {
  var name: String
  var quest: String
  var age: Int
}

/// Saves, with `UserDefaults.standard`, what a program that used it before adopting
/// PreferencesKit would have kept: plain values, a key since renamed, and `Codable` values as
/// JSON and as property-list `Data`. Foundation picks the file (on Linux
/// `$XDG_CONFIG_HOME/PreferencesTestHelper.plist`); exits 0 when `synchronize()` saved it.
func writeWithUserDefaults() -> Never {
  let defaults = UserDefaults.standard
  defaults.set(16.0, forKey: "FontSize")
  defaults.set("ada", forKey: "userName")
  defaults.set(["notes.txt", "todo.txt"], forKey: "recentFiles")
  do {
    let person = KeptPerson(name: "Ada", quest: "engines", age: 36)
    defaults.set(try JSONEncoder().encode(person), forKey: "person")
    let earlier = KeptPerson(name: "Charles", quest: "differences", age: 41)
    defaults.set(try PropertyListEncoder().encode(earlier), forKey: "lastPerson")
  } catch {
    exit(2, "cannot encode: \(error)")
  }
  exit(defaults.synchronize() ? 0 : 3, "saved")
}
