// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FileStore {
  /// Replaces the file at `path` with `bytes`, atomically. Called with the file lock held.
  ///
  /// The bytes go to `<name>.tmp` beside it (created exclusively, never through a link, mode
  /// set first), flushed to disk, renamed over the file, and the folder is flushed. Only the
  /// lock holder uses the temporary name, so one left by a killed writer is removed first. On
  /// failure the temporary file is removed and the old file is left untouched.
  ///
  /// - Returns: A snapshot of the new file, holding `values`.
  func replaceFile(
    atPath path: String, with bytes: [UInt8], values: [String: PropertyListValue]
  ) throws -> FileSnapshot {
    let temporary = path + ".tmp"
    let folder = (path as NSString).deletingLastPathComponent
    do throws(SystemError) {
      try Syscalls.removeFile(temporary)
    } catch {
      if error != .noSuchFile { throw staleTemporaryFailure(temporary, error) }
    }
    // In a shared folder a link is replaced, never followed: nothing of its target is kept.
    let existing = (try? Syscalls.status(atPath: path, followingLinks: !isInSharedFolder))
      .flatMap { $0.kind == .regularFile ? $0 : nil }

    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Syscalls.openFile(temporary, for: .creatingExclusively)
    } catch {
      throw writeFailure("cannot create the temporary file \(temporary)", error)
    }
    var succeeded = false
    defer {
      if !succeeded {
        Syscalls.closeFile(descriptor)
        try? Syscalls.removeFile(temporary)
      }
    }
    try keepOwner(of: existing, on: descriptor)
    var status: FileStatus
    do throws(SystemError) {
      try Syscalls.setPermissions(existing?.permissions ?? 0o600, of: descriptor)
      try writeAll(bytes, to: descriptor)
      try Syscalls.synchronize(descriptor)
      status = try Syscalls.status(of: descriptor)
    } catch {
      throw writeFailure("cannot write \(temporary)", error)
    }
    do throws(SystemError) {
      try Syscalls.renameFile(temporary, to: path)
    } catch {
      throw writeFailure("cannot rename \(temporary) over the file", error)
    }
    succeeded = true
    flushFolder(folder)
    // The rename changed the file's change time: identify the file as it is now.
    status = (try? Syscalls.status(of: descriptor)) ?? status
    return snapshot(of: status, values: values, descriptor: descriptor, bytes: bytes)
  }

  /// Gives the new file the owner and group of the file it replaces, so that a write by root
  /// (or by a member of the file's group) leaves a user's file readable by that user.
  ///
  /// - Throws: ``PreferenceError/Kind/writeFailed`` when this process may not, before any
  ///   byte is written: the file would otherwise change hands.
  private func keepOwner(of existing: FileStatus?, on descriptor: Int32) throws {
    guard let existing, let new = try? Syscalls.status(of: descriptor),
      existing.owner != new.owner || existing.group != new.group
    else { return }
    do throws(SystemError) {
      try Syscalls.setOwner(existing.owner, group: existing.group, of: descriptor)
    } catch {
      throw PreferenceError(
        .writeFailed, file: url,
        expected: "a new file owned by user \(existing.owner), group \(existing.group), as the "
          + "file is", found: "this process may only create it as user \(new.owner), group "
          + "\(new.group) (\(error.message))",
        reason: "the file was left as it was, rather than change its owner")
    }
  }

  /// The error for a temporary file left by an earlier write that cannot be removed: in a
  /// shared folder with the sticky bit (such as `/tmp`), one that another user owns.
  private func staleTemporaryFailure(_ temporary: String, _ error: SystemError) -> PreferenceError {
    guard error == .notPermitted || error == .permissionDenied,
      let stale = try? Syscalls.status(atPath: temporary, followingLinks: false),
      stale.owner != Syscalls.effectiveUser
    else { return writeFailure("cannot remove the stale temporary file \(temporary)", error) }
    return PreferenceError(
      .writeFailed, file: url, expected: "no temporary file \(temporary), or one of this user's",
      found: "one owned by user \(stale.owner), which this process (user "
        + "\(Syscalls.effectiveUser)) may not remove (\(error.message))",
      reason: "every write needs that name; ask its owner or an administrator to remove it. "
        + "The file was left as it was")
  }

  /// Writes every byte, going on after a partial write or an interrupted call.
  private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(SystemError) -> Int in
          try Syscalls.writeBytes(
            descriptor, from: UnsafeRawBufferPointer(rebasing: buffer[written...]))
        }
      }
      switch result {
      case .success(let count): written += count
      case .failure(let error) where error == .interrupted: continue
      case .failure(let error): throw error
      }
    }
  }

  /// Flushes the folder so that the rename itself survives a power loss. Best effort: the new
  /// file is already in place, and some file systems do not support flushing a folder.
  private func flushFolder(_ folder: String) {
    guard let descriptor = try? Syscalls.openFile(folder.isEmpty ? "." : folder, for: .folder)
    else { return }
    try? Syscalls.synchronize(descriptor)
    Syscalls.closeFile(descriptor)
  }

  private func writeFailure(_ what: String, _ error: SystemError) -> PreferenceError {
    PreferenceError(
      .writeFailed, file: url, reason: "\(what): \(error.message); the file was left as it was")
  }
}
