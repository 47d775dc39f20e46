// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The bits of ``Preferences/hotPath``: everything a read or an assignment must know about its
/// instance besides the value, in one word read with one atomic load.
///
/// A read whose word is 0 (not observable, nothing probing) and whose value fits a word loads
/// the value without the lock; any bit set sends it down the path that handles it.
@usableFromInline
enum HotPath {
  /// A probe of ``Preferences/updates(of:initial:)`` is running: reads note their keys.
  @inlinable static var probing: UInt64 { 1 }
  /// Something subscribes to changes: assignments announce themselves.
  @inlinable static var changeSubscribers: UInt64 { 2 }
  /// The class reports reads and assignments to the Observation framework.
  @inlinable static var observable: UInt64 { 4 }
  /// The class saves automatically: assignments schedule a save.
  @inlinable static var savesAutomatically: UInt64 { 8 }
  /// Some code asked for ``Preferences/didChangeNotification``: assignments post it. Set on
  /// every instance at once (see `LivePreferences`).
  @inlinable static var notifications: UInt64 { 16 }
  /// The bits that make an assignment announce itself, so keep the value it replaces.
  @inlinable static var heard: UInt64 { changeSubscribers | notifications }
}

extension Preferences {
  /// Whether any probe is running, so that reads note which properties they read, as
  /// ``updates(of:initial:)`` needs to find the keys behind a key path. Set only inside
  /// `state.withLock`, where it mirrors the running probes.
  final var isProbing: Bool {
    get { hotPath.loadRelaxed() & HotPath.probing != 0 }
    set { hotPath.setBits(HotPath.probing, to: newValue) }
  }

  /// Whether anything subscribes to changes. Set only inside `state.withLock`, where it
  /// mirrors the subscribers.
  ///
  /// Setting it takes and releases every cell's lock bit once: an assignment reads the flags
  /// while holding its cell's bit, so one that did not see the flag has stored its value
  /// before this returns, and a subscriber that reads values afterwards misses nothing.
  final var hasChangeSubscribers: Bool {
    get { hotPath.loadRelaxed() & HotPath.changeSubscribers != 0 }
    set {
      hotPath.setBits(HotPath.changeSubscribers, to: newValue)
      if newValue {
        for cell in cells { cell.waitForAssignments() }
      }
    }
  }
}
