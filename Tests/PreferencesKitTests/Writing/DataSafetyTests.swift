// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Preferences with a large text, for the write-side size limit.
final class DraftPreferences: Preferences, @unchecked Sendable {
  @Preference var fontSize = 12.0
  @Preference var draft = ""
  @Preference var lastOpened = Date(timeIntervalSinceReferenceDate: 0)
}

/// Every way found so far in which a user lost settings, each reproduced and now prevented.
struct DataSafetyTests {
  @Test func aValueThatWouldOutgrowTheFileIsLeftOutNamingTheKeyAndTheRestIsSaved() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let prefs = DraftPreferences(store: FileStore(url: url))
      prefs.fontSize = 16
      try prefs.writePreferences()

      prefs.fontSize = 18
      prefs.draft = String(repeating: "é", count: 2_200_000)
      let error = #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
      #expect(error?.kind == .fileTooLarge)
      #expect(error?.key == "draft")
      #expect(error?.file == url)
      #expect(prefs.hasUnsavedChanges)

      let reopened = DraftPreferences(store: FileStore(url: url))
      #expect(reopened.preferenceProblems.isEmpty)
      #expect(reopened.fontSize == 18)
      #expect(reopened.draft == "")
      prefs.draft = "short"
      try prefs.writePreferences()
      #expect(DraftPreferences(store: FileStore(url: url)).draft == "short")
    }
  }

  @Test func aWriteOverADamagedFileMovesItAsideAndSaysWhere() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      try Data("<plist><dict><key>fontSize</key><real>3</rea></dict></plist>".utf8).write(to: url)
      let prefs = DraftPreferences(store: FileStore(url: url))
      #expect(prefs.problemErrors(.load, .write).contains { $0.kind == .corruptFile && $0.file == url })
      prefs.draft = "kept"
      try prefs.writePreferences()

      let moved = directory.names().filter { $0.hasPrefix("preferences.plist.corrupt-") }
      #expect(moved.count == 1)
      let notice = prefs.problemErrors(.load, .write).first { $0.kind == .fileMovedAside }
      #expect(notice?.file == url)
      #expect(notice.map { $0.description.contains(moved.first ?? "?") } == true)
      #expect(DraftPreferences(store: FileStore(url: url)).draft == "kept")
    }
  }

  @Test func aTypoInAHandEditCostsOnlyTheEntryItIsIn() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>fontSize</key>
        	<real>16</real>
        	<key>launchCount</key>
        	<integer>3</integr>
        	<key>draft</key>
        	<string>hello</string>
        </dict>
        </plist>
        """
      try Data(text.utf8).write(to: url)
      let prefs = DraftPreferences(store: FileStore(url: url))
      #expect(prefs.fontSize == 16)
      #expect(prefs.draft == "hello")
      #expect(
        prefs.problemErrors(.load, .write).contains { $0.file == url && $0.kind == .corruptFile && $0.key == nil })
      #expect(prefs.problemErrors(.load, .write).contains { $0.key == "launchCount" })

      prefs.lastOpened = Date(timeIntervalSinceReferenceDate: 1)
      try prefs.writePreferences()
      #expect(prefs.problemErrors(.load, .write).contains { $0.kind == .fileMovedAside })
      let reopened = DraftPreferences(store: FileStore(url: url))
      #expect(reopened.preferenceProblems.isEmpty)
      #expect(reopened.fontSize == 16)
      #expect(reopened.draft == "hello")
      #expect(reopened.lastOpened == Date(timeIntervalSinceReferenceDate: 1))
      let moved = directory.names().filter { $0.hasPrefix("preferences.plist.corrupt-") }
      #expect(try moved.map { try Data(contentsOf: directory.file($0)) } == [Data(text.utf8)])
    }
  }

  @Test func datesInAPropertyListStoreHoldWhatAReloadGivesAndAReloadAnnouncesNothing()
    async throws
  {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let prefs = DraftPreferences(store: FileStore(url: url))
      let changes = prefs.changes()
      prefs.lastOpened = Date(timeIntervalSinceReferenceDate: 700_000_000.75)
      try prefs.writePreferences()
      #expect(prefs.lastOpened == Date(timeIntervalSinceReferenceDate: 700_000_000))

      // Another writer changes another key; the reload that follows must report only it.
      try FileStore(url: url).apply(["fontSize": .set(.double(20))])
      prefs.readPreferences()
      // An assignment after the reload marks the end of what the reload announced.
      prefs.draft = "end"
      let received = try await firstElements(3, of: changes)
      #expect(received.map(\.key) == ["lastOpened", "fontSize", "draft"])
      #expect(received.map(\.origin) == [.local, .external, .local])
    }
  }

  @Test func aJSONStoreKeepsAFractionOfASecond() throws {
    try withDirectory { directory in
      let prefs = DraftPreferences(store: FileStore(url: directory.file("preferences.json")))
      let date = Date(timeIntervalSinceReferenceDate: 700_000_000.75)
      prefs.lastOpened = date
      try prefs.writePreferences()
      #expect(prefs.lastOpened == date)
    }
  }

  @Test func anIdentifierPinsTheStoreWhateverTheExecutableIsCalled() {
    let identifier = "com.example.pinned-\(UUID().uuidString)"
    let prefs = DraftPreferences(identifier: identifier)
    #if canImport(Darwin)
      #expect(prefs.preferenceStore is UserDefaultsStore)
    #else
      #expect((prefs.preferenceStore as? FileStore)?.url == FileStore.defaultURL(for: identifier))
    #endif
  }

  @Test func aFileStoreRefusesAURLThatIsNotAFileAndTouchesNoPath() throws {
    let url = URL(string: "https://example.com/x-\(UUID().uuidString).plist")!
    let store = FileStore(url: url)
    let read = #expect(throws: PreferenceError.self) { try store.allValues() }
    #expect(read?.kind == .readFailed)
    #expect(read?.description.contains("file URL") == true)
    let write = #expect(throws: PreferenceError.self) { try store.apply(["a": .set(.bool(true))]) }
    #expect(write?.kind == .writeFailed)
    #expect(store.observeChanges(toKeys: ["a"]) {} == nil)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(!FileManager.default.fileExists(atPath: url.path + ".lock"))
  }

  @Test func importReportsTheLibrarysReservedKeysAsNotImported() throws {
    let prefs = DraftPreferences(store: InMemoryStore())
    let document = #"{"fontSize": 15, "PreferencesKit.version": 7}"#
    let ignored = try prefs.importValues(from: Data(document.utf8))
    #expect(ignored == ["PreferencesKit.version"])
    #expect(prefs.fontSize == 15)
  }
}
