// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The system calls the file store makes, each a thin wrapper that reports failure as a
// `SystemError` and that tests can make fail in debug builds (see `SystemCallFaults`). Modelled
// on swift-system's `Internals/Syscalls.swift` and `Internals/Mocking.swift`.

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

/// What `stat` says about a file, in the same shape on every platform.
struct FileStatus: Hashable, Sendable {
  /// What kind of file system object a path names.
  enum Kind: Sendable { case regularFile, folder, symbolicLink, other }

  var device: UInt64
  var inode: UInt64
  var size: Int64
  /// The permission bits, such as `0o600`.
  var permissions: UInt32
  /// The owner's user ID and the group ID.
  var owner: UInt32
  var group: UInt32
  var kind: Kind
  var modificationSeconds: Int64
  var modificationNanoseconds: Int64
  /// When the file's inode last changed (a write, a rename, a change of mode or owner).
  var changeSeconds: Int64
  var changeNanoseconds: Int64
}

/// The system calls the library makes. None retries on `EINTR`: callers that loop decide.
enum Syscalls {
  /// A system call that ``SystemCallFaults`` can make fail.
  enum Call: Sendable, Hashable {
    case open, read, write, synchronize, fileStatus, pathStatus, setPermissions, rename, unlink
    case makeFolder, readLink, lock, setOwner
    case link
    /// ``peekBytes(atPath:count:)``'s open and read: a look at a file that is no step of a
    /// write, so that a failure planned for the next `open` or `read` reaches the write's own.
    case peek
    /// ``makeSignalPipe()``.
    case pipe
    /// ``copyFile(_:to:)``: where a hard link fails, a kept copy of a store's file.
    case copy
  }

  /// Why a file is opened, which decides the flags. Every descriptor is close-on-exec, and a
  /// file opened to be read is opened non-blocking, so a FIFO in its place cannot block the
  /// open (callers check the type with ``status(of:)`` before reading).
  enum OpenPurpose {
    /// Reading a store's file, following a symbolic link.
    case reading
    /// Reading a file in a folder other machines write: a symbolic link fails with
    /// ``SystemError/tooManyLinks`` instead of being followed.
    case readingWithoutFollowingLinks
    /// Writing a new temporary file: created with mode 0600, never existing, never a link.
    case creatingExclusively
    /// Holding a lock file: created with mode 0600 when missing, never a link.
    case locking
    /// Flushing a folder.
    case folder
    /// Watching a file or folder for changes without keeping its volume busy.
    case watching
  }

