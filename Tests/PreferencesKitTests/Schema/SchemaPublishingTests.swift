// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import PropertyListFormats
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

  /// A TOML file the app creates after publishing names the schema on its first line, the
  /// directive TOML editors' language servers read; a file a person already has never gets it.
  @Test func aNewTOMLFileNamesThePublishedSchemaAndAnExistingOneIsLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("preferences.toml")
    let prefs = ConstrainedPreferences(store: FileStore(url: url))
    try prefs.publishSchema()
    prefs.fontSize = 20
    try prefs.writePreferences()
    let created = try String(contentsOf: url, encoding: .utf8)
    #expect(created.hasPrefix("#:schema ./preferences.schema.json\n# "), "\(created)")
    #expect(try TOMLDocument(parsing: Array(created.utf8)).values["fontSize"] == .double(20))

    let own = directory.file("own.toml")
    try Data("# mine\nfontSize = 14.0\n".utf8).write(to: own)
    let other = ConstrainedPreferences(store: FileStore(url: own))
    try other.publishSchema()
    other.fontSize = 30
    try other.writePreferences()
    #expect(try String(contentsOf: own, encoding: .utf8) == "# mine\nfontSize = 30.0\n")
  }

  /// Publishing before the first write creates the folder as the store would (0700, whatever
  /// the umask, FileStoreGuarantees.md) and writes the schema with a store file's mode.
  @Test func publishingFirstCreatesAPrivateFolderAndFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let folder = directory.file("config/com.example.app")
    let store = FileStore(url: folder.appendingPathComponent("p.toml"))
    let prefs = ConstrainedPreferences(store: store)
    let mask = umask(0o022)
    defer { umask(mask) }
    let url = try #require(try prefs.publishSchema())
    func mode(_ url: URL) throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }
    #expect(try mode(folder) == 0o700)
    #expect(try mode(folder.deletingLastPathComponent()) == 0o700)
    #expect(try mode(url) == 0o600)
    prefs.fontSize = 20
    try prefs.writePreferences()
    #expect(try mode(store.url) == 0o600)
    #expect(try mode(folder) == 0o700)
  }

  @Test func aStoreWithoutAFilePublishesNothing() throws {
    #expect(try ConstrainedPreferences(store: InMemoryStore()).publishSchema() == nil)
    try withTemporarySuite { name, _ throws in
      let prefs = ConstrainedPreferences(store: UserDefaultsStore(suiteName: name))
      #expect(try prefs.publishSchema() == nil)
    }
  }
}
