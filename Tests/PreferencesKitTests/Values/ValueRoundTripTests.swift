// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Every supported value type, written by one instance and read by a fresh one.
struct ValueRoundTripTests {
  @Test(arguments: StoreKind.allCases)
  func everyValueTypeRoundTripsThroughTheStore(kind: StoreKind) throws {
    try kind.withFreshStore { makeStore in
      let prefs = AppPreferences(store: makeStore())
      prefs.userName = "Ada Lovelace ✓"
      prefs.fontSize = 17.25
      prefs.hasAppRun = true
      prefs.launchCount = -42
      prefs.volume = 0.1
      prefs.lastOpened = Date(timeIntervalSinceReferenceDate: 700_000_000)
      prefs.homepage = URL(string: "https://example.com/a?b=c#d")!
      prefs.theme = .dark
      prefs.recentFiles = ["a", "b"]
      prefs.shortcuts = ["copy": 1, "paste": 2]
      prefs.person = Person(name: "Lancelot", quest: "Grail", age: 30)
      prefs.hasWidgets = true
      prefs.windowFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
      try prefs.writePreferences()

      let other = AllTypesPreferences(store: makeStore())
      other.int8 = .min
      other.int16 = .min
      other.int32 = .min
      other.int64 = .min
      // TOML's integers are signed 64-bit (TOMLFileStoreTests checks the larger are left out).
      let largest = kind == .tomlFile ? UInt64(Int64.max) : .max
      other.uint = UInt(largest)
      other.uint8 = .max
      other.uint16 = .max
      other.uint32 = .max
      other.uint64 = largest
      other.cgFloat = -2.5
      other.data = Data([0, 255, 7])
      other.date = Date(timeIntervalSince1970: 1_000)
      other.level = .high
      other.optionalTheme = .dark
      other.nested = ["primes": [2, 3, 5]]
      other.people = [Person(name: "Robin", quest: "Run away", age: 25)]
      other.optionalInt = 0
      try other.writePreferences()

      let loaded = AppPreferences(store: makeStore())
      #expect(loaded.preferenceProblems.isEmpty)
      #expect(loaded.userName == "Ada Lovelace ✓")
      #expect(loaded.fontSize == 17.25)
      #expect(loaded.hasAppRun)
      #expect(loaded.launchCount == -42)
      #expect(loaded.volume == 0.1)
      #expect(loaded.lastOpened == Date(timeIntervalSinceReferenceDate: 700_000_000))
      #expect(loaded.homepage == URL(string: "https://example.com/a?b=c#d")!)
      #expect(loaded.theme == .dark)
      #expect(loaded.recentFiles == ["a", "b"])
      #expect(loaded.shortcuts == ["copy": 1, "paste": 2])
      #expect(loaded.person == Person(name: "Lancelot", quest: "Grail", age: 30))
      #expect(loaded.hasWidgets)
      #expect(loaded.windowFrame == CGRect(x: 1, y: 2, width: 3, height: 4))

      let loadedOther = AllTypesPreferences(store: makeStore())
      #expect(loadedOther.preferenceProblems.isEmpty)
      #expect(loadedOther.int8 == .min)
      #expect(loadedOther.int16 == .min)
      #expect(loadedOther.int32 == .min)
      #expect(loadedOther.int64 == .min)
      #expect(loadedOther.uint == UInt(largest))
      #expect(loadedOther.uint8 == .max)
      #expect(loadedOther.uint16 == .max)
      #expect(loadedOther.uint32 == .max)
      #expect(loadedOther.uint64 == largest)
      #expect(loadedOther.cgFloat == -2.5)
      #expect(loadedOther.data == Data([0, 255, 7]))
      #expect(loadedOther.date == Date(timeIntervalSince1970: 1_000))
      #expect(loadedOther.level == .high)
      #expect(loadedOther.optionalTheme == .dark)
      #expect(loadedOther.nested == ["primes": [2, 3, 5]])
      #expect(loadedOther.people == [Person(name: "Robin", quest: "Run away", age: 25)])
      #expect(loadedOther.optionalInt == 0)
    }
  }

  @Test func storedFormsAreWhatAnyPropertyListToolCanRead() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    prefs.homepage = URL(string: "https://example.com")!
    prefs.theme = .dark
    prefs.volume = 0.5
    prefs.person = Person(name: "Ada", quest: "Engines", age: 36)
    try prefs.writePreferences()
    let stored = store.allValues()
    #expect(stored["homepage"] == .string("https://example.com"))
    #expect(stored["theme"] == .string("dark"))
    #expect(stored["volume"] == .double(0.5))
    #expect(
      stored["person"]
        == .dictionary(["name": .string("Ada"), "quest": .string("Engines"), "age": .integer(36)]))
  }

  @Test func losslessNumericConversionsAreAccepted() {
    let store = InMemoryStore([
      "fontSize": .integer(5), "launchCount": .double(7), "hasAppRun": .integer(1),
      "volume": .integer(2),
    ])
    let prefs = AppPreferences(store: store)
    #expect(prefs.preferenceProblems.isEmpty)
    #expect(prefs.fontSize == 5.0)
    #expect(prefs.launchCount == 7)
    #expect(prefs.hasAppRun)
    #expect(prefs.volume == 2)
  }
}
