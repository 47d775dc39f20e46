// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FileStore {
  /// The path writes go to: ``url`` with every symbolic link along the final component
  /// followed, so that a linked store is written through to its target and stays a link; the
  /// lock and temporary files go beside that target. In a shared folder (``isInSharedFolder``)
  /// no link is followed.
  ///
  /// - Throws: ``PreferenceError/Kind/writeFailed`` when the target exists and is not a
  ///   regular file (a FIFO, a device, a folder): nothing is created beside it.
  func resolvedTargetPath() throws -> String {
    var path = url.path
    if isInSharedFolder { return path }
    let maximumLinks = 40
    for _ in 0..<maximumLinks {
      guard let status = try? Syscalls.status(atPath: path, followingLinks: false) else {
        return path
      }
      guard status.kind == .symbolicLink else {
        if status.kind == .regularFile { return path }
        throw PreferenceError(
          .writeFailed, file: url, expected: "a regular file at \(path)",
          found: status.kind == .folder ? "a folder" : "a FIFO, socket or device",
          reason: "nothing was written, and no lock or temporary file was created beside it")
      }
      let destination: String
      do throws(SystemError) {
        destination = try Syscalls.readLink(path)
      } catch {
        throw PreferenceError(
          .writeFailed, file: url,
          reason: "cannot read the symbolic link \(path): \(error.message)")
      }
      if destination.hasPrefix("/") {
        path = destination
      } else {
        path = ((path as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(destination)
      }
    }
    throw PreferenceError(
      .writeFailed, file: url,
      reason: "more than \(maximumLinks) symbolic links in a row, likely a loop "
        + "(errno \(SystemError.tooManyLinks.code))")
  }

  /// Creates `folder` and any missing parents with mode 0700, whatever the umask.
  func createFolderIfNeeded(atPath folder: String) throws {
    try Self.createFolderIfNeeded(atPath: folder, for: url)
  }

  /// Creates `folder` and any missing parents with mode 0700, whatever the umask, for the file
  /// at `file`, which an error names.
  static func createFolderIfNeeded(atPath folder: String, for file: URL) throws {
    if folder.isEmpty { return }
    if (try? Syscalls.status(atPath: folder)) != nil { return }
    let parent = (folder as NSString).deletingLastPathComponent
    if parent != folder { try createFolderIfNeeded(atPath: parent, for: file) }
    do throws(SystemError) {
      try Syscalls.makeFolder(folder, permissions: 0o700)
    } catch where error == .fileExists {
      return
    } catch {
      throw PreferenceError(
        .writeFailed, file: file, reason: "cannot create the folder \(folder): \(error.message)")
    }
    try? Syscalls.setPermissions(0o700, atPath: folder)
  }

  /// Keeps the file at `path` under a second name, `<name>.<kind>-<timestamp>` (`corrupt` or
  /// `backup`), before it is replaced; the file itself stays until the new one is renamed over
  /// it, so a crash in between loses nothing. Called with the file lock held.
  ///
  /// - Returns: The path of the copy.
  func keepCopy(ofFileAtPath path: String, as kind: String) throws -> String {
    // `<timestamp>-<microseconds>`, so that names sort in the order the copies were made.
    let now = Date().timeIntervalSince1970
    let seconds = Int64(now.rounded(.down))
    let micro = String(Int64((now - Double(seconds)) * 1_000_000))
    let stamp = ISO8601Timestamp.compactString(secondsSince1970: seconds) + "-"
      + String(repeating: "0", count: max(0, 6 - micro.count)) + micro
    var destination = "\(path).\(kind)-\(stamp)"
    var attempt = 1
    while (try? Syscalls.status(atPath: destination, followingLinks: false)) != nil {
      attempt += 1
      destination = "\(path).\(kind)-\(stamp)-\(attempt)"
    }
    do throws(SystemError) {
      try Syscalls.linkFile(path, to: destination)
    } catch {
      // A file system without hard links gets a copy instead.
      do throws(SystemError) {
        try Syscalls.copyFile(path, to: destination)
      } catch let copyError {
        throw PreferenceError(
          .writeFailed, file: url,
          reason: "the file was not replaced, because it cannot be kept at \(destination) first: "
            + "\(error.message); copying it failed too: \(copyError.message)")
      }
    }
    return destination
  }

  /// Removes all but the newest `count` backups of the file at `path`. Best effort.
  func removeOldBackups(ofFileAtPath path: String, keeping count: Int) {
    let folder = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + ".backup-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names.filter({ $0.hasPrefix(prefix) }).sorted().dropLast(count) {
      try? Syscalls.removeFile((folder as NSString).appendingPathComponent(name))
    }
  }

  /// Throws unless ``url`` is a file URL: a store never touches a path taken from any other
  /// kind of URL.
  func checkIsFileURL(_ kind: PreferenceError.Kind) throws {
    guard !url.isFileURL else { return }
    throw PreferenceError(
      kind, file: url, expected: "a file URL", found: url.absoluteString,
      reason: "FileStore reads and writes local files only; nothing was read or written")
  }
}
