// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import Foundation
package import PreferencesKit
#if canImport(CoreGraphics)
  // Internal: `CGRect` in `windowFrame`'s type comes with Foundation; Core Graphics adds only
  // the `.zero` its body uses (Scripts/check-coregraphics-imports.sh).
  internal import CoreGraphics
#endif

/// The README's example types, compiled exactly as users copy them.
package struct Person: Codable, Equatable, Sendable {
  package var name: String
  package var quest: String
  package var age: Int

  package init(name: String, quest: String, age: Int) {
    self.name = name
    self.quest = quest
    self.age = age
  }
}

package enum Theme: String, Codable, Sendable {
  case light, dark
}

/// A `RawRepresentable` enum that is not `Codable`.
package enum Level: Int, Sendable {
  case low = 1, high = 2
}

package final class AppPreferences: Preferences, @unchecked Sendable {
  @Preference package var userName = ""
  @Preference package var fontSize = 12.0
  @Preference package var hasAppRun = false
  @Preference package var launchCount = 0
  @Preference package var volume: Float = 0.5
  @Preference package var lastOpened: Date? = nil
  @Preference package var homepage = URL(string: "https://swift.org")!
  @Preference package var theme = Theme.light
  @Preference package var recentFiles: [String] = []
  @Preference package var shortcuts: [String: Int] = [:]
  @Preference package var person: Person? = nil
  @Preference(key: "Has Widgets") package var hasWidgets = false
  @Preference package var windowFrameData = Data()

  package var windowFrame: CGRect {
    get { windowFrameData.rectValue ?? .zero }
    set { windowFrameData = Data(rect: newValue) }
  }

  package override func setDefaults() {
    recentFiles = ["README.md"]
  }
}

/// One property of every other supported kind.
package final class AllTypesPreferences: Preferences, @unchecked Sendable {
  @Preference package var int8: Int8 = -8
  @Preference package var int16: Int16 = -16
  @Preference package var int32: Int32 = -32
  @Preference package var int64: Int64 = -64
  @Preference package var uint: UInt = 1
  @Preference package var uint8: UInt8 = 8
  @Preference package var uint16: UInt16 = 16
  @Preference package var uint32: UInt32 = 32
  @Preference package var uint64: UInt64 = 64
  @Preference package var cgFloat: CGFloat = 1.5
  @Preference package var data = Data([1, 2, 3])
  @Preference package var date = Date(timeIntervalSince1970: 0)
  @Preference package var level = Level.low
  @Preference package var optionalTheme: Theme? = nil
  @Preference package var nested: [String: [Int]] = [:]
  @Preference package var people: [Person] = []
  @Preference package var optionalInt: Int? = nil
}

/// A store that records every call, to prove what a write touches.
package final class RecordingStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: every var is guarded by `lock`.
  private let lock = NSLock()
  private let base: InMemoryStore
  private var _applied: [[String: StoredChange]] = []
  private var _failure: PreferenceError?

  package init(_ values: [String: PropertyListValue] = [:]) { base = InMemoryStore(values) }

  /// Every change set handed to `apply`, in order.
  package var applied: [[String: StoredChange]] { lock.withLock { _applied } }

  /// When set, `apply` throws it and changes nothing.
  package var failure: PreferenceError? {
    get { lock.withLock { _failure } }
    set { lock.withLock { _failure = newValue } }
  }

  package func allValues() -> [String: PropertyListValue] { base.allValues() }

  package func values(forKeys keys: [String]?) -> [String: PropertyListValue] {
    base.values(forKeys: keys)
  }

  package func apply(_ changes: [String: StoredChange]) throws {
    try lock.withLock {
      if let failure = _failure { throw failure }
      _applied.append(changes)
    }
    base.apply(changes)
  }
}
