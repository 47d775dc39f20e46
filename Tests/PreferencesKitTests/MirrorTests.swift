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
