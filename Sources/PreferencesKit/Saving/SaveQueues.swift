import Dispatch

/// One serial queue per store, on which automatic saves run, so that saves to one store land
/// in the order they were scheduled (the last assignment in a process wins) while a slow store
/// holds up only its own saves.
///
/// A store is known by its file for a ``FileStore`` (two instances over one file share a
/// queue) and by its identity otherwise. Queues are kept for the life of the process: one per
/// store an app saves to automatically.
enum SaveQueues {
  private static let queues = Locked([AnyHashable: DispatchQueue]())

  /// The serial queue for saves to `store`.
  static func queue(for store: any PreferenceStore) -> DispatchQueue {
    let identity: AnyHashable =
      (store as? any FileBackedStore)?.filePath
      ?? AnyHashable(ObjectIdentifier(store))
    return queues.withLock { queues in
      if let queue = queues[identity] { return queue }
      let queue = DispatchQueue(label: "PreferencesKit.save", qos: .utility)
      queues[identity] = queue
      return queue
    }
  }
}
