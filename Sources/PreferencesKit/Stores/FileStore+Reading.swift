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
    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Syscalls.openFile(path, for: .reading)
    } catch where error == .noSuchFile {
      return FileSnapshot(identity: nil, values: [:], descriptor: -1)
    } catch {
      throw PreferenceError(
        .readFailed, file: url, reason: "cannot open the file: \(error.message)")
    }
    var keepOpen = false
    defer { if !keepOpen { Syscalls.closeFile(descriptor) } }
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
    let values: [String: PropertyListValue]
    do {
      values = try format.decode(bytes)
    } catch var error as PreferenceError {
      error.file = url
      throw error
    }
    keepOpen = true
    return FileSnapshot(identity: FileIdentity(status), values: values, descriptor: descriptor)
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
