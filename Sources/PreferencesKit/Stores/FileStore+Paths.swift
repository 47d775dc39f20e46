import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension FileStore {
  /// The path writes go to: ``url`` with every symbolic link along the final component
  /// followed, so that a linked store is written through to its target and stays a link.
  func resolvedTargetPath() throws -> String {
    var path = url.path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return path }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(path, &buffer, buffer.count - 1)
      guard length >= 0 else {
        throw PreferenceError(
          .writeFailed, file: url,
          reason: "cannot read the symbolic link \(path): \(SystemError.message(errno))")
      }
      let destination = String(
        decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if destination.hasPrefix("/") {
        path = destination
      } else {
        path = ((path as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(destination)
      }
    }
    throw PreferenceError(
      .writeFailed, file: url,
      reason: "too many levels of symbolic links (\(SystemError.message(ELOOP)))")
  }

  /// Creates `folder` and any missing parents with mode 0700, whatever the umask.
  func createFolderIfNeeded(atPath folder: String) throws {
    if folder.isEmpty { return }
    var status = stat()
    if stat(folder, &status) == 0 { return }
    let parent = (folder as NSString).deletingLastPathComponent
    if parent != folder { try createFolderIfNeeded(atPath: parent) }
    if mkdir(folder, 0o700) != 0 {
      let code = errno
      if code == EEXIST { return }
      throw PreferenceError(
        .writeFailed, file: url,
        reason: "cannot create the folder \(folder): \(SystemError.message(code))")
    }
    chmod(folder, 0o700)
  }

  /// Moves a file that does not parse to `<name>.corrupt-<timestamp>` so that the user can
  /// recover it by hand. Called with the file lock held.
  ///
  /// - Returns: The path the file now has.
  func moveAside(damagedFileAtPath path: String) throws -> String {
    let now = Date().timeIntervalSince1970
    let seconds = Int64(now.rounded(.down))
    let milliseconds = Int64((now - Double(seconds)) * 1000)
    let stamp = ISO8601Timestamp.compactString(secondsSince1970: seconds)
    var destination = "\(path).corrupt-\(stamp)"
    var status = stat()
    var attempt = 1
    while lstat(destination, &status) == 0 {
      attempt += 1
      destination = "\(path).corrupt-\(stamp)-\(milliseconds)-\(attempt)"
    }
    guard rename(path, destination) == 0 else {
      throw PreferenceError(
        .writeFailed, file: url,
        reason: "the file does not parse and cannot be moved aside to \(destination): "
          + SystemError.message(errno))
    }
    return destination
  }

  /// Throws unless ``url`` is a file URL: a store never touches a path taken from any other
  /// kind of URL.
  func checkIsFileURL(_ kind: PreferenceError.Kind) throws {
    guard !url.isFileURL else { return }
    throw PreferenceError(
      kind, file: url, expected: "a file URL", found: url.absoluteString,
      reason: "FileStore reads and writes local files only; nothing was read or written")
  }
}
