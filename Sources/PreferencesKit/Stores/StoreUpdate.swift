// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What one ``PreferenceStore/update(_:_:)`` asks of the store besides its change: the keys
/// the change reads, why the store as it is must be kept, and what the class that writes
/// declares.
///
/// ```swift
/// try store.update(StoreUpdate(readingKeys: ["launchCount"])) { values in
///   guard case .integer(let count)? = values["launchCount"] else { return }
///   values["launchCount"] = .integer(count + 1)
/// }
/// ```
public struct StoreUpdate: Sendable {
  /// The keys the change reads, for a store that reads a few keys more cheaply than all of
  /// them; `nil` for every key. A store may read more keys than these.
  public var readingKeys: [String]?

  /// Why the store as it is must be kept (the update replaces a value the app could not
  /// load), or `nil`. A store that can, keeps a copy (``FileStore`` keeps a backup file beside
  /// its file) and says where in a ``PreferenceError/Kind/fileMovedAside`` problem.
  public var keepingPrevious: String?

  private let declare: (@Sendable () -> PreferenceSchema)?

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - readingKeys: The keys the change reads, or `nil` for every key.
  ///   - keepingPrevious: Why the store as it is must be kept, or `nil`.
  ///   - declarations: What the class that writes declares, or `nil`.
  public init(
    readingKeys: [String]? = nil, keepingPrevious: String? = nil,
    declarations: PreferenceSchema? = nil
  ) {
    self.readingKeys = readingKeys
    self.keepingPrevious = keepingPrevious
    if let declarations {
      self.declare = { declarations }
    } else {
      self.declare = nil
    }
  }

  /// A request whose declarations are worked out only when a store reads them.
  init(
    readingKeys: [String]?, keepingPrevious: String?,
    declaring declare: @escaping @Sendable () -> PreferenceSchema
  ) {
    self.readingKeys = readingKeys
    self.keepingPrevious = keepingPrevious
    self.declare = declare
  }

  /// What the ``Preferences`` class that writes declares (each key with its type, default and
  /// sync setting), for a store that writes them beside the values or checks values against
  /// them; `nil` when the update comes from no class. Worked out each time it is read.
  public var declarations: PreferenceSchema? { declare?() }
}
