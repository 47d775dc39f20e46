// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// A store that keeps preferences in one property-list, JSON or TOML file, safe against crashes
/// and against other processes writing the same file.
///
/// `FileStore` is the default store on Linux. The format follows the file's extension: `.json`
/// files hold JSON (with a tagged form for dates and data, described in the
/// FileStoreGuarantees article), `.toml` files TOML, whose writes change only the lines of the
/// keys that changed, keeping every comment a person wrote, and every other extension,
/// `.plist` included, holds an XML property list. A binary property list is read too, and
/// stays binary when written, as macOS `defaults` keeps its files.
///
/// ```swift
/// let store = FileStore(url: FileStore.defaultURL(for: "com.example.app"))
/// try store.apply(["fontSize": .set(.double(14))])
/// let size = try store.value(forKey: "fontSize")  // .double(14.0)
/// ```
///
/// A write replaces the file atomically (a crash leaves the old file or the new one), under an
/// exclusive `flock` on `<name>.lock`, after reading the file again, so no other process's
/// update and no unknown key is lost. A damaged file is kept as `<name>.corrupt-<timestamp>`,
/// never overwritten; new files get mode 0600. XML property lists hold dates to the second;
/// JSON files and binary property lists keep a date's full precision. The FileStoreGuarantees
/// article lists every guarantee and how it is tested.
public final class FileStore: PreferenceStore, Sendable {
  /// The file this store reads and writes. It may be a symbolic link.
  public let url: URL

  /// The largest file, in bytes, that the store reads. Larger files are refused with a
  /// ``PreferenceError/Kind/fileTooLarge`` error without being read.
  public let maximumFileSize: Int

  /// The format the file is written in, chosen by the file's extension: JSON for `.json`, TOML
  /// for `.toml`, a property list for any other: XML, unless the file is a binary property
  /// list already, which is rewritten as binary.
  public let format: PropertyListFormat

  /// How long a write waits for another process holding the file's lock before it fails with
  /// ``PreferenceError/Kind/lockTimedOut``.
  public let lockTimeout: Duration

  /// How long a read or a write waits for a file that read cleanly before, and now reads as
  /// damaged, to read cleanly again: such a file is most likely half-way through being written
  /// in place by another program, such as an editor writing in chunks.
  ///
  /// Meanwhile reads announce nothing and writes do not replace the file. Past it, the file
  /// counts as damaged and is salvaged (``salvage(after:)``); each entry that cannot be
  /// salvaged keeps the value last read from the file. A store never waits for a file it has
  /// not yet read cleanly. Two seconds unless given.
  public let partialWriteTimeout: Duration

  /// Whether the file lives in a folder other machines write (``FileSyncStore``): then a
  /// symbolic link is never followed, and no descriptor is kept open between reads.
  let isInSharedFolder: Bool

  /// The last parsed contents of the file, with the identity they were read from, and how long
  /// a damaged file is waited for.
  let readState = Mutex(FileReadState())
  /// Serializes writers within this process around the inter-process `flock`, so that two
  /// threads of one process never both believe they hold the file lock. It guards no value.
  let writerLock = WorkLock()

  /// Creates a store for the file at `url`. This never throws and never writes: a missing file
  /// is an empty store, and a missing folder is created, with mode 0700, on the first write.
  ///
  /// - Parameters:
  ///   - url: The file: `.json` for JSON, `.toml` for TOML, anything else (normally `.plist`)
  ///     for a property list.
  ///   - maximumFileSize: The largest file, in bytes, the store agrees to read (4 MiB unless
  ///     given).
  ///   - lockTimeout: How long a write waits for another process that holds the file's lock
  ///     (30 seconds unless given).
  ///   - partialWriteTimeout: See ``partialWriteTimeout`` (2 seconds unless given).
  public convenience init(
    url: URL, maximumFileSize: Int = 4 * 1024 * 1024, lockTimeout: Duration = .seconds(30),
    partialWriteTimeout: Duration = .seconds(2)
  ) {
    self.init(
      url: url, maximumFileSize: maximumFileSize, lockTimeout: lockTimeout,
      partialWriteTimeout: partialWriteTimeout, isInSharedFolder: false)
  }

  init(
    url: URL, maximumFileSize: Int, lockTimeout: Duration,
    partialWriteTimeout: Duration = .seconds(2), isInSharedFolder: Bool
  ) {
    self.url = url
    self.maximumFileSize = max(0, maximumFileSize)
    self.format = PropertyListFormat(fileExtension: url.pathExtension)
    self.lockTimeout = lockTimeout
    self.partialWriteTimeout = max(.zero, partialWriteTimeout)
    self.isInSharedFolder = isInSharedFolder
  }

