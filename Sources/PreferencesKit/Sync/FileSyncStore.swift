// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// A sync store in a folder that the user's own sync tool (Syncthing, Dropbox, a network share)
/// keeps in step between machines: one file per device.
///
/// Not for iCloud Drive folders, whose evicted placeholders (`.<name>.icloud`) it does not
/// download (it lists them in ``readProblems``) and which expect `NSFileCoordinator`: on Apple
/// platforms, use `UbiquitousSyncStore`.
///
/// Each device writes only its own file, `<device>.plist` (or `.json`), and reads every file in
/// the folder, conflict copies included, so no entry is lost to a sync tool that keeps one
/// version of a file; for each key the newest entry, by ``SyncTimestamp``, wins.
///
/// ```swift
/// let shared = URL(filePath: "/home/ada/Sync/MyApp")  // must exist
/// try prefs.startSyncing(with: FileSyncStore(folder: shared))
/// ```
///
/// Each file is written like a ``FileStore``: locked, atomic, never torn. Files that do not
/// parse yet are skipped, and listed in ``readProblems``. A missing folder is reported as
/// unreachable, never created, so that an unmounted share is not taken for an empty one. The
/// files of devices that stopped syncing stay: delete them once every remaining device has
/// synced since. The iCloud key-value store's limits apply by default (``SyncLimits/iCloud``).
public final class FileSyncStore: SyncStore {
  /// The shared folder.
  public let folder: URL
  /// The format of the files this store writes, and the only files it reads.
  public let format: PropertyListFormat
  /// The limits this store enforces.
  public let limits: SyncLimits
  /// A file store per file name, so that unchanged files are not parsed again.
  private let files = Mutex<[String: FileStore]>([:])
  /// The files the last read skipped.
  private let skipped = Mutex<[PreferenceError]>([])

  /// Creates a sync store in `folder`. This never throws and never writes.
  ///
  /// - Parameters:
  ///   - folder: The shared folder, which must exist when syncing.
  ///   - format: The format of the files; property lists unless given. TOML, which cannot
  ///     hold every value exactly, gives JSON: the files are written by machines, for
  ///     machines.
  ///   - limits: The limits to enforce; the iCloud key-value store's by default.
  public init(
    folder: URL, format: PropertyListFormat = .propertyList, limits: SyncLimits = .iCloud
  ) {
    self.folder = folder
    self.format = format == .toml ? .json : format
    self.limits = limits
  }

  /// The file that `device` writes.
  ///
  /// - Parameter device: A device identifier.
  /// - Returns: `<folder>/<device>.<extension>`, with any `/` in the identifier replaced.
  public func fileURL(forDevice device: String) -> URL {
    let name = device.replacingOccurrences(of: "/", with: "_") + "." + format.fileExtension
    return folder.appendingPathComponent(name, isDirectory: false)
  }

  /// The newest entry of every key, across every file in the folder.
  ///
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/syncFailed`` when the
  ///   folder cannot be read.
  public func allEntries() throws -> [String: SyncEntry] {
    let names = try fileNames()
    var skipped = evictedFiles(among: names)
    let entries = sourceFiles(among: names).map { file in
      do {
        return SyncEntry.entries(in: try file.allValues())
      } catch {
        var problem = PreferenceError(error, kind: .readFailed)
        problem.file = file.url
        let damaged = (error as? PreferenceError)?.isDamage ?? false
        problem.reason = [problem.reason, damaged ? "the file is skipped until it parses" : nil]
          .compactMap { $0 }.joined(separator: "; ")
        skipped.append(problem)
        return [:]
      }
    }
    self.skipped.withLock { $0 = skipped }
    return SyncEntry.newest(of: entries)
  }

  /// Reports a change whenever a file in this store's format is created, replaced or removed
  /// in the folder (inotify on Linux, a dispatch source on Apple platforms). The folder is still
  /// read every 30 seconds, for network and FUSE file systems, which report no remote change.
  public func observeChanges(
    _ handler: @escaping @Sendable (SyncStoreEvent) -> Void
  ) -> (@Sendable () -> Void)? {
    let suffix = "." + format.fileExtension
    guard
      let watcher = FolderWatcher(
        folder: folder.path, accepting: { !$0.hasPrefix(".") && $0.hasSuffix(suffix) },
        onChange: { handler(.changed) })
    else { return nil }
    return { watcher.stop() }
  }

  /// The files in the folder that the last read skipped, each named with what is wrong in it:
  /// a file that does not parse yet, anything but a regular file, or an iCloud Drive
  /// placeholder (`.<name>.icloud`).
  public var readProblems: [PreferenceError] {
    skipped.withLock { $0 }
  }

  /// Stores each entry that is newer than the folder's in `device`'s file, under that file's
  /// lock, unless that would break a limit; nothing is stored then.
  public func apply(_ entries: [String: SyncEntry], from device: String) throws {
    guard !entries.isEmpty else { return }
    let existing = try allEntries()
    let file = fileStore(at: fileURL(forDevice: device))
    try file.update(StoreUpdate()) { values in
      let own = SyncEntry.entries(in: values)
      for (key, entry) in try limits.admit(entries, over: SyncEntry.newest(of: [existing, own])) {
        values[key] = entry.propertyListValue
      }
    }
  }

  /// The names of the files in the folder, sorted.
  private func fileNames() throws -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    } catch {
      throw PreferenceError(
        .syncFailed, path: folder.path,
        reason: "the sync folder cannot be read: \(error.localizedDescription)")
    }
  }

  /// A problem for each iCloud Drive placeholder (`.<name>.icloud`) of a file in this format.
  private func evictedFiles(among names: [String]) -> [PreferenceError] {
    let suffix = "." + format.fileExtension + ".icloud"
    return names.filter { $0.hasPrefix(".") && $0.hasSuffix(suffix) }.map {
      PreferenceError(
        .readFailed, file: folder.appendingPathComponent($0, isDirectory: false),
        reason: "iCloud Drive has evicted \(String($0.dropFirst().dropLast(7))) from this "
          + "device and FileSyncStore does not download it, so its entries are not read; "
          + "FileSyncStore does not support iCloud Drive folders: use UbiquitousSyncStore")
    }
  }

  /// Every file in the folder in this store's format, by name, skipping hidden files.
  private func sourceFiles(among names: [String]) -> [FileStore] {
    let sources = names.filter {
      !$0.hasPrefix(".") && $0.hasSuffix("." + format.fileExtension)
    }
    // Forget the files that are gone, with what was read from them.
    files.withLock { files in
      let present = Set(sources)
      files = files.filter { present.contains($0.key) }
    }
    return sources.map { fileStore(at: folder.appendingPathComponent($0, isDirectory: false)) }
  }

  /// The store of one file in the folder: it follows no symbolic link and keeps no descriptor
  /// open (see ``FileSnapshot``).
  private func fileStore(at url: URL) -> FileStore {
    files.withLock { files in
      if let store = files[url.lastPathComponent] { return store }
      let store = FileStore(
        url: url, maximumFileSize: 4 * 1024 * 1024, lockTimeout: .seconds(30),
        isInSharedFolder: true)
      files[url.lastPathComponent] = store
      return store
    }
  }
}
