// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// Every lock in the package, and which may be taken while holding which: written down once,
/// here. A thread takes locks only from a lower number to a higher one, never back, so no two
/// threads can wait for each other in a cycle; a lock marked *leaf* is held while taking no
/// other.
///
/// Five kinds of lock, each a type that says what it is for (why each exists: the
/// Architecture article's "Locks"): ``Mutex``, which guards a value, and which each lock below
/// is unless said otherwise; ``InstanceLock`` (4), which guards an instance's state and,
/// through ``InstanceLock/Held``, its cells' boxed state; ``WorkLock`` (0, 2, 5, 8, and a
/// stream's order), which guards no value and serializes work; a cell's lock bit (9), a bit of
/// its ``CellFlags``' word; and ``FileLock`` (6), across processes. The save queue (1) is not a
/// lock, but orders like one.
///
/// 0. **A preference's read-modify-write lock** (a ``WorkLock`` in
///    `InstanceState.readModifyWriteLocks`, taken by ``PreferenceHandle/withLock(_:)``): the
///    outermost, since the caller's closure runs under it and may take any lock below, and code
///    the package does not own may run under it (observers, the Observation framework's
///    will-set and did-set). Taken holding no lock of the package. Under it, another
///    preference's (0) only in an order the caller keeps, as `withLock`'s documentation warns.
/// 1. **A store's save queue** (`SaveQueues`): a serial queue, but `SaveQueues.runInOrder`
///    waits for it with `sync`, so it orders like a lock. Entered holding no lock of the
///    package (a flush collects the scheduled saves under (3), then runs them). Under it: (2).
/// 2. **An instance's write lock** (`Preferences.writeLock`, a ``WorkLock``): orders the
///    instance's writes, imports and sync exchanges. Under it: (4), briefly, never across a
///    store call; the store's own locks (5 to 7, or a custom store's); sync (8).
/// 3. **The live instances** (`LivePreferences.registry`): under it, (4) of each instance, and
///    `SaveProtection` (leaf but for the platform activity it begins or ends). Never (1) or
///    (2). `Preferences.deinit` takes it before anything else.
/// 4. **An instance's lock** (`Preferences.state`, an ``InstanceLock``): guards the
///    instance's state and its cells' boxed state. Under it: (9), and the leaves that
///    scheduling a save takes (`SaveQueues`' table, `SaveProtection`, dispatch's own). Never a
///    store, (2), (3), or code the package does not own: observers are told after it is
///    released.
/// 5. **A file store's writer lock** (`FileStore.writerLock`, a ``WorkLock``): one writer of
///    the file per process. Under it: (6), then (7).
/// 6. **The file lock** (`FileLock`): an exclusive `flock` on `<file>.lock`, across processes,
///    waited for at most the store's `lockTimeout`, so two processes taking file locks in
///    opposite orders end in ``PreferenceError/Kind/lockTimedOut``, not a hang. Under it: (7).
/// 7. **A file store's read state** (`FileStore.readState`): under it, the system calls that read
///    the file, which take `SystemCallFaults`' plan and `ActivityCounters` (leaves).
/// 8. **Sync**: `SyncSession`'s state, `HybridLogicalClock`'s reading, `InMemorySyncStore`'s
///    entries, `FileSyncStore`'s files and skipped list, `KeyValueSyncStore`'s `apply` (a
///    ``WorkLock``): all leaves. `FileSyncStore` calls its files' stores (5 to 7) after
///    releasing its own.
/// 9. **A cell's lock bit** (`PreferenceCell.withCellLock`, in C: `preferences_bit_lock`; on
///    Apple platforms one of 64 striped `os_unfair_lock`s around it): the innermost, held for a
///    few instructions, never across a call; a thread never holds two.
///
/// **A stream's order** (a ``WorkLock`` in ``Preferences/values(initial:followingKeys:read:)``,
/// behind every `updates()` stream): taken by whoever tells the stream's subscriber of a change
/// (holding at most (0) or (2), never (4)) and once as the stream starts; under it, (4) and (9)
/// to read the value, and the stream's buffer. It keeps a read and its yield together. The
/// value is read through the stream's key path, so for a computed property the class's own
/// getter runs under it: code the package does not own, which may read and must not write.
///
/// Leaves taken from anywhere, holding nothing: the watchers' state (`KeyObservation`,
/// `FolderWatcher`, `FolderEvents`; each calls its followers after releasing it),
/// `InMemoryStore`'s values, `XDGLayerReader`'s parsed files, `PreferenceLayout`'s cache,
/// `Preferences.warnsAboutUnsavedChanges`. `PathWatcher`'s state is taken holding nothing, and
/// under it only `FolderWatcher`'s and `FolderEvents`', as a watch starts or stops.
///
/// **Observers and (2).** `importValues(from:)` and a sync pull install values holding the
/// write lock, and tell their observers after releasing it
/// (``Preferences/installLeavingObservers(_:origin:)``), so an observer may write the instance.
///
/// The order is checked by review, not at run time: a debug check would need a per-thread
/// record of held locks at every acquisition, the inline instance lock and the C bit lock too.
enum LockOrder {}
