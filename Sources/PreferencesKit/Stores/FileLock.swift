// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// An exclusive `flock` on a lock file beside a store, held until ``unlock()``.
///
/// The kernel releases the lock when the holding process dies, so a crashed writer never
/// blocks the next one. `flock` locks belong to an open file description, not to a thread:
/// callers in one process must serialize among themselves (``FileStore`` does so with its
/// writer lock).
struct FileLock {
  private let descriptor: Int32

  /// Opens (creating it with mode 0600 when missing, never through a link, without blocking)
  /// and locks the regular file at `path`, waiting up to `timeout` for another holder; `store`
  /// is named in errors.
  ///
  /// - Throws: ``PreferenceError/Kind/lockTimedOut`` naming the lock file and its holder when
  ///   the wait runs out; ``PreferenceError/Kind/writeFailed`` when the lock file cannot be
  ///   opened or locked.
  init(lockingPath path: String, store: URL, timeout: Duration) throws {
    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Syscalls.openFile(path, for: .locking)
    } catch {
      throw PreferenceError(
        .writeFailed, file: store, reason: "cannot open the lock file \(path): \(error.message)")
    }
    var locked = false
    defer { if !locked { Syscalls.closeFile(descriptor) } }
    let status = try? Syscalls.status(of: descriptor)
    guard let status, status.kind == .regularFile else {
      throw PreferenceError(
        .writeFailed, file: store, expected: "a regular file at \(path)",
        found: "something else (a FIFO, a device or a folder)",
        reason: "the lock file is not a file, so nothing was written")
    }
    let deadline = ContinuousClock.now + timeout
    var pause = 1  // milliseconds
    while true {
      do throws(SystemError) {
        if try Syscalls.tryLockExclusively(descriptor) { break }
      } catch where error == .interrupted {
        continue
      } catch {
        throw PreferenceError(
          .writeFailed, file: store, reason: "cannot lock the lock file \(path): \(error.message)")
      }
      if ContinuousClock.now >= deadline {
        throw PreferenceError(
          .lockTimedOut, file: store, expected: "the lock file \(path) free within \(timeout)",
          found: Self.holder(of: status).map { "held by \($0)" } ?? "still held",
          reason: "another process kept the store locked, so nothing was written; "
            + "try again, or raise the store's lockTimeout")
      }
      // flock has no timed wait: poll, backing off to 10 ms between attempts.
      Thread.sleep(forTimeInterval: Double(pause) / 1000)
      pause = min(pause * 2, 10)
    }
    locked = true
    self.descriptor = descriptor
  }

  /// Releases the lock and closes the lock file. The lock file itself stays.
  func unlock() {
    Syscalls.unlock(descriptor)
    Syscalls.closeFile(descriptor)
  }

  /// The process holding a `flock` on the file with `status`, as `process 123 (name)`, from
  /// `/proc/locks` on Linux; `nil` elsewhere or when no holder is listed.
  static func holder(of status: FileStatus) -> String? {
    #if os(Linux) || os(Android)
      guard let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
        return nil
      }
      // Lines read `1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF`; waiters add `->`.
      let device = status.device
      let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
      let minor = (device & 0xff) | ((device >> 12) & ~0xff)
      let file = hex(major) + ":" + hex(minor) + ":\(status.inode)"
      for line in locks.split(separator: "\n") where !line.contains("->") {
        let fields = line.split(separator: " ")
        guard fields.count > 5, fields[1] == "FLOCK", fields[5] == file,
          let process = Int(fields[4])
        else { continue }
        let name = (try? String(contentsOfFile: "/proc/\(process)/comm", encoding: .utf8))?
          .trimmingCharacters(in: .whitespacesAndNewlines)
        return "process \(process)" + (name.map { " (\($0))" } ?? "")
      }
      return nil
    #else
      return nil
    #endif
  }

  /// `value` in lowercase hexadecimal, at least two digits, as `/proc/locks` prints devices.
  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return digits.count < 2 ? "0" + digits : digits
  }
}
