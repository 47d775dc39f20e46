// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FileStore {
  /// The file as last read, from the cached snapshot when the file has not changed since.
  ///
  /// Takes no file lock: writers replace the file by renaming, so a reader always opens either
  /// the old file or the new one, complete.
  ///
  /// In a shared folder (``isInSharedFolder``) anything but a regular file at `path` fails
  /// without being opened, or, when `replacing`, reads as empty: the write that follows renames
  /// a regular file over it.
  func currentSnapshot(atPath path: String, replacing: Bool = false) throws -> FileSnapshot {
    try readState.withLock { state throws -> FileSnapshot in
      let status: FileStatus
      do throws(SystemError) {
        status = try Syscalls.status(atPath: path, followingLinks: !isInSharedFolder)
      } catch where error == .noSuchFile {
        let none = FileSnapshot(identity: nil, values: [:], descriptor: -1)
        state.read(none)
        return none
      } catch {
        throw PreferenceError(
          .readFailed, file: url, reason: "cannot inspect the file: \(error.message)")
      }
      if isInSharedFolder && status.kind != .regularFile {
        if replacing { return FileSnapshot(identity: nil, values: [:], descriptor: -1) }
        throw notRegularFile(status.kind)
      }
      if let snapshot = state.snapshot, snapshot.identity == FileIdentity(status),
        snapshot.isSettled
      {
        return snapshot
      }
      do {
        let read = try readSnapshot(atPath: path)
        state.read(read)
        return read
      } catch let error as PreferenceError where error.isDamage {
        state.foundDamage(waitingUpTo: partialWriteTimeout)
        throw error
      }
    }
  }

  /// A snapshot of the file the descriptor has open: it keeps the descriptor, except in a
  /// shared folder, where it is closed (a sync folder may hold thousands of files), and, for a
  /// TOML file, its bytes, which the next write edits.
  func snapshot(
    of status: FileStatus, values: [String: PropertyListValue], descriptor: Int32,
    bytes: [UInt8]
  ) -> FileSnapshot {
    if isInSharedFolder { Syscalls.closeFile(descriptor) }
    let kept = isInSharedFolder ? -1 : descriptor
    return FileSnapshot(
      identity: FileIdentity(status), values: values, descriptor: kept,
      source: format == .toml ? bytes : nil)
  }

  /// Opens, checks the size of, reads and parses the file.
  private func readSnapshot(atPath path: String) throws -> FileSnapshot {
    guard let (descriptor, status, bytes) = try readFile(atPath: path) else {
      return FileSnapshot(identity: nil, values: [:], descriptor: -1)
    }
    let values: [String: PropertyListValue]
    do {
      values = try format.decode(bytes, file: url)
    } catch {
      Syscalls.closeFile(descriptor)
      throw error
    }
    return snapshot(of: status, values: values, descriptor: descriptor, bytes: bytes)
  }

  /// Every entry of a damaged file that parses on its own (of a file too large, within its first
  /// ``maximumFileSize`` bytes), or nothing when the file cannot be read at all; and, for each
  /// entry of the file as last read cleanly that cannot be salvaged, the value read then
  /// (``SalvagedValues/keptKeys``).
  func salvagedValues(atPath path: String) -> SalvagedValues {
    var salvage = SalvagedValues()
    if let (descriptor, _, bytes) = try? readFile(atPath: path, truncating: true) {
      Syscalls.closeFile(descriptor)
      salvage = format.salvage(bytes)
    }
    let lastRead = readState.withLock { $0.snapshot?.values } ?? [:]
    var values = salvage.values
    for (key, value) in lastRead where values[key] == nil { values[key] = value }
    let kept = lastRead.keys.filter { salvage.values[$0] == nil }.sorted()
    return SalvagedValues(
      values: values, lostKeys: salvage.lostKeys.filter { lastRead[$0] == nil },
      keptKeys: kept)
  }

  /// Opens the file without blocking (a FIFO in its place cannot hang the caller), checks
  /// on the open descriptor that it is a regular file no larger than ``maximumFileSize``, and
  /// reads it whole; or, when `truncating`, reads at most its first ``maximumFileSize`` bytes.
  ///
  /// - Returns: The open descriptor, which the caller closes, the file's status and its bytes;
  ///   `nil` when there is no file.
  private func readFile(
    atPath path: String, truncating: Bool = false
  ) throws -> (Int32, FileStatus, [UInt8])? {
    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Syscalls.openFile(
        path, for: isInSharedFolder ? .readingWithoutFollowingLinks : .reading)
    } catch where error == .noSuchFile {
      return nil
    } catch where error == .tooManyLinks && isInSharedFolder {
      throw notRegularFile(.symbolicLink)
    } catch {
      throw PreferenceError(
        .readFailed, file: url, reason: "cannot open the file: \(error.message)")
    }
    var succeeded = false
    defer { if !succeeded { Syscalls.closeFile(descriptor) } }
    let status: FileStatus
    do throws(SystemError) {
      status = try Syscalls.status(of: descriptor)
    } catch {
      throw PreferenceError(
        .readFailed, file: url, reason: "cannot inspect the file: \(error.message)")
    }
    if status.kind != .regularFile { throw notRegularFile(status.kind) }
    if status.size > Int64(maximumFileSize) && !truncating {
      throw tooLarge(size: status.size)
    }
    ActivityCounters.countFileRead()
    let bytes = try readAll(
      descriptor, expectedSize: Int(min(status.size, Int64(maximumFileSize))),
      truncating: truncating)
    succeeded = true
    return (descriptor, status, bytes)
  }

  /// Reads the whole file, refusing to read more than ``maximumFileSize`` bytes; when
  /// `truncating`, returns the first ``maximumFileSize`` bytes instead of refusing.
  private func readAll(
    _ descriptor: Int32, expectedSize: Int, truncating: Bool
  ) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: expectedSize + 1)
    var count = 0
    while true {
      if count == bytes.count {
        if count > maximumFileSize { break }
        bytes.append(contentsOf: repeatElement(0, count: max(4096, count / 2)))
      }
      let limit = min(bytes.count, maximumFileSize + 1)
      let attempt = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemError) -> Int in
          try Syscalls.readBytes(
            descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count..<limit]))
        }
      }
      let result: Int
      do throws(SystemError) {
        result = try attempt.get()
      } catch where error == .interrupted {
        continue
      } catch {
        throw PreferenceError(
          .readFailed, file: url, reason: "cannot read the file: \(error.message)")
      }
      if result == 0 { break }
      count += result
      if count > maximumFileSize { break }
    }
    if count > maximumFileSize {
      if !truncating { throw tooLarge(size: Int64(count)) }
      count = maximumFileSize
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  private func tooLarge(size: Int64) -> PreferenceError {
    PreferenceError(
      .fileTooLarge, file: url, expected: "at most \(maximumFileSize) bytes",
      found: "\(size) bytes",
      reason: "the file was not read but for its first \(maximumFileSize) bytes, whose "
        + "complete entries are salvaged; the rest is not read. Move it aside or raise "
        + "maximumFileSize")
  }

  /// The error for anything but a regular file where the store's file should be.
  private func notRegularFile(_ kind: FileStatus.Kind) -> PreferenceError {
    let found =
      switch kind {
      case .symbolicLink: "a symbolic link"
      case .folder: "a folder"
      case .regularFile: "a regular file"
      case .other: "a FIFO, socket or device"
      }
    return PreferenceError(
      .readFailed, file: url, expected: "a regular file", found: found,
      reason: isInSharedFolder
        ? "in a folder other machines write, only regular files are read; it is skipped"
        : "the path is not a regular file, so it was not read")
  }
}
