import Foundation

extension FileStore {
  /// The path writes go to: ``url`` with every symbolic link along the final component
  /// followed, so that a linked store is written through to its target and stays a link. The
  /// lock and temporary files go beside that target, and a damaged file is moved aside there.
  ///
  /// In a shared folder (``isInSharedFolder``) no link is followed: the path is ``url``'s own,
  /// and a write renames a regular file over whatever is there.
  ///
  /// - Throws: ``PreferenceError/Kind/writeFailed`` when the target exists and is not a
  ///   regular file (a FIFO, a device, a folder): nothing is created beside it.
  func resolvedTargetPath() throws -> String {
    var path = url.path
    if isInSharedFolder { return path }
    for _ in 0..<40 {
      guard let status = try? Syscalls.status(atPath: path, followingLinks: false) else {
        return path
      }
      guard status.kind == .symbolicLink else {
        if status.kind == .regularFile { return path }
        throw PreferenceError(
          .writeFailed, file: url, expected: "a regular file at \(path)",
          found: status.kind == .folder ? "a folder" : "a FIFO, socket or device",
          reason: "nothing was written, and no lock or temporary file was created beside it")
      }
      let destination: String
      do throws(SystemError) {
        destination = try Syscalls.readLink(path)
      } catch {
        throw PreferenceError(
          .writeFailed, file: url,
          reason: "cannot read the symbolic link \(path): \(error.message)")
      }
      if destination.hasPrefix("/") {
        path = destination
      } else {
        path = ((path as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(destination)
      }
    }
    throw PreferenceError(
      .writeFailed, file: url,
      reason: "too many levels of symbolic links (\(SystemError.tooManyLinks.message))")
  }

  /// Creates `folder` and any missing parents with mode 0700, whatever the umask.
  func createFolderIfNeeded(atPath folder: String) throws {
    if folder.isEmpty { return }
    if (try? Syscalls.status(atPath: folder)) != nil { return }
    let parent = (folder as NSString).deletingLastPathComponent
    if parent != folder { try createFolderIfNeeded(atPath: parent) }
    do throws(SystemError) {
      try Syscalls.makeFolder(folder, permissions: 0o700)
    } catch where error == .fileExists {
      return
    } catch {
      throw PreferenceError(
        .writeFailed, file: url, reason: "cannot create the folder \(folder): \(error.message)")
    }
    try? Syscalls.setPermissions(0o700, atPath: folder)
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
    var attempt = 1
    while (try? Syscalls.status(atPath: destination, followingLinks: false)) != nil {
      attempt += 1
      destination = "\(path).corrupt-\(stamp)-\(milliseconds)-\(attempt)"
    }
    do throws(SystemError) {
      try Syscalls.renameFile(path, to: destination)
    } catch {
      throw PreferenceError(
        .writeFailed, file: url,
        reason: "the file does not parse and cannot be moved aside to \(destination): "
          + error.message)
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
