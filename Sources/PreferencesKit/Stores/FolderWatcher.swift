// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// Reports changes to one file: on Linux, the process's one inotify instance watching its
/// folder (``FolderEvents``); on Apple platforms, dispatch sources on the folder and on the
/// file itself.
///
/// An atomic write replaces the file, which only the folder sees. On Apple platforms a folder's
/// source misses a rewrite in place, so the file is watched too, and again after each event,
/// as its source follows the old file once that is replaced.
///
/// `@unchecked Sendable`: dispatch sources are made to be cancelled from any thread, though they
/// are not declared `Sendable`; they are kept in `sources`, a ``Mutex``, and the rest is
/// constants.
final class FolderWatcher: @unchecked Sendable {
  #if !canImport(Darwin)
    /// Ends this watcher's subscription to the process's shared inotify (``FolderEvents``).
    private let stopLinux: @Sendable () -> Void
  #else
    private let queue = DispatchQueue(label: "PreferencesKit.FolderWatcher", qos: .utility)
    /// The folder's source, then the file's when there is one; `nil` once stopped.
    private let sources = Mutex<[any DispatchSourceProtocol]?>([])
  #endif

  /// Starts watching `folder` for changes to the file called `name`, calling `onChange` on a
  /// private queue. Returns `nil` when the folder cannot be watched, for example because it
  /// does not exist yet.
  convenience init?(folder: String, name: String, onChange: @escaping @Sendable () -> Void) {
    let folder = folder.isEmpty ? "." : folder
    self.init(
      folder: folder, accepting: { $0 == name }, file: folder + "/" + name, onChange: onChange)
  }

  /// Starts watching `folder` for files created, replaced or removed whose names `accepts`
  /// takes (on Apple platforms, for any change to the folder's entries, and to `file` itself
  /// when given), calling `onChange` on a private queue. Returns `nil` when the folder cannot
  /// be watched.
  init?(
    folder: String, accepting accepts: @escaping @Sendable (String) -> Bool,
    file: String? = nil, onChange: @escaping @Sendable () -> Void
  ) {
    #if !canImport(Darwin)
      guard let events = FolderEvents.shared,
        let stop = events.subscribe(folder: folder, accepts: accepts, onChange: onChange)
      else { return nil }
      stopLinux = stop
    #else
      guard let descriptor = try? Syscalls.openFile(folder, for: .watching) else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
      source.setEventHandler { [weak self] in
        if let file { self?.watchFile(atPath: file, onChange: onChange) }
        onChange()
      }
      source.setCancelHandler { Syscalls.closeFile(descriptor) }
      source.resume()
      sources.withLock { $0 = [source] }
      if let file { watchFile(atPath: file, onChange: onChange) }
    #endif
  }

  /// Stops watching.
  func stop() {
    #if !canImport(Darwin)
      stopLinux()
    #else
      let stopped = sources.withLock { sources in
        defer { sources = nil }
        return sources ?? []
      }
      for source in stopped { source.cancel() }
    #endif
  }

  #if canImport(Darwin)
    /// Replaces the file's source with one on the file now at `path`, if any.
    private func watchFile(atPath path: String, onChange: @escaping @Sendable () -> Void) {
      var source: (any DispatchSourceProtocol)?
      if let descriptor = try? Syscalls.openFile(path, for: .watching) {
        let fileSource = DispatchSource.makeFileSystemObjectSource(
          fileDescriptor: descriptor, eventMask: [.write, .extend, .delete, .rename],
          queue: queue)
        fileSource.setEventHandler { [weak self] in
          self?.watchFile(atPath: path, onChange: onChange)
          onChange()
        }
        fileSource.setCancelHandler { Syscalls.closeFile(descriptor) }
        fileSource.resume()
        source = fileSource
      }
      let replaced: (any DispatchSourceProtocol)? = sources.withLock { sources in
        guard var current = sources else { return source }
        let old = current.count > 1 ? current.removeLast() : nil
        if let source { current.append(source) }
        sources = current
        return old
      }
      replaced?.cancel()
    }
  #endif
}
