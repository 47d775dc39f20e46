public import Foundation

/// A sync store in a folder that the user's own sync tool (Syncthing, Dropbox, a network share)
/// keeps in step between machines: one file per device.
///
/// Not for iCloud Drive folders: iCloud Drive replaces a peer's file it has evicted with a
/// hidden placeholder, `.<name>.icloud`, which this store does not download (that takes
/// `FileManager.startDownloadingUbiquitousItem(at:)`) and lists in ``readProblems`` instead,
/// and it expects writes through `NSFileCoordinator`, which this store does not use. On Apple
/// platforms, sync through the iCloud key-value store with `UbiquitousSyncStore`.
///
/// Sync tools copy whole files, have no locks that span machines, and when two machines change
/// one file between exchanges they keep one version and save the other as a conflict copy.
/// So each device writes only its own file, `<device>.plist` (or `.json`), named by the device
/// identifier its local store keeps, and reads every file in the folder. A conflict copy that
/// appears anyway (`<device>.sync-conflict-<date>-<id>.plist`, `<device> (conflicted
/// copy).plist`), as when a device is restored from a backup, is read as one more source, so
/// no entry in it is lost. For each key the newest entry, by ``SyncTimestamp``, wins.
///
/// ```swift
/// let shared = URL(filePath: "/home/ada/Sync/MyApp")  // must exist
/// try prefs.startSyncing(with: FileSyncStore(folder: shared))
/// ```
///
/// Each file is written like a ``FileStore``: locked, atomic, never torn. Files that do not
/// parse (a copy still arriving, or a damaged one) are skipped until they do, and listed
/// meanwhile in ``readProblems``, and so in ``Preferences/preferenceProblems``. A missing folder is reported as
/// unreachable, never created, so that an unmounted share is not taken for an empty one.
///
/// The files of devices that stopped syncing stay, since their entries may still be the newest.
/// To compact the folder, delete them (and conflict copies) once every remaining device has
/// synced since: each device then writes the entries it took from them into its own file.
///
/// The folder enforces the iCloud key-value store's limits by default, so an app tested with
/// it behaves as it will on Apple platforms.
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
  ///   - format: The format of the files; property lists unless given.
  ///   - limits: The limits to enforce; the iCloud key-value store's by default.
  public init(
    folder: URL, format: PropertyListFormat = .propertyList, limits: SyncLimits = .iCloud
  ) {
    self.folder = folder
    self.format = format
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
  /// in the folder: through the process's one inotify instance on Linux, a dispatch source on
  /// the folder on Apple platforms. The folder is still read every 30 seconds: network and FUSE
  /// file systems do not report the changes other machines make, so there a change arrives
  /// within 30 seconds.
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
  /// a copy still arriving or a damaged file, whose entries count again once they parse;
  /// anything but a regular file (a symbolic link, a FIFO, a folder), which is never opened; or
  /// an iCloud Drive placeholder of an evicted file (`.<name>.icloud`), which is not
  /// downloaded.
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

  /// A problem for each iCloud Drive placeholder of a file in this store's format: iCloud Drive
  /// evicts a file by replacing `<name>` with a hidden `.<name>.icloud`, and this store does
  /// not download it (see the type's discussion).
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
