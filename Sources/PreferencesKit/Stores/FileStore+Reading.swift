import Foundation

extension FileStore {
  /// The file's values, from the cached snapshot when the file has not changed since.
  ///
  /// Takes no file lock: writers replace the file by renaming, so a reader always opens either
  /// the old file or the new one, complete.
  func currentValues(atPath path: String) throws -> [String: PropertyListValue] {
    try snapshotLock.withLock { () throws -> [String: PropertyListValue] in
      let status: FileStatus
      do throws(SystemError) {
        status = try Syscalls.status(atPath: path)
      } catch where error == .noSuchFile {
        snapshot = FileSnapshot(identity: nil, values: [:], descriptor: -1)
        return [:]
      } catch {
        throw PreferenceError(
          .readFailed, file: url, reason: "cannot inspect the file: \(error.message)")
      }
      if let snapshot, snapshot.identity == FileIdentity(status) {
        return snapshot.values
      }
      let read = try readSnapshot(atPath: path)
      snapshot = read
      return read.values
    }
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
    return FileSnapshot(identity: FileIdentity(status), values: values, descriptor: descriptor)
  }

  /// Every entry of a damaged file that parses on its own, or nothing when the file cannot be
  /// read at all (it is missing, unreadable, or larger than ``maximumFileSize``).
  func recoveredValues(atPath path: String) -> PropertyListSalvage {
    guard let (descriptor, _, bytes) = try? readFile(atPath: path) else {
      return PropertyListSalvage()
    }
    Syscalls.closeFile(descriptor)
    return format.salvage(bytes)
  }

  /// Opens the file, checks that it is a regular file no larger than ``maximumFileSize``, and
  /// reads it whole.
  ///
  /// - Returns: The open descriptor, which the caller closes, the file's status and its bytes;
  ///   `nil` when there is no file.
  private func readFile(atPath path: String) throws -> (Int32, FileStatus, [UInt8])? {
    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Syscalls.openFile(path, for: .reading)
    } catch where error == .noSuchFile {
      return nil
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
    if status.kind != .regularFile {
      throw PreferenceError(.readFailed, file: url, reason: "the path is not a regular file")
    }
    let size = status.size
    if size > Int64(maximumFileSize) {
      throw tooLarge(size: size)
    }
    let bytes = try readAll(descriptor, expectedSize: Int(size))
    succeeded = true
    return (descriptor, status, bytes)
  }

  /// Reads the whole file, refusing to read more than ``maximumFileSize`` bytes.
  private func readAll(_ descriptor: Int32, expectedSize: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: expectedSize + 1)
    var count = 0
    while true {
      if count == bytes.count {
        if count > maximumFileSize { throw tooLarge(size: Int64(count)) }
        bytes.append(contentsOf: repeatElement(0, count: max(4096, count / 2)))
      }
      let attempt = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemError) -> Int in
          try Syscalls.readBytes(
            descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
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
    }
    if count > maximumFileSize { throw tooLarge(size: Int64(count)) }
    bytes.removeSubrange(count...)
    return bytes
  }

  private func tooLarge(size: Int64) -> PreferenceError {
    PreferenceError(
      .fileTooLarge, file: url, expected: "at most \(maximumFileSize) bytes",
      found: "\(size) bytes",
      reason: "the file was not read; move it aside or raise maximumFileSize")
  }
}
