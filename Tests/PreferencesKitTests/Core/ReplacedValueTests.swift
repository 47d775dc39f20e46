// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A replaced value is released outside the locks (`PreferenceCell.exchangeValue`): its
/// `deinit` may assign preferences, of its own instance or another, without waiting for a lock
/// its own thread holds (on Apple platforms, without the runtime stopping the program for
/// taking an `os_unfair_lock` twice).
struct ReplacedValueTests {
  /// Runs `action` when released.
  final class Tripwire: Sendable {
    let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
  }

  /// A value that does not fit a word, holding a tripwire (not stored).
  struct Armed: Codable, Sendable {
    var name: String
    var tripwire: Tripwire? = nil
    enum CodingKeys: String, CodingKey { case name }
  }

  final class Prefs: Preferences, @unchecked Sendable {
    @Preference var armed = Armed(name: "idle")
    @Preference var note = ""
    @Preference var count = 0
  }

  @Test func aReplacedValuesDeinitMayAssignPreferencesOfItsOwnInstanceAndAnother() throws {
    let prefs = Prefs(store: InMemoryStore())
    let other = Prefs(store: InMemoryStore())
    prefs.armed = Armed(
      name: "armed",
      tripwire: Tripwire {
        // A value that does not fit a word takes `prefs`' lock; a word takes a lock bit.
        prefs.note = "released"
        other.count += 1
        prefs.count += 1
      })
    // Past a deadlock, reading `prefs` would wait too: stop the test there.
    try #require(finishes { prefs.armed = Armed(name: "next") })
    #expect(prefs.note == "released")
    #expect(other.count == 1 && prefs.count == 1)
    #expect(prefs.armed.name == "next")
  }

  @Test func aValueReplacedByALoadMayAssignAnotherInstancesPreferences() throws {
    let store = InMemoryStore()
    let prefs = Prefs(store: store)
    let other = Prefs(store: InMemoryStore())
    prefs.armed = Armed(
      name: "armed",
      tripwire: Tripwire {
        other.note = "released"
        other.count += 1
      })
    // Reading the store (which holds no value) replaces the assigned value by the default.
    try #require(finishes { prefs.readPreferences() })
    #expect(other.note == "released" && other.count == 1)
    #expect(prefs.armed.name == "idle")
  }
}