  static func openFile(_ path: String, for purpose: OpenPurpose) throws(SystemError) -> Int32 {
    try fault(.open)
    let cloexec = O_CLOEXEC
    let descriptor: Int32
    switch purpose {
    case .reading:
      descriptor = open(path, O_RDONLY | O_NONBLOCK | cloexec)
    case .readingWithoutFollowingLinks:
      descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | cloexec)
    case .creatingExclusively:
      descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | cloexec, 0o600)
    case .locking:
      descriptor = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | cloexec, 0o600)
    case .folder:
      descriptor = open(path, O_RDONLY | O_DIRECTORY | cloexec)
    case .watching:
      #if canImport(Darwin)
        descriptor = open(path, O_EVTONLY | cloexec)
      #else
        descriptor = open(path, O_RDONLY | cloexec)
      #endif
    }
    guard descriptor >= 0 else { throw .last }
    return descriptor
  }

  static func closeFile(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// The first `count` bytes of the file at `path`, fewer when it is shorter, opened as for
  /// ``OpenPurpose/reading`` (a FIFO in its place reads as empty rather than blocking). Fails
  /// only where a test plans ``Call/peek``, never ``Call/open`` or ``Call/read``.
  static func peekBytes(atPath path: String, count: Int) throws(SystemError) -> [UInt8] {
    try fault(.peek)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .last }
    defer { _ = close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    let length = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
    guard length >= 0 else { throw .last }
    return Array(bytes.prefix(length))
  }

  /// Reads into `buffer`; returns the number of bytes read, 0 at the end of the file.
  static func readBytes(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
  ) throws(SystemError) -> Int {
    try fault(.read)
    let count = read(descriptor, buffer.baseAddress, buffer.count)
    guard count >= 0 else { throw .last }
    return count
  }

  /// Writes from `buffer`; returns the number of bytes written, which may be fewer.
  static func writeBytes(
    _ descriptor: Int32, from buffer: UnsafeRawBufferPointer
  ) throws(SystemError) -> Int {
    try fault(.write)
    let count = write(descriptor, buffer.baseAddress, buffer.count)
    guard count >= 0 else { throw .last }
    return count
  }

  /// Flushes the file's data to permanent storage: on Apple platforms `fcntl(F_FULLFSYNC)`,
  /// which also flushes the drive's cache (fsync(2)), or `fsync` where the file system does
  /// not support it.
  static func synchronize(_ descriptor: Int32) throws(SystemError) {
    try fault(.synchronize)
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) != -1 { return }
    #endif
    guard fsync(descriptor) == 0 else { throw .last }
  }

  /// `fstat`.
  static func status(of descriptor: Int32) throws(SystemError) -> FileStatus {
    try fault(.fileStatus)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .last }
    return FileStatus(status)
  }

  /// `stat`, or `lstat` when `followingLinks` is false.
  static func status(
    atPath path: String, followingLinks: Bool = true
  ) throws(SystemError) -> FileStatus {
    try fault(.pathStatus)
    var status = stat()
    let result = followingLinks ? stat(path, &status) : lstat(path, &status)
    guard result == 0 else { throw .last }
    return FileStatus(status)
  }

  /// `fchmod`.
  static func setPermissions(_ permissions: UInt32, of descriptor: Int32) throws(SystemError) {
    try fault(.setPermissions)
    guard fchmod(descriptor, mode_t(permissions)) == 0 else { throw .last }
  }

  /// `chmod`.
  static func setPermissions(_ permissions: UInt32, atPath path: String) throws(SystemError) {
    try fault(.setPermissions)
    guard chmod(path, mode_t(permissions)) == 0 else { throw .last }
  }

  static func renameFile(_ source: String, to destination: String) throws(SystemError) {
    try fault(.rename)
    guard rename(source, destination) == 0 else { throw .last }
  }

  /// Gives the file at `source` a second name, `destination`, which must not exist.
  static func linkFile(_ source: String, to destination: String) throws(SystemError) {
    try fault(.link)
    guard link(source, destination) == 0 else { throw .last }
  }

  static func removeFile(_ path: String) throws(SystemError) {
    try fault(.unlink)
    guard unlink(path) == 0 else { throw .last }
  }

  /// `mkdir`; the umask may clear permission bits.
  static func makeFolder(_ path: String, permissions: UInt32) throws(SystemError) {
    try fault(.makeFolder)
    guard mkdir(path, mode_t(permissions)) == 0 else { throw .last }
  }

  /// The destination a symbolic link holds, as written.
  static func readLink(_ path: String) throws(SystemError) -> String {
    try fault(.readLink)
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length >= 0 else { throw .last }
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Takes an exclusive `flock` without waiting; returns `false` when another holds it.
  static func tryLockExclusively(_ descriptor: Int32) throws(SystemError) -> Bool {
    try fault(.lock)
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
    let error = SystemError.last
    if error == .wouldBlock { return false }
    throw error
  }

  /// `fchown`.
  static func setOwner(_ owner: UInt32, group: UInt32, of descriptor: Int32) throws(SystemError) {
    try fault(.setOwner)
    guard fchown(descriptor, uid_t(owner), gid_t(group)) == 0 else { throw .last }
  }

  /// The process's effective user ID.
  static var effectiveUser: UInt32 { UInt32(geteuid()) }

  /// Releases a `flock`.
  static func unlock(_ descriptor: Int32) {
    _ = flock(descriptor, LOCK_UN)
  }

  /// Throws the failure a test planned for `call`, if any. Empty in release builds, where
  /// the seam is compiled out: the wrappers call the system directly.
  @inline(__always)
  static func fault(_ call: Call) throws(SystemError) {
    #if ENABLE_SYSTEM_CALL_FAULTS
      if let faults = SystemCallFaults.current, let error = faults.takeFailure(of: call) {
        throw error
      }
    #endif
  }
}
