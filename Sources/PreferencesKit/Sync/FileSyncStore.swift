public import Foundation

/// A sync store in a folder that the user's own sync tool (Syncthing, Dropbox, iCloud Drive, a
/// network share) keeps in step between machines: one file per device.
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
/// meanwhile in ``notices``, and so in ``Preferences/syncErrors``. A missing folder is reported as
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
  private let files = Locked<[String: FileStore]>([:])
  /// The files the last read skipped.
  private let skipped = Locked<[PreferenceError]>([])

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
    var skipped: [PreferenceError] = []
    let entries = try sourceFiles().map { file in
      do {
        return SyncEntry.entries(in: try file.allValues())
      } catch {
        var notice = PreferenceError(error, kind: .readFailed)
        notice.file = file.url
        notice.reason = [notice.reason, "the file is skipped until it parses"]
          .compactMap { $0 }.joined(separator: "; ")
        skipped.append(notice)
        return [:]
      }
    }
    self.skipped.withLock { $0 = skipped }
    return SyncEntry.newest(of: entries)
  }

  /// The files in the folder that the last read skipped because they do not parse, each
  /// named with what is wrong in it: a copy still arriving, or a damaged file. Their entries
  /// count again once they parse.
  public var notices: [PreferenceError] {
    skipped.withLock { $0 }
  }

  /// Stores each entry that is newer than the folder's in `device`'s file, under that file's
  /// lock, unless that would break a limit; nothing is stored then.
  public func apply(_ entries: [String: SyncEntry], from device: String) throws {
    guard !entries.isEmpty else { return }
    let existing = try allEntries()
    try fileStore(at: fileURL(forDevice: device)).update { values in
      let own = SyncEntry.entries(in: values)
      for (key, entry) in try limits.admit(entries, over: SyncEntry.newest(of: [existing, own])) {
        values[key] = entry.propertyListValue
      }
    }
  }

  /// Every file in the folder in this store's format, by name, skipping hidden files.
  private func sourceFiles() throws -> [FileStore] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw PreferenceError(
        .syncFailed, path: folder.path,
        reason: "the sync folder cannot be read: \(error.localizedDescription)")
    }
    return names.sorted().filter { !$0.hasPrefix(".") && $0.hasSuffix("." + format.fileExtension) }
      .map { fileStore(at: folder.appendingPathComponent($0, isDirectory: false)) }
  }

  private func fileStore(at url: URL) -> FileStore {
    files.withLock { files in
      if let store = files[url.lastPathComponent] { return store }
      let store = FileStore(url: url)
      files[url.lastPathComponent] = store
      return store
    }
  }
}
