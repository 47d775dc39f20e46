// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The stub `Darwin` module of the Darwin lane. Its name makes `#if canImport(Darwin)` true, so
// the library's Apple branches are compiled and its Glibc branches left out. It re-exports
// Glibc, whose POSIX declarations match Darwin's for what the library calls (open, fstat,
// flock, rename, errno, ...), and adds what Darwin has and Glibc lacks, each citing the SDK
// file its declaration comes from. C declarations are in Stubs/C (the AppleStubC module).

@_exported import AppleStubC
@_exported import Glibc

// MARK: - sys/stat.h

extension stat {
  /// `struct stat`'s `st_mtimespec`: MacOSX15.5.sdk/usr/include/sys/stat.h declares
  /// `struct timespec st_mtimespec;` (with `_DARWIN_FEATURE_64_BIT_INODE`), where Linux has
  /// `st_mtim`. Also `st_atimespec`, `st_ctimespec`, `st_birthtimespec`.
  public var st_mtimespec: timespec { st_mtim }
  /// `struct stat`'s `st_atimespec` (sys/stat.h).
  public var st_atimespec: timespec { st_atim }
  /// `struct stat`'s `st_ctimespec` (sys/stat.h).
  public var st_ctimespec: timespec { st_ctim }
}
