// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

#if !canImport(Darwin)
  import Dispatch

  /// The process's one inotify instance, shared by every watcher (a user may hold only 128):
  /// each folder is watched once, however many stores or sync folders follow it.
  ///
  /// `@unchecked Sendable`: the dispatch source is made to be used from any thread, though it is
  /// not declared `Sendable`; the followers are in a ``Mutex``, whose lock also orders the
  /// inotify watches added and removed; the rest is constants.
  final class FolderEvents: @unchecked Sendable {
    /// The shared instance, or `nil` when the system gives no inotify instance (then stores
    /// are polled).
    static let shared = FolderEvents()

    /// One follower of a folder: which names in it concern it, and what to call.
    private struct Subscriber {
      var accepts: @Sendable (String) -> Bool
      var onChange: @Sendable () -> Void
    }

    private let descriptor: Int32
    private let source: any DispatchSourceRead
    /// The followers of each watched folder, by watch descriptor, then by subscription, and
    /// the last subscription's number.
    private let followers = Mutex((subscribers: [Int32: [Int: Subscriber]](), nextID: 0))

    private init?() {
      guard let descriptor = Syscalls.makeFolderEvents() else { return nil }
      self.descriptor = descriptor
      let queue = DispatchQueue(label: "PreferencesKit.FolderEvents", qos: .utility)
      source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler { [unowned self] in self.deliver() }
      source.resume()
    }

    /// Calls `onChange`, on a private queue, after each burst of events in `folder` about a
    /// name that `accepts` takes (or about the folder itself).
    ///
    /// - Returns: A function that stops the calls, or `nil` when the folder cannot be watched
    ///   (it does not exist, say).
    func subscribe(
      folder: String, accepts: @escaping @Sendable (String) -> Bool,
      onChange: @escaping @Sendable () -> Void
    ) -> (@Sendable () -> Void)? {
      let subscription: (Int32, Int)? = followers.withLock { state in
        guard let watch = Syscalls.watchFolder(folder, with: descriptor) else { return nil }
        state.nextID += 1
        state.subscribers[watch, default: [:]][state.nextID] = Subscriber(
          accepts: accepts, onChange: onChange)
        return (watch, state.nextID)
      }
      guard let (watch, id) = subscription else { return nil }
      return { [self] in unsubscribe(watch, id) }
    }

    private func unsubscribe(_ watch: Int32, _ id: Int) {
      followers.withLock { state in
        state.subscribers[watch]?[id] = nil
        if state.subscribers[watch]?.isEmpty == true {
          state.subscribers[watch] = nil
          Syscalls.unwatchFolder(watch, with: descriptor)
        }
      }
    }

    /// Reads the pending events and calls each follower they concern once.
    private func deliver() {
      let events = Syscalls.drainFolderEvents(descriptor)
      let calls: [@Sendable () -> Void] = followers.withLock { state in
        var calls: [@Sendable () -> Void] = []
        for (watch, followers) in state.subscribers {
          // Watch -1 is an overflowed queue: every follower may have missed something.
          let names = (events[watch] ?? []).union(events[-1] ?? [])
          guard !names.isEmpty else { continue }
          for follower in followers.values
          where names.contains("") || names.contains(where: follower.accepts) {
            calls.append(follower.onChange)
          }
        }
        return calls
      }
      for call in calls { call() }
    }
  }
#endif
