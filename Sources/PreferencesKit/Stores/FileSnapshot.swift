// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The parsed contents of one version of a store's file, and the open descriptor that pins it.
///
/// Holding the descriptor open keeps the file's inode allocated, so a later file at the same
/// path can never reuse its inode number and look unchanged. The descriptor is closed when the
/// snapshot is replaced. A file in a folder other machines write is not pinned (a sync folder
/// may hold thousands of files): its snapshot is trusted only once the file's change time is
/// more than a second older than the read, so a file replaced within the same tick of a coarse
/// clock is read again.
final class FileSnapshot: Sendable {
  /// The identity of the file the values were read from, or `nil` when there was no file.
  let identity: FileIdentity?
  /// The file's values.
  let values: [String: PropertyListValue]
  /// The file's bytes, kept for a TOML file only: its next write edits them
  /// (`TOMLDocument.updated(to:)`), keeping every comment.
  let source: [UInt8]?
  /// Whether the identity alone tells a later version of the file from this one.
  let isSettled: Bool
  /// An open descriptor of the file, or -1.
  private let descriptor: Int32

  init(
    identity: FileIdentity?, values: [String: PropertyListValue], descriptor: Int32,
    source: [UInt8]? = nil
  ) {
    self.identity = identity
    self.values = values
    self.source = source
    self.descriptor = descriptor
    if descriptor >= 0 || identity == nil {
      isSettled = true
    } else {
      let now = Date().timeIntervalSince1970
      isSettled = identity.map { Double($0.status.changeSeconds) < now - 2 } ?? true
    }
  }

  deinit {
    if descriptor >= 0 { Syscalls.closeFile(descriptor) }
  }
}
