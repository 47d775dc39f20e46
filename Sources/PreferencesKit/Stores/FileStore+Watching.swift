// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

extension FileStore {
  /// Calls `onChange` whenever the file is replaced, created or removed, by this process or
  /// another: inotify on Linux, a dispatch source on Apple platforms.
  ///
  /// A folder that does not exist yet (a first launch, before the first write creates it) is
  /// watched through the nearest folder above it that does, and the file's own folder from
  /// the moment it appears; if the folder is removed later, the watch moves back up. Any
  /// change to the file is reported, whatever `keys` asks for, and the observation does not
  /// claim to report every change: a watching ``Preferences`` checks the file every second
  /// besides. Returns `nil` when ``url`` is not a file URL, or when no folder on the way can be
  /// watched.
  public func observeChanges(
    toKeys keys: [String], _ onChange: @escaping @Sendable () -> Void
  ) -> StoreObservation? {
    guard url.isFileURL else { return nil }
    let path = (try? resolvedTargetPath()) ?? url.path
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    guard let watcher = PathWatcher(folder: folder, name: name, onChange: onChange) else {
      return nil
    }
    return StoreObservation(reportsEveryChange: false) { watcher.stop() }
  }
}
