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

/// Pins the standard library field reflection (`_forEachField`, SPI) that the cached layout
/// relies on: after the first instance of a class, later instances find their `@Preference`
/// wrappers at recorded offsets instead of walking `Mirror`.
struct LayoutCacheTests {
  class Base: Preferences, @unchecked Sendable {
    @Preference var first = 1
    var plain = 0
  }

  final class Derived: Base, @unchecked Sendable {
    @Preference(key: "Second Key") var second = "two"
    @Preference var third = [3]
  }

  @Test func fieldReflectionFindsTheSameWrappersAsMirror() {
    let instance = Derived(store: InMemoryStore())
    let cells = Preferences.mirrorCells(of: instance)
    let layout = Preferences.fieldLayout(of: instance, matching: cells)
    #expect(layout?.fields.map(\.key) == ["first", "Second Key", "third"])
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

  @Test func aLayoutThatDisagreesWithMirrorIsRefused() {
    let instance = Derived(store: InMemoryStore())
    let cells = Preferences.mirrorCells(of: instance)
    #expect(Preferences.fieldLayout(of: instance, matching: cells.reversed()) == nil)
    #expect(Preferences.fieldLayout(of: instance, matching: Array(cells.dropLast())) == nil)
  }
}
