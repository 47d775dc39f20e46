// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

#if canImport(UIKit) && !os(watchOS)
  import UIKit
#endif

/// Before the first unlock, an app's files cannot be read; an instance whose file could not be
/// read reads it again when the system posts that protected data became available. Linux has
/// no data protection: a folder in place of the file stands in for the unreadable file, and
/// the test posts the notification UIKit posts.
struct FileStoreProtectedDataTests {
  @Test func anInstanceWhoseFileCouldNotBeReadReadsItAgainWhenProtectedDataBecomesAvailable()
    async throws
  {
    try await withTemporaryDirectory { directory in
      let url = directory.file("prefs.plist")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      let prefs = AppPreferences(store: FileStore(url: url))
      #expect(prefs.fontSize == 12)
      #expect(prefs.problemErrors(.load).map(\.file) == [url])

      try FileManager.default.removeItem(at: url)
      try FileStore(url: url).apply(["fontSize": .set(.double(15))])
      let changes = prefs.changes()
      NotificationCenter.default.post(name: ProtectedData.didBecomeAvailable, object: nil)

      let received = try await firstElements(1, of: changes)
      #expect(received.map(\.newValue) == [.double(15)])
      #expect(prefs.fontSize == 15)
      #expect(prefs.problemErrors(.load).isEmpty)
    }
  }

  #if canImport(UIKit) && !os(watchOS)
    /// Where UIKit can be imported, the name is UIKit's constant's value (UIApplication.h:
    /// `UIKIT_EXTERN NSNotificationName const UIApplicationProtectedDataDidBecomeAvailable`).
    @Test func theNotificationIsUIKitsProtectedDataNotification() {
      #expect(
        ProtectedData.didBecomeAvailable
          == UIApplication.protectedDataDidBecomeAvailableNotification)
    }
  #endif
}
