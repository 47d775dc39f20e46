// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import PreferencesPrimitives

/// Words of 64 bits at a fixed address, read and written atomically (in C: see
/// `PreferencesPrimitives`). A struct around a pointer, so reaching a word costs one load; the
/// object that holds it frees the words with ``deallocate()`` in its `deinit`.
///
/// `@unchecked Sendable`: the words are reached only through the atomic operations below.
@usableFromInline
struct AtomicWords: @unchecked Sendable {
  @usableFromInline let base: UnsafeMutablePointer<UInt64>

  /// Allocates `count` words, each 0.
  init(count: Int) {
    base = .allocate(capacity: count)
    base.initialize(repeating: 0, count: count)
  }

  /// Frees the words. Call once, from the `deinit` of the object that holds them.
  func deallocate() {
    base.deallocate()
  }

  /// Word `index`, with acquire ordering: what the writer did before storing it is visible.
  @inlinable @inline(__always)
  func loadAcquire(_ index: Int = 0) -> UInt64 {
    preferences_load_acquire(base + index)
  }

  /// Word `index`, with no ordering, for flags.
  @inlinable @inline(__always)
  func loadRelaxed(_ index: Int = 0) -> UInt64 {
    preferences_load_relaxed(base + index)
  }

  /// Stores word `index` with release ordering.
  @inlinable @inline(__always)
  func storeRelease(_ value: UInt64, at index: Int = 0) {
    preferences_store_release(base + index, value)
  }

  /// Takes the lock bit of word `index` (see `preferences_bit_lock`) and returns the word's
  /// other bits.
  @inlinable @inline(__always)
  func bitLock(at index: Int) -> UInt64 {
    preferences_bit_lock(base + index)
  }

  /// Stores `bits` into word `index`, releasing its lock bit, which the caller holds.
  @inlinable @inline(__always)
  func bitUnlock(_ bits: UInt64, at index: Int) {
    preferences_bit_unlock(base + index, bits)
  }

  /// Sets (`true`) or clears (`false`) the bits of `mask` in word `index`.
  func setBits(_ mask: UInt64, to isSet: Bool, at index: Int = 0) {
    if isSet {
      preferences_set_bits(base + index, mask)
    } else {
      preferences_clear_bits(base + index, mask)
    }
  }
}
