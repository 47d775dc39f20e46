// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

#if canImport(AppKit)
  import AppKit
#endif
// UIKit exists on watchOS too, without `UIApplication`: watchOS apps use WatchKit's names.
#if canImport(UIKit) && !os(watchOS)
  import UIKit
#endif
#if canImport(WatchKit)
  import WatchKit
#endif

/// The app lifecycle notifications that flush pending saves.
struct FlushTriggersTests {
  /// Each name as its SDK header spells the constant, written out here independently of the
  /// library's list (the values equal the constants' names).
  static let leavingForeground = [
    "UIApplicationDidEnterBackgroundNotification", "UIApplicationWillTerminateNotification",
    "NSApplicationWillTerminateNotification", "WKApplicationDidEnterBackgroundNotification",
    "NSExtensionHostDidEnterBackgroundNotification",
    "NSExtensionHostWillResignActiveNotification",
  ]

  @Test func theLibraryListensToEachLifecycleName() {
    #expect(AppLifecycle.leavingForeground.map(\.rawValue) == Self.leavingForeground)
    #expect(
      AppLifecycle.returningToForeground.map(\.rawValue) == [
        "UIApplicationWillEnterForegroundNotification",
        "NSApplicationDidBecomeActiveNotification",
        "WKApplicationWillEnterForegroundNotification",
        "NSExtensionHostWillEnterForegroundNotification",
      ])
  }

  #if canImport(Darwin)
  /// Where the SDK's own constants can be imported (the macOS job runs this), each name is
  /// the constant's value.
  @Test @MainActor func theNamesAreTheSDKsConstants() {
    #if canImport(AppKit)
      #expect(AppLifecycle.appKitWillTerminate == NSApplication.willTerminateNotification)
      #expect(AppLifecycle.appKitDidBecomeActive == NSApplication.didBecomeActiveNotification)
    #endif
    #if canImport(UIKit) && !os(watchOS)
      #expect(AppLifecycle.uiKitDidEnterBackground == UIApplication.didEnterBackgroundNotification)
      #expect(AppLifecycle.uiKitWillTerminate == UIApplication.willTerminateNotification)
      #expect(
        AppLifecycle.uiKitWillEnterForeground == UIApplication.willEnterForegroundNotification)
    #endif
    #if canImport(WatchKit) && os(watchOS)
      #expect(
        AppLifecycle.watchKitDidEnterBackground == WKApplication.didEnterBackgroundNotification)
      #expect(
        AppLifecycle.watchKitWillEnterForeground == WKApplication.willEnterForegroundNotification)
    #endif
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      #expect(AppLifecycle.extensionHostDidEnterBackground == .NSExtensionHostDidEnterBackground)
      #expect(AppLifecycle.extensionHostWillResignActive == .NSExtensionHostWillResignActive)
      #expect(
        AppLifecycle.extensionHostWillEnterForeground == .NSExtensionHostWillEnterForeground)
    #endif
  }
  #endif
}

/// Posting a lifecycle notification flushes every instance in the process, so this runs in the
/// serialized `SavePolicyTests` suite, whose debounced tests a flush would otherwise break.
extension SavePolicyTests {
  @Test(arguments: FlushTriggersTests.leavingForeground)
  func leavingTheForegroundFlushesPendingSaves(name: String) throws {
    let store = CountingStore()
    let prefs = LazilySavingPreferences(store: store)
    prefs.fontSize = 30
    #expect(store.batchCount == 0)
    NotificationCenter.default.post(name: Notification.Name(name), object: nil)
    #expect(try store.value(forKey: "fontSize") == .double(30))
  }
}
