/// The parsed contents of one version of a store's file, and the open descriptor that pins it.
///
/// Holding the descriptor open keeps the file's inode allocated, so a later file at the same
/// path can never reuse its inode number and look unchanged. The descriptor is closed when the
/// snapshot is replaced.
final class FileSnapshot {
  /// The identity of the file the values were read from, or `nil` when there was no file.
  let identity: FileIdentity?
  /// The file's values.
  let values: [String: PropertyListValue]
  /// An open descriptor of the file, or -1.
  private let descriptor: Int32

  init(identity: FileIdentity?, values: [String: PropertyListValue], descriptor: Int32) {
    self.identity = identity
    self.values = values
    self.descriptor = descriptor
  }

  deinit {
    if descriptor >= 0 { Syscalls.closeFile(descriptor) }
  }
}
