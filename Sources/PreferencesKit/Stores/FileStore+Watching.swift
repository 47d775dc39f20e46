import Foundation

extension FileStore {
  /// Calls `onChange` whenever the file is replaced, created or removed, by this process or
  /// another: inotify on Linux, a dispatch source on Apple platforms. Returns `nil` when the
  /// file's folder does not exist yet, or when ``url`` is not a file URL.
  public func observeChanges(
    _ onChange: @escaping @Sendable () -> Void
  ) -> (@Sendable () -> Void)? {
    guard url.isFileURL else { return nil }
    let path = (try? resolvedTargetPath()) ?? url.path
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    guard let watcher = FolderWatcher(folder: folder, name: name, onChange: onChange) else {
      return nil
    }
    return { watcher.stop() }
  }
}
