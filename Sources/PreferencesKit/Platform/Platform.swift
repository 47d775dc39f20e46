// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
public import PreferencesPrimitives

// `Platform/` is the one folder that imports the C library (here and in `Syscalls*.swift`).
// Everything else reaches the system through `Platform` and `Syscalls`, so a platform
// difference is decided here, once.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#else
  #error("PreferencesKit does not know this platform's C library: add it to Platform.swift")
#endif

/// Facts about the platform the library was built for.
enum Platform {
  /// Whether this is one of Apple's platforms.
  static var isApple: Bool {
    #if canImport(Darwin)
      true
    #else
      false
    #endif
  }
}

// MARK: - Error numbers

extension SystemError {
  /// `ENOENT`: no such file or folder.
  static let noSuchFile = SystemError(code: ENOENT)
  /// `EINTR`: a signal interrupted the call before it did anything; try again.
  static let interrupted = SystemError(code: EINTR)
  /// `EEXIST`: the file already exists.
  static let fileExists = SystemError(code: EEXIST)
  /// `ELOOP`: too many symbolic links.
  static let tooManyLinks = SystemError(code: ELOOP)
  /// `ENOSPC`: no space left on the device.
  static let noSpace = SystemError(code: ENOSPC)
  /// `EIO`: an input/output error.
  static let inputOutput = SystemError(code: EIO)
  /// `EROFS`: a read-only file system.
  static let readOnlyFileSystem = SystemError(code: EROFS)
  /// `EACCES`: permission denied.
  static let permissionDenied = SystemError(code: EACCES)
  /// `EPERM`: the operation is not permitted to this process.
  static let notPermitted = SystemError(code: EPERM)
  /// `EWOULDBLOCK`: the call would have had to wait.
  static let wouldBlock = SystemError(code: EWOULDBLOCK)

  /// The error number the last failed C library call left.
  static var last: SystemError { SystemError(code: errno) }

  /// The C library's text for `code`, such as `"Permission denied"`.
  static func description(of code: Int32) -> String {
    String(cString: strerror(code))
  }
}

// MARK: - Mutex

/// The lock primitive of ``Mutex`` (and of its ``Lock``): `os_unfair_lock` on Apple platforms,
/// elsewhere `PreferencesPrimitives`' own unfair lock (one compare-and-swap to lock, one exchange
/// to unlock). It must live at a fixed address, so ``Lock`` allocates it.
@usableFromInline typealias PlatformMutex = preferences_mutex_t

extension UnsafeMutablePointer where Pointee == PlatformMutex {
  /// Initializes the allocated, uninitialized mutex.
  func initializeMutex() {
    preferences_mutex_init(self)
  }

  /// Deinitializes the mutex, which must be unlocked. The memory stays allocated.
  func deinitializeMutex() {
    deinitialize(count: 1)
  }

  @inlinable func lockMutex() {
    preferences_mutex_lock(self)
  }

  @inlinable func unlockMutex() {
    preferences_mutex_unlock(self)
  }
}

// MARK: - File status

extension FileStatus {
  /// Converts the C library's `stat` structure.
  init(_ status: stat) {
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
    size = Int64(status.st_size)
    permissions = UInt32(status.st_mode) & 0o7777
    owner = UInt32(status.st_uid)
    group = UInt32(status.st_gid)
    switch UInt32(status.st_mode) & UInt32(S_IFMT) {
    case UInt32(S_IFREG): kind = .regularFile
    case UInt32(S_IFDIR): kind = .folder
    case UInt32(S_IFLNK): kind = .symbolicLink
    default: kind = .other
    }
    #if canImport(Darwin)
      modificationSeconds = Int64(status.st_mtimespec.tv_sec)
      modificationNanoseconds = Int64(status.st_mtimespec.tv_nsec)
      changeSeconds = Int64(status.st_ctimespec.tv_sec)
      changeNanoseconds = Int64(status.st_ctimespec.tv_nsec)
    #else
      modificationSeconds = Int64(status.st_mtim.tv_sec)
      modificationNanoseconds = Int64(status.st_mtim.tv_nsec)
      changeSeconds = Int64(status.st_ctim.tv_sec)
      changeNanoseconds = Int64(status.st_ctim.tv_nsec)
    #endif
  }
}

// MARK: - Foundation

extension NSNumber {
  /// Whether Foundation made this number from a `Bool`. On Apple platforms that is the
  /// `CFBoolean` singletons (a Boolean's `objCType` is `c`, as a `CChar`'s is); elsewhere a
  /// Boolean's `objCType` is `c` or `B`.
  var isBoolean: Bool {
    #if canImport(Darwin)
      CFGetTypeID(self) == CFBooleanGetTypeID()
    #else
      let type = UInt8(bitPattern: objCType.pointee)
      return type == UInt8(ascii: "c") || type == UInt8(ascii: "B")
    #endif
  }
}
