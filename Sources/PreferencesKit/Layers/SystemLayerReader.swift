// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What the system and its administrator hold for the declared keys.
struct SystemLayers: Sendable {
  /// Defaults for every user, by key.
  var defaults: [String: LayerValue] = [:]
  /// Managed values, by key.
  var managed: [String: LayerValue] = [:]
  /// Files that could not be read or parsed; they are ignored.
  var errors: [PreferenceError] = []
}

/// Reads the system's layers; chosen by store and platform in
/// ``Preferences/systemLayerReader(for:environment:applePlatform:standardDefaults:)``.
protocol SystemLayerReading: Sendable {
  /// Every value the system holds now for each of `keys`, the one that wins first: managed
  /// values before defaults. Never throws: a file that cannot be read is reported in `errors`
  /// and ignored.
  func entries(forKeys keys: [String]) -> (
    entries: [String: [LayerValue]], errors: [PreferenceError]
  )
}

extension SystemLayerReading {
  /// What wins for each of `keys`: the first managed value and the first default.
  func read(keys: [String]) -> SystemLayers {
    let (entries, errors) = entries(forKeys: keys)
    var layers = SystemLayers(errors: errors)
    for (key, values) in entries {
      layers.managed[key] = values.first { $0.source == .managed }
      layers.defaults[key] = values.first { $0.source == .system }
    }
    return layers
  }
}

/// The layers of several readers: for each key, the first reader's values before the next's.
struct CombinedLayerReader: SystemLayerReading {
  let readers: [any SystemLayerReading]

  func entries(
    forKeys keys: [String]
  ) -> (entries: [String: [LayerValue]], errors: [PreferenceError]) {
    var entries: [String: [LayerValue]] = [:]
    var errors: [PreferenceError] = []
    for reader in readers {
      let found = reader.entries(forKeys: keys)
      entries.merge(found.entries) { $0 + $1 }
      errors += found.errors
    }
    return (entries, errors)
  }
}

/// The layers in files, read for every store but a `UserDefaultsStore` on Apple platforms:
/// `<dir>/<identifier>/preferences.plist` (or `.json`) and `<dir>/<identifier>/managed.plist`
/// (or `.json`) for each `<dir>` of `XDG_CONFIG_DIRS`; for each key the first folder listed
/// wins.
///
/// The files belong to the administrator: they are read without a lock, never written, and a
/// damaged one is reported and ignored, never salvaged nor moved aside. A class: its copies
/// would share `parsed`.
final class XDGLayerReader: SystemLayerReading {
  /// The folders `<dir>/<identifier>`, most important first.
  let folders: [URL]

  /// The largest layer file read, as ``FileStore``'s default.
  static let maximumFileSize = 4 * 1024 * 1024

  /// Each file's values with the identity they were read from, so that a load (every second
  /// while watching) parses only files that changed, as ``FileStore`` does.
  private let parsed = Mutex<[String: (FileIdentity, [String: PropertyListValue])]>([:])

  init(identifier: String, systemFolders: [String]) {
    folders = systemFolders.map {
      URL(fileURLWithPath: $0, isDirectory: true)
        .appendingPathComponent(identifier, isDirectory: true)
    }
  }

  func entries(
    forKeys keys: [String]
  ) -> (entries: [String: [LayerValue]], errors: [PreferenceError]) {
    var entries: [String: [LayerValue]] = [:]
    var errors: [PreferenceError] = []
    for (name, source) in [("managed", PreferenceSource.managed), ("preferences", .system)] {
      for folder in folders {
        guard let (url, values) = readFile(named: name, in: folder, errors: &errors)
        else { continue }
        for key in keys {
          guard let value = values[key] else { continue }
          entries[key, default: []].append(
            LayerValue(
              source: source, content: .value(value), sourceDescription: "file \(url.path)",
              file: url))
        }
      }
    }
    return (entries, errors)
  }

  /// Reads `<name>.plist`, or else `<name>.json`, in `folder`: `nil` when neither exists or
  /// the one found cannot be read, which `errors` then says.
  private func readFile(
    named name: String, in folder: URL, errors: inout [PreferenceError]
  ) -> (URL, [String: PropertyListValue])? {
    for fileExtension in ["plist", "json"] {
      let url = folder.appendingPathComponent(name + "." + fileExtension, isDirectory: false)
      do {
        guard let status = try Self.status(of: url) else { continue }
        let identity = FileIdentity(status)
        if let (known, values) = parsed.withLock({ $0[url.path] }), known == identity {
          return (url, values)
        }
        let bytes = try Self.contents(of: url)
        let values = try PropertyListFormat(sniffing: bytes).decode(bytes)
        parsed.withLock { $0[url.path] = (identity, values) }
        return (url, values)
      } catch {
        var failure = PreferenceError(error, kind: .readFailed)
        failure.file = url
        failure.reason = [failure.reason, "the file is ignored"].compactMap { $0 }
          .joined(separator: "; ")
        errors.append(failure)
        return nil
      }
    }
    return nil
  }

  /// The status of the file at `url`, or `nil` when there is none.
  private static func status(of url: URL) throws -> FileStatus? {
    do throws(SystemError) {
      return try Syscalls.status(atPath: url.path)
    } catch where error == .noSuchFile {
      return nil
    } catch {
      throw PreferenceError(.readFailed, file: url, reason: error.message)
    }
  }

  /// The bytes of the file at `url`. A folder, a pipe or a device in its place, and a file
  /// larger than ``maximumFileSize``, are refused without being read, so a hostile file cannot
  /// block or exhaust the app: the file is opened without blocking and checked on the open
  /// descriptor, so it cannot be swapped between the check and the read.
  private static func contents(of url: URL) throws -> [UInt8] {
    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Syscalls.openFile(url.path, for: .reading)
    } catch {
      throw PreferenceError(.readFailed, file: url, reason: error.message)
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? handle.close() }
    let opened = try? Syscalls.status(of: descriptor)
    guard let opened, opened.kind == .regularFile else {
      throw PreferenceError(.readFailed, file: url, reason: "the path is not a regular file")
    }
    guard opened.size <= Int64(maximumFileSize) else {
      throw PreferenceError(
        .fileTooLarge, file: url, expected: "at most \(maximumFileSize) bytes",
        found: "\(opened.size) bytes")
    }
    ActivityCounters.countFileRead()
    let data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
    guard data.count <= maximumFileSize else {
      throw PreferenceError(
        .fileTooLarge, file: url, expected: "at most \(maximumFileSize) bytes",
        found: "more than \(maximumFileSize) bytes")
    }
    return [UInt8](data)
  }
}
