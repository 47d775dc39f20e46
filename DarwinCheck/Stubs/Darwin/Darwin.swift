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

// MARK: - Integer widths (sys/_types.h, sys/_types/*.h, arm/_types.h)
//
// Darwin's C types are narrower or wider than Glibc's on 64-bit Linux, and Swift imports each as
// a distinct integer type, so a conversion that compiles on Linux can fail to compile, or trap,
// on an Apple platform. These declarations shadow Glibc's in a file that reaches Glibc only
// through `import Darwin`: the type names and the `mode_t`-taking functions the library calls.
// Not shadowed (see the README): `struct stat`'s fields, because a file that also imports
// Foundation reaches Glibc through it and a second `st_mode` is then ambiguous; and
// `open(_:_:_:)`, because a second `open` makes every call with a literal mode ambiguous.

/// sys/_types/_mode_t.h: `typedef __darwin_mode_t mode_t;`, `__uint16_t` (sys/_types.h).
public typealias mode_t = UInt16
/// sys/_types/_off_t.h: `typedef __darwin_off_t off_t;`, `__int64_t` (sys/_types.h).
public typealias off_t = Int64
/// sys/_types/_dev_t.h: `typedef __darwin_dev_t dev_t;`, `__int32_t` (sys/_types.h).
public typealias dev_t = Int32
/// sys/_types/_ino_t.h: `typedef __darwin_ino_t ino_t;`, `__uint64_t` with
/// `_DARWIN_FEATURE_64_BIT_INODE` (sys/_types.h: `__darwin_ino64_t`).
public typealias ino_t = UInt64
/// sys/_types/_nlink_t.h: `typedef __uint16_t nlink_t;`
public typealias nlink_t = UInt16
/// sys/_types/_blksize_t.h: `typedef __darwin_blksize_t blksize_t;`, `__int32_t`.
public typealias blksize_t = Int32
/// sys/_types/_blkcnt_t.h: `typedef __darwin_blkcnt_t blkcnt_t;`, `__int64_t`.
public typealias blkcnt_t = Int64
/// sys/_types/_suseconds_t.h: `typedef __darwin_suseconds_t suseconds_t;`, `__int32_t`.
public typealias suseconds_t = Int32
/// sys/_types/_time_t.h: `typedef __darwin_time_t time_t;`, `long` (arm/_types.h): `Int`, 32 bits
/// on watchOS's arm64_32.
public typealias time_t = Int

/// sys/stat.h: `int chmod(const char *, mode_t) __DARWIN_ALIAS(chmod);`
public func chmod(_ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 { stub() }
/// sys/stat.h: `int fchmod(int, mode_t) __DARWIN_ALIAS(fchmod);`
public func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 { stub() }
/// sys/stat.h: `int mkdir(const char *, mode_t);`
public func mkdir(_ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 { stub() }
/// sys/stat.h: `mode_t umask(mode_t);`
@discardableResult public func umask(_ mask: mode_t) -> mode_t { stub() }

/// The body of every stub: the lane never runs them.
@inline(never)
func stub(_ function: StaticString = #function) -> Never {
  fatalError("DarwinCheck stub \(function) was called; the lane only type-checks")
}
