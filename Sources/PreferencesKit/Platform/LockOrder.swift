/// Every lock in the package, and which may be taken while holding which: written down once,
/// here. A thread takes locks only in the order of the list, from a lower number to a higher
/// one, never back; a lock marked *leaf* is held while taking no other. Each edge below is one
/// the code takes, and no edge goes back up, so no two threads can wait for each other in a
/// cycle.
///
/// There are five kinds of lock, each a type that says what it is for, and one queue that
/// orders like a lock:
///
/// - ``Mutex``: guards a value, reached only inside `withLock`. Each lock below is one unless
///   said otherwise.
/// - ``InstanceLock``: a `Preferences` instance's lock (4). It guards the instance's state, as
///   a `Mutex` does, and its cells' boxed state, which only a ``InstanceLock/Held`` reaches,
///   so that a load installs values and records what it found in one critical section.
/// - ``WorkLock``: guards no value; it serializes work (0, 2, 5, and a key-value sync store's
///   `apply`), and what runs under it may be long.
/// - A cell's lock bit (9): a bit of the word of its ``CellFlags``, so that a value that fits a
///   word is assigned with one compare-and-swap and without the instance's lock.
/// - ``FileLock`` (6): an exclusive `flock`, across processes.
/// - The save queue (1) is a serial `DispatchQueue`, not a lock, listed because a flush waits
///   for it.
///
/// 0. **A preference's read-modify-write lock** (a ``WorkLock`` in
///    `InstanceState.readModifyWriteLocks`, taken by ``PreferenceHandle/withLock(_:)``):
///    the outermost, since the caller's closure runs under it and may take any lock below (it
///    reads, assigns, writes and saves as any code does), and code the package does not own
///    may run under it (observers the closure sets off, and the Observation framework's
///    will-set and did-set calls of the assignment). Taken holding no lock of the package.
///    Under it, another preference's (0) only in an order the caller keeps (the closure may
///    call another preference's `withLock`; two closures nesting two preferences in opposite
///    orders would wait for each other, which `withLock`'s documentation warns of).
/// 1. **A store's save queue** (`SaveQueues`): a serial queue, not a lock, but
///    `SaveQueues.runInOrder` waits for it with `sync`, so it orders like one. Entered holding
///    no lock of the package: a flush collects the scheduled saves under (3), releases it,
///    then runs them. A save on it takes (2).
/// 2. **An instance's write lock** (`Preferences.writeLock`, a ``WorkLock``): orders the
///    instance's writes, imports and sync exchanges. Under it: (4), briefly and repeatedly,
///    never across a store call; the store's own locks (5 to 7, or a custom store's); the sync
///    session and the sync store (8).
/// 3. **The live instances** (`LivePreferences.registry`): under it, (4) of each instance,
///    to take its scheduled save or name its unsaved keys, and `SaveProtection` (leaf but for
///    the platform activity it begins or ends, which calls no code of ours).
///    Never (1) or (2): saves run after it is released. `Preferences.deinit` takes it before
///    anything else.
/// 4. **An instance's lock** (`Preferences.state`, an ``InstanceLock``): guards the instance's
///    state and its cells' boxed state. Under it: (9), and the leaves
///    that scheduling a save takes (`SaveQueues`' table, `SaveProtection`, dispatch's own
///    locks in `asyncAfter`). Never a store, (2), (3), or code the package does not own:
///    observers, `NotificationCenter` and the Observation framework are told after it is
///    released, and a `withLock` closure runs under (0) instead.
/// 5. **A file store's writer lock** (`FileStore.writerLock`, a ``WorkLock``): one writer of
///    the file per process. Under it: (6), then (7).
/// 6. **The file lock** (`FileLock`): an exclusive `flock` on `<file>.lock`, across processes.
///    A writer waits for it at most the store's `lockTimeout`, so even two processes that took
///    file locks in opposite orders would end in ``PreferenceError/Kind/lockTimedOut``, not
///    hang. Under it: (7).
/// 7. **A file store's snapshot** (`FileStore.snapshot`): under it, the system calls that read
///    the file, which take `SystemCallFaults`' plan (leaf, tests only) and `ActivityCounters`
///    (leaf).
/// 8. **Sync**: `SyncSession`'s state, `HybridLogicalClock`'s reading, `InMemorySyncStore`'s
///    entries, `FileSyncStore`'s files and skipped list, `KeyValueSyncStore`'s `apply` (a
///    ``WorkLock`` around `NSUbiquitousKeyValueStore`, which calls no code of ours): all
///    leaves. `FileSyncStore` calls its files' stores (5 to 7) after releasing its own.
/// 9. **A cell's lock bit** (`PreferenceCell.withCellLock`, in C: `preferences_bit_lock`; on
///    Apple platforms one of 64 striped `os_unfair_lock`s around it): the innermost. Held for a
///    few instructions, never across a call, and a thread never holds two.
///
/// Leaves taken from anywhere, holding nothing: the watchers' state (`KeyObservation`,
/// `FolderWatcher`, `FolderEvents`, which calls only inotify under its lock; each calls its
/// followers after releasing it), `InMemoryStore`'s values, `XDGLayerReader`'s parsed files,
/// `PreferenceLayout`'s cache, `Preferences.warnsAboutUnsavedChanges`. `PathWatcher`'s state
/// is taken holding nothing, and under it only `FolderWatcher`'s and `FolderEvents`', as a
/// watch starts or stops.
///
/// **Observers and (2).** `importValues(from:)` and a sync pull install values while holding
/// the write lock, and tell their observers only after releasing it
/// (``Preferences/installLeavingObservers(_:origin:)``): an observer the announcement runs
/// synchronously (a `NotificationCenter` observer with no queue, an Observation `onChange`)
/// may write the same instance.
///
/// The order is checked by review, not at run time: a check in debug builds would need a
/// per-thread record of held locks at every acquisition, including the instance lock that
/// reads inline (`InstanceLock.withLock`) and the bit lock in C.
enum LockOrder {}