  /// Reads every value in the file, whatever `keys` asks for; the parsed file is cached and
  /// read again only when the file changed on disk (or waited for, up to
  /// ``partialWriteTimeout``, when it turned damaged).
  ///
  /// - Parameter keys: Ignored: the whole file is read.
  /// - Returns: Every key in the file with its value; an empty dictionary when there is no file.
  /// - Throws: A ``PreferenceError`` naming the file: ``PreferenceError/Kind/corruptFile`` when
  ///   it does not parse, ``PreferenceError/Kind/fileTooLarge``,
  ///   ``PreferenceError/Kind/nestingTooDeep``, or ``PreferenceError/Kind/readFailed``.
  public func values(forKeys keys: [String]?) throws -> [String: PropertyListValue] {
    try checkIsFileURL(.readFailed)
    return try settledSnapshot(atPath: url.path).values
  }

  /// Applies a change set to the file as one atomic replacement of the file: ``update(_:_:)``
  /// setting or removing the keys in `changes` and leaving every other key as it is.
  ///
  /// - Parameter changes: The keys to change, each set to a value or removed.
  /// - Throws: A ``PreferenceError`` of kind ``PreferenceError/Kind/writeFailed`` naming the file
  ///   and the system's error; ``PreferenceError/Kind/fileTooLarge`` naming the keys that would
  ///   make the file larger than ``maximumFileSize``; or
  ///   ``PreferenceError/Kind/nestingTooDeep`` / ``PreferenceError/Kind/unrepresentableValue``
  ///   for a value the format cannot hold. The file is then left as it was, with no temporary
  ///   file behind.
  public func apply(_ changes: [String: StoredChange]) throws {
    if changes.isEmpty { return }
    try update(StoreUpdate()) { $0.applyChanges(changes) }
  }

  /// Reads the file, lets `transform` change its values, and replaces the file, all under the
  /// file lock, so no other writer can come between the read and the write. When `transform`
  /// throws, or the new values cannot be written, the file is left as it was; when `transform`
  /// changes nothing, the file is not touched, even a damaged one. A TOML file's bytes as read
  /// under the lock are edited: only the lines of the keys that changed change. A new TOML
  /// file starts with a header listing what `request` declares (``StoreUpdate/declarations``).
  ///
  /// A file that turned damaged is waited for first, up to ``partialWriteTimeout``; one still
  /// damaged is kept as `<name>.corrupt-<timestamp>`, and the new file holds what could be
  /// salvaged from it with the change. A damaged TOML file is never rewritten from what could
  /// be salvaged, which would drop every comment in it: the update throws until the file
  /// parses again. With ``StoreUpdate/keepingPrevious``, the file is first
  /// kept as `<name>.backup-<timestamp>`, and only the newest three backups stay.
  ///
  /// - Parameters:
  ///   - request: Why the file as it is must be kept (it holds a value the app could not
  ///     load), or nothing; the keys are ignored, since the whole file is read.
  ///   - transform: Changes the values in place.
  /// - Returns: Problems besides the change: the path a damaged file or a backup was kept at,
  ///   as a ``PreferenceError/Kind/fileMovedAside`` error.
  /// - Throws: As ``apply(_:)`` does, or what `transform` throws.
  @discardableResult
  public func update(
    _ request: StoreUpdate, _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    try update(request, editedTOML: nil, transform)
  }

  /// ``update(_:_:)``, writing for a TOML file `edited` (a document a person wrote) with only
  /// the lines of the keys whose values differ from the transformed values edited, in place
  /// of the file's own text; `nil` for the file's own text. Unchanged bytes are not written.
  func update(
    _ request: StoreUpdate, editedTOML edited: [UInt8]?,
    _ transform: (inout [String: PropertyListValue]) throws -> Void
  ) throws -> [PreferenceError] {
    try checkIsFileURL(.writeFailed)
    return try writerLock.withLock { () throws -> [PreferenceError] in
      let target = try resolvedTargetPath()
      try createFolderIfNeeded(atPath: (target as NSString).deletingLastPathComponent)
      let lock = try FileLock(lockingPath: target + ".lock", store: url, timeout: lockTimeout)
      defer { lock.unlock() }
      var values: [String: PropertyListValue]
      var damage: (error: PreferenceError, salvage: SalvagedValues)?
      var previous: FileSnapshot?
      do {
        previous = try settledSnapshot(atPath: target, replacing: true)
        values = previous?.values ?? [:]
      } catch let error as PreferenceError where error.isDamage && format == .toml {
        throw damagedTOMLNotRewritten(error)
      } catch let error as PreferenceError where error.isDamage {
        let salvaged = salvagedValues(atPath: target)
        values = salvaged.values
        damage = (error, salvaged)
      } catch let error as PreferenceError {
        throw PreferenceError(
          .writeFailed, file: url,
          reason: "the current file cannot be read, so it was not replaced: \(error.reason ?? "")")
      }
      let before = values
      try transform(&values)
      // An unchanged store is not rewritten: nothing to save, and watchers hear nothing.
      if values == before && edited == nil { return [] }
      let bytes = try fileBytes(
        values, previous: previous, edited: edited, request: request, replacing: target)
      if edited != nil && bytes == previous?.source { return [] }
      if bytes.count > maximumFileSize {
        throw tooLargeToWrite(size: bytes.count, before: before, after: values)
      }
      var problems: [PreferenceError] = []
      var copy: String?
      if let damage {
        let kept = try keepCopy(ofFileAtPath: target, as: "corrupt")
        copy = kept
        problems.append(movedAside(damage.error, keptAt: kept, salvage: damage.salvage))
      } else if let reason = request.keepingPrevious,
        (try? Syscalls.status(atPath: target)) != nil
      {
        let kept = try keepCopy(ofFileAtPath: target, as: "backup")
        copy = kept
        problems.append(
          PreferenceError(
            .fileMovedAside, file: url,
            reason: "the file as it was before this write was kept at \(kept), because \(reason)"))
      }
      let written: FileSnapshot
      do {
        written = try replaceFile(atPath: target, with: bytes, values: values)
      } catch {
        // The file is as it was: the copy of it is not needed.
        if let copy { try? Syscalls.removeFile(copy) }
        throw error
      }
      if damage == nil, copy != nil { removeOldBackups(ofFileAtPath: target, keeping: Self.keptBackups) }
      readState.withLock { $0.read(written) }
      return problems
    }
  }

