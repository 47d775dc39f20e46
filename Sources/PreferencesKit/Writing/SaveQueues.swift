// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// One serial queue per store, on which automatic saves run, so that saves to one store land
/// in the order they were scheduled (the last assignment in a process wins) while a slow store
/// holds up only its own saves.
///
/// A store is known by its ``PreferenceStore/location`` when it has one (two ``FileStore``s
/// over one file share a queue) and by its identity otherwise. Queues are kept for the life of
/// the process: one per store an app saves to automatically.
enum SaveQueues {
  private static let queues = Mutex([Identity: DispatchQueue]())
  /// A store's identity: its location, or the object.
  private enum Identity: Hashable { case location(URL), object(ObjectIdentifier) }
  /// Set on each queue to the queue's identity, so code can tell it runs on one.
  private static let running = DispatchSpecificKey<ObjectIdentifier>()

  /// The serial queue for saves to `store`.
  static func queue(for store: any PreferenceStore) -> DispatchQueue {
    let identity =
      store.location.map { Identity.location($0.isFileURL ? $0.standardizedFileURL : $0) }
      ?? .object(ObjectIdentifier(store))
    return queues.withLock { queues in
      if let queue = queues[identity] { return queue }
      let queue = DispatchQueue(label: "PreferencesKit.save", qos: .utility)
      queue.setSpecific(key: running, value: ObjectIdentifier(queue))
      queues[identity] = queue
      return queue
    }
  }

  /// Runs `body` in order with the saves to `store`: on its queue, after a save in flight, and
  /// returns when `body` has run. A flush takes this way, so a flushed save never lands before
  /// one scheduled earlier. Directly when already on that queue (an observer of a save's
  /// notification that flushes).
  static func runInOrder(with store: any PreferenceStore, _ body: () -> Void) {
    let queue = queue(for: store)
    if DispatchQueue.getSpecific(key: running) == ObjectIdentifier(queue) {
      body()
    } else {
      queue.sync(execute: body)
    }
  }
}
