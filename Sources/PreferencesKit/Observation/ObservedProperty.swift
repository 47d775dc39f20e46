// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Observation

/// What tells the Observation framework of changes to a `@Preference` property that do not
/// come through its setter: reloads and resets.
///
/// `@unchecked Sendable`: its closures hold a key path to a stored property, an immutable value
/// that Swift does not mark `Sendable` only because a key path may capture subscript arguments.
@usableFromInline
struct ObservedProperty: @unchecked Sendable {
  /// Tells the Observation framework the property will change.
  let willSet: (Preferences) -> Void
  /// Tells the Observation framework the property did change.
  let didSet: (Preferences) -> Void

  init<Owner: Preferences, Value>(_ keyPath: ReferenceWritableKeyPath<Owner, Value>) {
    willSet = { owner in
      guard let owner = owner as? Owner else { return }
      owner.observation.willSet(owner, keyPath: keyPath)
    }
    didSet = { owner in
      guard let owner = owner as? Owner else { return }
      owner.observation.didSet(owner, keyPath: keyPath)
    }
  }
}

/// The Observation framework's registrar, in a box of known size. Its methods are inlinable so
/// that they are specialized for the subclass at each call site: unspecialized, they looked up
/// its `Observable` conformance on every read and assignment (about 150 instructions).
@usableFromInline
final class ObservationBox: Sendable {
  /// The registrar of one ``Preferences`` instance.
  @usableFromInline let registrar = ObservationRegistrar()

  /// Reports a read of `keyPath` to any observation tracking in progress.
  @inlinable
  func access<Owner: Preferences, Value>(_ owner: Owner, keyPath: KeyPath<Owner, Value>) {
    registrar.access(owner, keyPath: keyPath)
  }

  /// Tells observers of `keyPath` that it will change.
  @inlinable
  func willSet<Owner: Preferences, Value>(_ owner: Owner, keyPath: KeyPath<Owner, Value>) {
    registrar.willSet(owner, keyPath: keyPath)
  }

  /// Tells observers of `keyPath` that it did change.
  @inlinable
  func didSet<Owner: Preferences, Value>(_ owner: Owner, keyPath: KeyPath<Owner, Value>) {
    registrar.didSet(owner, keyPath: keyPath)
  }
}
