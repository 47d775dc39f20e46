// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension Preferences {
  /// Whether a debug build warns, on standard error, when an instance of a class with the
  /// ``SavePolicy/explicit`` policy is released, or the process exits, with unsaved changes:
  /// keys assigned, and not written, whose values differ from those last loaded or written.
  ///
  /// `true` unless set otherwise; tests that let such instances go on purpose can set it to
  /// `false`. A release build never warns.
  public static var warnsAboutUnsavedChanges: Bool {
    get { unsavedChangesWarnings.withLock { $0 } }
    set { unsavedChangesWarnings.withLock { $0 = newValue } }
  }

  /// The keys assigned and not saved whose values differ from those last loaded or written:
  /// not a key reset to the default it already had, nor one assigned back.
  var unsavedKeys: [String] {
    state.withLock { _, held in
      cells.filter { $0.isDirty && $0.differsFromStoredValue(held) }.map(\.key)
    }
  }

  /// The warning a debug build prints when an instance of an ``SavePolicy/explicit`` class
  /// with unsaved changes `event` ("exits", "was released"), or `nil` when there is none to
  /// print. Touches only base-class state, so it may run while the instance is torn down.
  func unsavedChangesWarning(when event: String) -> String? {
    guard type(of: self).savePolicy == .explicit, Self.warnsAboutUnsavedChanges else {
      return nil
    }
    let keys = unsavedKeys
    guard !keys.isEmpty else { return nil }
    return "PreferencesKit: \(type(of: self)) \(event) with unsaved changes to "
      + keys.joined(separator: ", ")
      + "; call writePreferences(), or set savePolicy to save automatically\n"
  }

  /// In a debug build, prints the warning for an instance released with unsaved changes.
  func warnIfReleasedWithUnsavedChanges() {
    #if DEBUG
      if let message = unsavedChangesWarning(when: "was released") {
        FileHandle.standardError.write(Data(message.utf8))
      }
    #endif
  }
}

/// Whether debug builds warn about unsaved changes (``Preferences/warnsAboutUnsavedChanges``).
private let unsavedChangesWarnings = Mutex(true)
