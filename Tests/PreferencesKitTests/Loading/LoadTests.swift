// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// One load and one reset: the first load, a reload, and a class with layers or without, choose
/// a preference's value the same way (a class without layers has one candidate, its stored
/// value).
struct LoadTests {
  /// Where each value of `prefs` comes from, its flags, and the problems, to compare one load
  /// with another.
  func snapshot(_ prefs: Preferences) -> [String] {
    let cells = prefs.state.withLock { state in
      prefs.cells.map { cell in
        "\(cell.key) \(prefs.source(of: cell, in: state)) user \(cell.hasUserValue) "
          + "managed \(cell.isManaged) dirty \(cell.isDirty)"
      }
    }
    return cells + prefs.preferenceProblems.map { "\($0.phase) \($0.error)" }
  }

  @Test func aStoredValueThatDoesNotFitNamesTheStoresFileWithLayersAndWithout() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeUser(["launchCount": .string("many")])
    let layered = fixture.make()
    let plain = AppPreferences(store: FileStore(url: fixture.userURL()))
    for prefs in [layered, plain] as [Preferences] {
      let error = try #require(prefs.problemErrors(.load).first)
      #expect(error.kind == .typeMismatch && error.key == "launchCount")
      #expect(error.file == fixture.userURL())
    }
  }

  @Test func aChangeFromOutsideThatDoesNotFitAnUnsavedKeyIsListedWithLayersAndWithout() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    let layered = fixture.make()
    let plain = AppPreferences(store: InMemoryStore())
    layered.launchCount = 5
    plain.launchCount = 5
    for prefs in [layered, plain] as [Preferences] {
      try prefs.preferenceStore.apply(["launchCount": .set(.string("many"))])
      prefs.reload(origin: .external, keepingDirtyValues: true)
      #expect(prefs.problemErrors(.load).map(\.key) == ["launchCount"])
      #expect(prefs.hasUnsavedChanges)
    }
    #expect(layered.launchCount == 5 && plain.launchCount == 5)
  }

  @Test func theFirstLoadAndAReloadChooseTheSame() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["theme": .string("dark"), "fontSize": .double(15)])
    try fixture.writeSystem(["showsToolbar": .bool(false)], named: "managed.json")
    try fixture.writeUser([
      "fontSize": .double(16), "showsToolbar": .bool(true), "launchCount": .string("many"),
    ])
    let layered = fixture.make(arguments: ["--theme", "sepia"])
    let plain = AppPreferences(store: FileStore(url: fixture.userURL()))
    for _ in 0..<2 {
      #expect(layered.theme == "sepia" && layered.fontSize == 16 && !layered.showsToolbar)
      #expect(plain.fontSize == 16 && plain.launchCount == 0)
      let first = [layered, plain].map(snapshot)
      #expect(first[0].contains("theme arguments user false managed false dirty false"))
      #expect(first[0].contains("showsToolbar managed user true managed true dirty false"))
      layered.readPreferences()
      plain.readPreferences()
      #expect([layered, plain].map(snapshot) == first)
    }
  }
}
