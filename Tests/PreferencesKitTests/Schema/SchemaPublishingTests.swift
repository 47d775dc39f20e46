import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// ``Preferences/publishSchema()``: the schema beside the store, written only when it changes.
struct SchemaPublishingTests {
  @Test func theSchemaFileIsNamedAfterTheStore() {
    let toml = FileStore.schemaURL(forStoreAt: URL(fileURLWithPath: "/cfg/app/preferences.toml"))
    #expect(toml.path == "/cfg/app/preferences.schema.json")
    let json = FileStore.schemaURL(forStoreAt: URL(fileURLWithPath: "/cfg/store.json"))
    #expect(json.path == "/cfg/store.schema.json")
  }

  @Test func publishingWritesTheSchemaBesideTheStoreOnlyWhenItChanges() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = FileStore(url: directory.file("store.json"))
    #expect(store.tomlSchemaDirective == nil)
    let prefs = ConstrainedPreferences(store: store)
    let url = try #require(try prefs.publishSchema())
    #expect(url == directory.file("store.schema.json"))
    #expect(try Data(contentsOf: url) == ConstrainedPreferences.schema.jsonSchema())
    #expect(store.tomlSchemaDirective == "#:schema ./store.schema.json")

    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path)
    try prefs.publishSchema()
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect(attributes[.modificationDate] as? Date == past)

    try Data("{}".utf8).write(to: url)
    try prefs.publishSchema()
    #expect(try Data(contentsOf: url) == ConstrainedPreferences.schema.jsonSchema())
    #expect(directory.names() == ["store.schema.json"])
  }

  @Test func aStoreWithoutAFilePublishesNothing() throws {
    #expect(try ConstrainedPreferences(store: InMemoryStore()).publishSchema() == nil)
    try withTemporarySuite { name, _ throws in
      let prefs = ConstrainedPreferences(store: UserDefaultsStore(suiteName: name))
      #expect(try prefs.publishSchema() == nil)
    }
  }
}
