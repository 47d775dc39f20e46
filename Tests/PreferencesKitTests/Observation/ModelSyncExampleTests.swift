// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The SwiftUI article's code that needs no SwiftUI (`PreferencesKit.docc/SwiftUI.md`): its
// preferences class, the model kept in sync outside a view, and the observation-tracking
// example, compiled and run on every platform. `theArticleShowsThisFilesCode` checks that each
// such block of the article appears here as it is, so the two cannot drift apart.
import Foundation
import Observation
import PreferencesKit
import PreferencesTestSupport
import Testing

enum EditorTheme: String, CaseIterable, Sendable {
  case light, dark
}

final class EditorPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.milliseconds(300)) }

  @Preference var fontSize = 12.0
  @Preference var showsLineNumbers = true
  @Preference var theme = EditorTheme.light
}

@MainActor @Observable
final class EditorModel {
  var fontSize = 12.0

  /// Follows the preference until the task running this is cancelled.
  func follow(_ prefs: EditorPreferences) async {
    for await size in prefs.$fontSize.updates() {
      fontSize = size
    }
  }
}

func followFontSize(of prefs: EditorPreferences) {
  withObservationTracking {
    _ = prefs.fontSize
  } onChange: {
    print("fontSize will change")
  }
}

struct ModelSyncExampleTests {
  /// The article's advice, as written: a model following `updates()` holds the new value after
  /// each of 40 changes another store instance writes to the file, as another process would.
  /// (The pattern the article warns against, re-reading on the main actor from `onChange`, fails
  /// this test: it missed 1 to 3 of the 40 in each run.)
  @Test @MainActor func aModelFollowingUpdatesSeesEachOfFortyExternalChanges() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    do {
      let url = directory.file("preferences.plist")
      let prefs = EditorPreferences(store: FileStore(url: url))
      prefs.startWatchingStore()
      defer { prefs.stopWatchingStore() }
      let model = EditorModel()
      let following = Task { await model.follow(prefs) }
      defer { following.cancel() }
      let otherWriter = FileStore(url: url)
      var stale: [Double] = []
      for change in 1...40 {
        let size = 12.0 + Double(change)
        try otherWriter.apply(["fontSize": .set(.double(size))])
        if !(await eventually(within: 30) { model.fontSize == size }) { stale.append(size) }
      }
      #expect(stale.isEmpty, "the model missed \(stale.count) of 40 changes: \(stale)")
      #expect(prefs.fontSize == 52)
    }
  }

  /// Every block of the article that needs no SwiftUI is this file's code, letter for letter
  /// (imports aside), so what the article shows is what the test above runs.
  @Test func theArticleShowsThisFilesCode() throws {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appending(path: "Sources/PreferencesKit/PreferencesKit.docc/SwiftUI.md"),
      encoding: .utf8)
    let thisFile = try String(contentsOf: URL(filePath: #filePath), encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    let plain = blocks.filter { !$0.contains("View") && !$0.contains("Scene") }
    #expect(plain.count >= 3)
    for block in plain {
      let code = block.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        .trimmingCharacters(in: .newlines)
      #expect(thisFile.contains(code), "the article's block is not in this file:\n\(code)")
    }
  }
}