  /// The file, ``url``: errors about stored values name it, and stores over one file share
  /// a save queue.
  public var location: URL? { url }

  /// How many backups of a file whose value the app could not load are kept.
  static let keptBackups = 3

  /// The error for a change that would make the file larger than ``maximumFileSize``: its key
  /// is the changed key with the largest new value, which a ``Preferences`` write leaves out
  /// before trying the rest again, and it names, with their sizes, enough changed keys with the
  /// largest values to account for the excess.
  private func tooLargeToWrite(
    size: Int, before: [String: PropertyListValue], after: [String: PropertyListValue]
  ) -> PreferenceError {
    let changed = after.filter { before[$0.key] != $0.value }
    let sizes = changed.map { entry in
      (key: entry.key, size: (try? format.encode([entry.key: entry.value], file: url))?.count ?? 0)
    }.sorted { $0.size != $1.size ? $0.size > $1.size : $0.key < $1.key }
    var culprits: [(key: String, size: Int)] = []
    var covered = 0
    for entry in sizes where covered < size - maximumFileSize {
      culprits.append(entry)
      covered += entry.size
    }
    let names = culprits.map { "\"\($0.key)\" (\($0.size) bytes)" }.joined(separator: ", ")
    return PreferenceError(
      .fileTooLarge, key: culprits.first?.key, file: url,
      expected: "a file of at most \(maximumFileSize) bytes",
      found: culprits.first.map {
        "\(size) bytes, \($0.size) of them the new value of \"\($0.key)\""
      } ?? "\(size) bytes",
      reason: "nothing was written, because "
        + (culprits.isEmpty ? "the file's entries" : "the new value of " + names)
        + " would make the file larger than the store reads back; store less, or raise "
        + "maximumFileSize")
  }

  /// The value as the file will hold it: for an XML property list, every date rounded down to
  /// the second, which is all the format holds; for a TOML file, data as its base64 text,
  /// which a `Data` property reads back. JSON files and binary property lists (a `.plist` file
  /// that is binary now stays binary) hold every value exactly.
  public func storedForm(of value: PropertyListValue) -> PropertyListValue {
    if format.holdsExactly(value) { return value }
    let target = (try? resolvedTargetPath()) ?? url.path
    return url.isFileURL && PropertyListFormat.isBinaryFile(atPath: target)
      ? value : format.storedForm(of: value)
  }

  /// Every entry of a damaged file that parses on its own (of a file too large, what its first
  /// ``maximumFileSize`` bytes hold), the value last read for each that does not
  /// (``SalvagedValues/keptKeys``), and the keys lost; `nil` when `error` is no damage. The
  /// next write keeps the damaged file as `<name>.corrupt-<timestamp>` and writes these back;
  /// for a TOML file, writes wait until it parses again (``update(_:_:)``).
  public func salvage(after error: PreferenceError) -> SalvagedValues? {
    guard error.isDamage else { return nil }
    var salvage = salvageValues()
    salvage.writesWaitForRepair = format == .toml
    return salvage
  }

  /// Every entry of a damaged file that parses on its own, the value last read for each that
  /// does not, and the keys of entries lost.
  func salvageValues() -> SalvagedValues {
    guard url.isFileURL else { return SalvagedValues() }
    return salvagedValues(atPath: url.path)
  }
}
