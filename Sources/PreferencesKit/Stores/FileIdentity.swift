// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// What identifies one version of a file on disk: its whole status, so device, inode, size,
/// and modification and change times to the nanosecond.
///
/// A writer replaces the file with a new inode; the store keeps the file it parsed open (see
/// ``FileSnapshot``), so that inode number cannot be reused meanwhile. Size and modification
/// time catch editors that rewrite in place; the change time, which no program can set, a
/// modification time set back.
struct FileIdentity: Hashable, Sendable {
  let status: FileStatus

  init(_ status: FileStatus) {
    self.status = status
  }
}
