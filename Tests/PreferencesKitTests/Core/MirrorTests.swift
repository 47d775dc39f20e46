// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Pins the `Mirror` behaviour that discovering `@Preference` properties depends on.
struct MirrorTests {
  class Parent {
    @Wrapped var first = 1
    var plain = 0
  }

  final class Child: Parent {
    @Wrapped var second = 2
  }

  @propertyWrapper struct Wrapped {
    var wrappedValue: Int
  }

  @Test func wrapperStorageIsLabelledWithALeadingUnderscore() {
    let labels = Mirror(reflecting: Child()).children.map(\.label)
    #expect(labels == ["_second"])
  }

  @Test func superclassPropertiesComeFromTheSuperclassMirrorInDeclarationOrder() {
    let parent = Mirror(reflecting: Child()).superclassMirror
    #expect(parent?.children.map(\.label) == ["_first", "plain"])
  }

  @Test func propertyNamesDropTheUnderscore() {
    #expect(Preferences.propertyName(fromLabel: "_fontSize") == "fontSize")
    #expect(Preferences.propertyName(fromLabel: "plain") == "plain")
  }
}

/// Pins what the recorded layout relies on: after the first instance of a class, later
/// instances find their `@Preference` wrappers at offsets found by scanning the first instance
/// for each wrapper's cell (public API only; see `Preferences.fieldLayout(of:matching:)`).
struct LayoutScanTests {
  class Base: Preferences, @unchecked Sendable {
    @Preference var first = 1
    var plain = 0
  }

  final class Derived: Base, @unchecked Sendable {
    @Preference(key: "Second Key") var second = "two"
    @Preference var third = [3]
  }

  /// A wrapper inside an optional: found by `Mirror`, but not stored as itself.
  final class InOptional: Preferences, @unchecked Sendable {
    @Preference var first = 1
    var boxed: Preference<Int>? = Preference(wrappedValue: 2, key: "boxed")
  }

  @Test func aWrapperIsTwoWordsThatHoldItsCellsAddress() {
    let wrapper = Preference<String>(wrappedValue: "")
    let word = MemoryLayout<UInt>.size
    #expect(MemoryLayout<Preference<String>>.size == 2 * word)
    let words = withUnsafeBytes(of: wrapper) {
      [$0.load(as: UInt.self), $0.load(fromByteOffset: word, as: UInt.self)]
    }
    let address = UInt(bitPattern: ObjectIdentifier(wrapper.cell))
    #expect(words == [address, address])
    #expect(wrapper.isCellAddressTwice)
  }

  @Test func theScanPlacesEveryWrapperMirrorFinds() throws {
    let instance = Derived(store: InMemoryStore())
    let layout = try #require(
      Preferences.fieldLayout(of: instance, matching: Preferences.mirrorWrappers(of: instance)))
    #expect(layout.fields.map(\.key) == ["first", "Second Key", "third"])
    let offsets = layout.fields.map(\.offset)
    #expect(offsets == offsets.sorted() && Set(offsets).count == 3)
  }

  @Test func theOffsetsOfOneInstanceHoldTheWrappersOfAnother() throws {
    let one = Derived(store: InMemoryStore())
    let two = Derived(store: InMemoryStore())
    let layout = try #require(
      Preferences.fieldLayout(of: one, matching: Preferences.mirrorWrappers(of: one)))
    let cells = Preferences.mirrorCells(of: two)
    withExtendedLifetime(two) {
      let base = UnsafeRawPointer(Unmanaged.passUnretained(two).toOpaque())
      for (field, cell) in zip(layout.fields, cells) {
        let address = base.load(fromByteOffset: field.offset, as: UInt.self)
        #expect(address == UInt(bitPattern: ObjectIdentifier(cell)))
      }
    }
  }

  @Test func laterInstancesGetTheirOwnCellsWithKeysInOrder() throws {
    let store = InMemoryStore()
    let one = Derived(store: store)
    let two = Derived(store: store)
    #expect(two.preferenceKeys == ["first", "Second Key", "third"])
    one.second = "changed"
    #expect(two.second == "two")
    try one.writePreferences()
    #expect(Derived(store: store).second == "changed")
    #expect(PreferenceLayout.cache.withLock { $0[ObjectIdentifier(Derived.self)] } != nil)
  }

  @Test func aWrapperNotStoredAsItselfKeepsTheClassOnMirror() {
    let one = InOptional(store: InMemoryStore())
    #expect(Preferences.mirrorWrappers(of: one).map(\.isStored) == [true, false])
    #expect(Preferences.fieldLayout(of: one, matching: Preferences.mirrorWrappers(of: one)) == nil)
    let two = InOptional(store: InMemoryStore())
    #expect(two.preferenceKeys == ["first", "boxed"])
    let cached = PreferenceLayout.cache.withLock { $0[ObjectIdentifier(InOptional.self)] }
    #expect(cached.map { $0 == nil } == true)
  }
}
