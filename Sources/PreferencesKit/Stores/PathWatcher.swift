// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Reports changes to one file whose folder may not exist yet: watches the file's folder with a
/// ``FolderWatcher`` when it exists, and otherwise the nearest folder above it, moving down as
/// folders appear and back up when they go, so a store is never polled for want of a folder.
///
/// Each move watches the new folder first and only then looks again, so no folder created in
/// between is missed. A move into or out of the file's folder reports a change.
///
/// Lock order: the state's lock is held while a ``FolderWatcher`` starts or stops (which takes
/// ``FolderEvents``' lock on Linux); events call in holding neither.
final class PathWatcher: Sendable {
  /// The folder watched now, as found when its watch began.
  private struct Watch: Sendable {
    var folder: String
    var device: UInt64
    var inode: UInt64
    var watcher: FolderWatcher
  }

  /// The watch, if any; `stopped` once ``stop()`` ran.
  private struct State: Sendable {
    var watch: Watch?
    var stopped = false
  }

  /// At most this many moves per look, so that folders created and removed without pause
  /// cannot hold the watcher in a loop: the next event looks again.
  private static let movesPerLook = 64

  private let folder: String
  private let name: String
  private let onChange: @Sendable () -> Void
  private let state = Mutex(State())

  /// Starts watching for changes to the file called `name` in `folder`, calling `onChange` on
  /// a private queue. Returns `nil` when no folder on the way can be watched (no inotify
  /// instance, or no folder the process may read).
  init?(folder: String, name: String, onChange: @escaping @Sendable () -> Void) {
    self.folder = folder.isEmpty ? "." : folder
    self.name = name
    self.onChange = onChange
    settle(afterEventInFileFolder: false)
    guard state.withLock({ $0.watch != nil }) else { return nil }
  }

  /// Stops watching. Calling it again does nothing.
  func stop() {
    let watch = state.withLock { state in
      defer { (state.watch, state.stopped) = (nil, true) }
      return state.watch
    }
    watch?.watcher.stop()
  }

  /// An event in the watched folder: looks again for the deepest folder, and reports a change
  /// when the watch moved into or out of the file's folder, or the event was in it.
  private func folderChanged(inFileFolder: Bool) {
    if settle(afterEventInFileFolder: inFileFolder) { onChange() }
  }

  /// Watches the deepest existing folder on the way to the file's own.
  ///
  /// - Returns: Whether to report a change: the watcher is not stopped, and the watch moved
  ///   into or out of the file's folder or `afterEventInFileFolder`.
  @discardableResult
  private func settle(afterEventInFileFolder: Bool) -> Bool {
    state.withLock { state in
      var moved = false
      for _ in 0..<Self.movesPerLook where !state.stopped {
        let found = deepestFolder()
        if let watch = state.watch, let found, watch.folder == found.path,
          watch.device == found.status.device, watch.inode == found.status.inode
        {
          break
        }
        if state.watch?.folder == folder || found?.path == folder { moved = true }
        state.watch?.watcher.stop()
        state.watch = found.flatMap { found in
          watcher(for: found.path).map {
            Watch(
              folder: found.path, device: found.status.device, inode: found.status.inode,
              watcher: $0)
          }
        }
        if state.watch == nil { break }
      }
      return !state.stopped && (moved || afterEventInFileFolder)
    }
  }

  /// The file's folder if it exists, or else the nearest existing folder above it.
  private func deepestFolder() -> (path: String, status: FileStatus)? {
    var path = folder
    while true {
      if let status = try? Syscalls.status(atPath: path), status.kind == .folder {
        return (path, status)
      }
      let parent = Self.parent(of: path)
      if parent == path { return nil }
      path = parent
    }
  }

  /// A watcher of `path`: for the file in the file's folder, otherwise for the next folder on
  /// the way down.
  private func watcher(for path: String) -> FolderWatcher? {
    if path == folder {
      return FolderWatcher(folder: path, name: name) { [weak self] in
        self?.folderChanged(inFileFolder: true)
      }
    }
    let next = Self.nextComponent(below: path, toward: folder)
    return FolderWatcher(folder: path, accepting: { $0 == next }) { [weak self] in
      self?.folderChanged(inFileFolder: false)
    }
  }

  /// The folder holding `path` (`/` for `/`, `.` for a relative name without a folder).
  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = String(path[..<slash])
    return parent.isEmpty ? "/" : parent
  }

  /// The name in `ancestor` of the folder on the way down to `folder`.
  static func nextComponent(below ancestor: String, toward folder: String) -> String {
    var path = folder
    while true {
      let parent = parent(of: path)
      if parent == ancestor || parent == path {
        let start = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
        return String(path[start...])
      }
      path = parent
    }
  }
}
