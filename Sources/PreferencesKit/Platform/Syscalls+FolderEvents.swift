// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The inotify calls the folder watcher makes on Linux, beside the rest in `Syscalls.swift`.
// Apple platforms watch folders with dispatch sources instead.

#if !canImport(Darwin)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Android)
    import Android
  #else
    #error("PreferencesKit does not know this platform's C library: add it here")
  #endif

  extension Syscalls {
    /// A new inotify descriptor, non-blocking; `nil` when the system gives none.
    static func makeFolderEvents() -> Int32? {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      return descriptor >= 0 ? descriptor : nil
    }

    /// Watches `folder` on the inotify descriptor `events` for files created, replaced,
    /// removed or rewritten, and for the folder itself being removed or renamed; returns the
    /// watch descriptor (the same one for a folder already watched), or `nil` when the folder
    /// cannot be watched.
    static func watchFolder(_ folder: String, with events: Int32) -> Int32? {
      let mask = UInt32(
        IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF
          | IN_MOVE_SELF)
      let watch = inotify_add_watch(events, folder, mask)
      return watch >= 0 ? watch : nil
    }

    /// Stops watching the folder of watch descriptor `watch`.
    static func unwatchFolder(_ watch: Int32, with events: Int32) {
      _ = inotify_rm_watch(events, watch)
    }

    /// Reads every pending inotify event and returns the names of the files they concern, by
    /// watch descriptor; an event about the watched folder itself has the name `""`.
    static func drainFolderEvents(_ descriptor: Int32) -> [Int32: Set<String>] {
      var names: [Int32: Set<String>] = [:]
      let headerSize = MemoryLayout<inotify_event>.size
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return names }
        var offset = 0
        while offset + headerSize <= count {
          let event = buffer.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          }
          let start = offset + headerSize
          let end = min(start + Int(event.len), count)
          let name = String(decoding: buffer[start..<end].prefix { $0 != 0 }, as: UTF8.self)
          names[event.wd, default: []].insert(name)
          offset = start + Int(event.len)
        }
      }
    }
  }
#endif
