// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Saves as soon as it can, with a key a property list cannot hold every value of.
final class ImmediateNamePreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .immediate }
  @Preference var userName = ""
  @Preference var fontSize = 12.0
}

/// A later version of `AppPreferences` whose `person` has a field the stored one lacks.
final class PersonWithEmailPreferences: Preferences, @unchecked Sendable {
  struct PersonWithEmail: Codable, Equatable {
    var name: String
    var email: String
  }
  @Preference var person: PersonWithEmail? = nil
}

/// Issue 23's paths 1, 2 and 5 as examples: where a key left out, a salvaged file and a
/// changed type meet, nothing is lost.
struct LeftOutKeyTests {
  static let damaged =
    "<plist><dict><key>fontSize</key><real>14.5</real><key>launchCount</key>"
    + "<integer>7</integer><key>userName</key><string>Ad"

  @Test func aKeyLeftOutAfterSalvageKeepsTheDamagedFileAndSavesTheRest() throws {
    try withDirectory { directory in
      let url = directory.file("p.plist")
      try Data(Self.damaged.utf8).write(to: url)
      let prefs = AppPreferences(store: FileStore(url: url))
      #expect(prefs.fontSize == 14.5 && prefs.launchCount == 7)
      prefs.userName = "a\u{0}b"
      let error = #expect(throws: PreferenceError.self) { try prefs.writePreferences() }
      #expect(error?.key == "userName")
      #expect(error?.description.contains("\"userName\" was not saved") == true)
      // Nothing else was dirty, so the damaged file is where it was.
      #expect(try Data(contentsOf: url) == Data(Self.damaged.utf8))

      prefs.hasAppRun = true
      try prefs.writePreferences()
      let next = AppPreferences(store: FileStore(url: url))
      #expect(next.fontSize == 14.5 && next.launchCount == 7 && next.hasAppRun)
      // One current entry names the kept file, through a reload, and nothing says "next write".
      prefs.readPreferences()
      let kept = directory.names().filter { $0.hasPrefix("p.plist.corrupt-") }
      #expect(kept.count == 1)
      #expect(try Data(contentsOf: directory.file(kept[0])) == Data(Self.damaged.utf8))
      // The key left out stays listed, in the write phase, until assigned again.
      #expect(prefs.problemErrors(.write).filter { $0.key == "userName" }.count == 1)
      let listed = prefs.problemErrors(.load, .layers, .write).filter { $0.key != "userName" }
      #expect(listed.count == 1)
      #expect(listed.first?.kind == .fileMovedAside)
      #expect(listed.first?.description.contains(directory.file(kept[0]).path) == true)
      #expect(!listed.contains { $0.description.contains("next write") })
    }
  }

  @Test func anAutomaticSaveLeavesOutTheKeyItCannotHoldAndSaysSo() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("p.plist")
      let prefs = ImmediateNamePreferences(store: FileStore(url: url))
      let received = Received<[PreferenceError]>()
      let token = NotificationCenter.default.addObserver(
        forName: Preferences.saveDidFailNotification, object: prefs, queue: nil
      ) { note in
        received.append(note.userInfo?[Preferences.problemsUserInfoKey] as? [PreferenceError] ?? [])
      }
      defer { NotificationCenter.default.removeObserver(token) }
      prefs.userName = "a\u{0}b"
      prefs.fontSize = 20
      #expect(await eventually { (try? FileStore(url: url).allValues()["fontSize"]) == .double(20) })
      #expect(await eventually { received.all.first?.first?.key == "userName" })
      #expect(prefs.problemErrors(.autosave, .write).map(\.key) == ["userName"])
      #expect(prefs.hasUnsavedChanges)
      prefs.userName = "Ada"
      #expect(await eventually { !prefs.hasUnsavedChanges && prefs.problemErrors(.autosave, .write).isEmpty })
      #expect((try? FileStore(url: url).allValues())?["userName"] == .string("Ada"))
    }
  }

  @Test func overwritingAValueThatFailedToLoadKeepsTheLastThreeBackups() throws {
    try withDirectory { directory in
      let url = directory.file("p.json")
      var originals: [Data] = []
      for round in 1...4 {
        let first = AppPreferences(store: FileStore(url: url))
        first.person = Person(name: "Ada \(round)", quest: "engines", age: 36)
        try first.writePreferences()
        originals.append(try Data(contentsOf: url))

        let later = PersonWithEmailPreferences(store: FileStore(url: url))
        #expect(later.person == nil)
        #expect(later.problemErrors(.load, .layers, .write).first?.key == "person")
        later.person = .init(name: "Grace", email: "g@example.com")
        try later.writePreferences()
        let notice = try #require(later.problemErrors(.load, .layers, .write).first)
        #expect(later.problemErrors(.load, .layers, .write).count == 1)
        #expect(notice.kind == .fileMovedAside)
        let backup = try #require(notice.description.firstRange(of: url.path + ".backup-"))
        let path = notice.description[backup.lowerBound...].prefix { $0 != "," }
        #expect(try Data(contentsOf: URL(fileURLWithPath: String(path))) == originals.last)
      }
      let backups = directory.names().filter { $0.hasPrefix("p.json.backup-") }
      #expect(backups.count == 3)
      // Each round but the first made two: the first version could not load the later's
      // person either. The newest three stay.
      let kept = Set(backups.compactMap { try? Data(contentsOf: directory.file($0)) })
      #expect(kept.contains(originals[3]) && kept.contains(originals[2]))
      #expect(!kept.contains(originals[0]) && !kept.contains(originals[1]))
    }
  }
}
