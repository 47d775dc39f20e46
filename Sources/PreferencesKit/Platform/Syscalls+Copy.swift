// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Copying a file where a hard link cannot be made, for the file store's kept copies
// (`FileStore.keepCopy(ofFileAtPath:as:)`), beside the other system calls in `Syscalls.swift`.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#else
  #error("PreferencesKit does not know this platform's C library: add it to Syscalls.swift")
#endif

extension Syscalls {
  /// Copies the file at `source` to `destination`, a new file (never existing, never a link)
  /// with the source's permission bits. A failed copy removes what it made. Tests make it fail
  /// as ``Call/copy``, which spends no failure planned for ``Call/open``, ``Call/read`` or
  /// ``Call/write``.
  static func copyFile(_ source: String, to destination: String) throws(SystemError) {
    try fault(.copy)
    let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard input >= 0 else { throw .last }
    defer { _ = close(input) }
    var status = stat()
    guard fstat(input, &status) == 0 else { throw .last }
    let output = open(
      destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
      status.st_mode & mode_t(0o7777))
    guard output >= 0 else { throw .last }
    var copied = false
    defer {
      _ = close(output)
      if !copied { _ = unlink(destination) }
    }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw .last }
      if count == 0 { break }
      var written = 0
      while written < count {
        let result = buffer.withUnsafeBytes {
          write(output, $0.baseAddress! + written, count - written)
        }
        if result < 0 && errno == EINTR { continue }
        guard result >= 0 else { throw .last }
        written += result
      }
    }
    copied = true
  }
}
