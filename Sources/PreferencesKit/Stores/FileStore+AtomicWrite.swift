import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension FileStore {
  /// Replaces the file at `path` with `bytes`, atomically. Called with the file lock held.
  ///
  /// The bytes go to `<name>.tmp` in the same folder, created exclusively and never through a
  /// symbolic link, with its mode set (0600, or the existing file's mode) before any data is
  /// written. The temporary file is flushed to disk, renamed over the file, and the folder is
  /// flushed. Only the lock holder uses the temporary name, so one left by a writer that was
  /// killed is removed first. On failure the temporary file is removed and the old file is
  /// left untouched.
  ///
  /// - Returns: A snapshot of the new file, holding `values`.
  func replaceFile(
    atPath path: String, with bytes: [UInt8], values: [String: PropertyListValue]
  ) throws -> FileSnapshot {
    let temporary = path + ".tmp"
    let folder = (path as NSString).deletingLastPathComponent
    if unlink(temporary) != 0, errno != ENOENT {
      throw writeFailure("cannot remove the stale temporary file \(temporary)", errno)
    }
    var mode: mode_t = 0o600
    var existing = stat()
    if stat(path, &existing) == 0 { mode = existing.st_mode & 0o7777 }

    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw writeFailure("cannot create the temporary file \(temporary)", errno)
    }
    var succeeded = false
    defer {
      if !succeeded {
        close(descriptor)
        unlink(temporary)
      }
    }
    guard fchmod(descriptor, mode) == 0 else {
      throw writeFailure("cannot set the mode of \(temporary)", errno)
    }
    try writeAll(bytes, to: descriptor, temporary: temporary)
    guard fsync(descriptor) == 0 else {
      throw writeFailure("cannot flush \(temporary) to disk", errno)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw writeFailure("cannot inspect \(temporary)", errno)
    }
    guard rename(temporary, path) == 0 else {
      throw writeFailure("cannot rename \(temporary) over the file", errno)
    }
    succeeded = true
    flushFolder(folder)
    return FileSnapshot(identity: FileIdentity(status), values: values, descriptor: descriptor)
  }

  private func writeAll(_ bytes: [UInt8], to descriptor: Int32, temporary: String) throws {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw writeFailure("cannot write \(temporary)", errno)
      }
      written += result
    }
  }

  /// Flushes the folder so that the rename itself survives a power loss. Best effort: the new
  /// file is already in place, and some file systems do not support flushing a folder.
  private func flushFolder(_ folder: String) {
    let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private func writeFailure(_ what: String, _ code: Int32) -> PreferenceError {
    PreferenceError(
      .writeFailed, file: url,
      reason: "\(what): \(SystemError.message(code)); the file was left as it was")
  }
}
