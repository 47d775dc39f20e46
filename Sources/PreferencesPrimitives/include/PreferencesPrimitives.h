// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// PreferencesPrimitives, the package's C target: what Swift cannot say portably without a
// dependency. This header: atomic loads and stores of one word, and a lock built on them, for
// PreferencesKit's hot path; PreferencesSignals.h: forwarding the signals that end a process.
//
// Why C: `Synchronization.Atomic` needs macOS 15 (iOS 18, ...), and the package supports a
// year older; the swift-atomics package would be a dependency, and the library has none. Clang
// compiles these `__atomic` builtins (the primitives under C11 <stdatomic.h>, usable on plain
// integers, so Swift can own the memory) to single instructions, inlined into Swift callers,
// and ThreadSanitizer understands them, so it checks the library's lock-free reads as well.
//
// Every function takes a pointer to memory that must stay at one address while in use:
// Swift callers allocate it with `UnsafeMutablePointer.allocate`.

#ifndef PREFERENCES_PRIMITIVES_H
#define PREFERENCES_PRIMITIVES_H

#include <stdint.h>

// The module's other header: flushing saves on the signals that end a process.
#include "PreferencesSignals.h"

/// Reads `word`; later reads and writes of this thread stay after it (acquire).
static inline __attribute__((always_inline)) uint64_t
preferences_load_acquire(const uint64_t *_Nonnull word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// Reads `word` with no ordering: for flags whose readers need no other memory.
static inline __attribute__((always_inline)) uint64_t
preferences_load_relaxed(const uint64_t *_Nonnull word) {
  return __atomic_load_n(word, __ATOMIC_RELAXED);
}

/// Writes `word`; earlier reads and writes of this thread stay before it (release).
static inline __attribute__((always_inline)) void
preferences_store_release(uint64_t *_Nonnull word, uint64_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

/// Sets the bits of `mask` in `word`.
static inline __attribute__((always_inline)) void
preferences_set_bits(uint64_t *_Nonnull word, uint64_t mask) {
  __atomic_fetch_or(word, mask, __ATOMIC_RELAXED);
}

/// Clears the bits of `mask` in `word`.
static inline __attribute__((always_inline)) void
preferences_clear_bits(uint64_t *_Nonnull word, uint64_t mask) {
  __atomic_fetch_and(word, ~mask, __ATOMIC_RELAXED);
}

// Apple platforms lock with `os_unfair_lock` (<os/lock.h>): the kernel knows who holds one,
// so a waiter lends the holder its priority, and a high-priority thread never spins while a
// preempted low-priority holder cannot run (why `OSSpinLock` was deprecated). Elsewhere the
// locks below are the package's own. Swift sees the same types and functions, with the same
// access, on every system; only their bodies differ. `PREFERENCES_CHECK_APPLE` compiles the
// Apple bodies on Linux, against a stub <os/lock.h>, in the Darwin type-check lane
// (`DarwinCheck/`).
#if defined(__APPLE__) || defined(PREFERENCES_CHECK_APPLE)
#define PREFERENCES_USES_OS_UNFAIR_LOCK 1
#include <os/lock.h>
#else
#define PREFERENCES_USES_OS_UNFAIR_LOCK 0
#endif

// MARK: - The unfair lock

// Off Apple platforms: an unfair lock in one 32-bit word: 0 unlocked, 1 locked, 2 locked and
// maybe waited for. Uncontended, locking is one compare-and-swap and unlocking one exchange,
// both inlined; a contended lock spins briefly, then sleeps in the kernel (a futex on Linux)
// until the holder wakes it. This is the third mutex of Ulrich Drepper's "Futexes Are Tricky".
// Swift code uses `preferences_mutex_t` below, which exists on every system, not these.
#if !PREFERENCES_USES_OS_UNFAIR_LOCK

/// Waits for the lock and takes it; the slow path of `preferences_lock`.
void preferences_lock_wait(uint32_t *_Nonnull word);

/// Wakes one waiter; the slow path of `preferences_unlock`.
void preferences_lock_wake(uint32_t *_Nonnull word);

/// Takes the lock in `word`. It is not recursive.
static inline __attribute__((always_inline)) void
preferences_lock(uint32_t *_Nonnull word) {
  uint32_t expected = 0;
  if (__builtin_expect(
        __atomic_compare_exchange_n(
          word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 1)) {
    return;
  }
  preferences_lock_wait(word);
}

/// Releases the lock in `word`, which this thread holds.
static inline __attribute__((always_inline)) void
preferences_unlock(uint32_t *_Nonnull word) {
  if (__builtin_expect(__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) != 1, 0)) {
    preferences_lock_wake(word);
  }
}
#endif

/// A mutual-exclusion lock of 32 bits, at a fixed address while in use: an `os_unfair_lock`
/// on Apple platforms, `preferences_lock`'s word elsewhere. Opaque, so that Swift sees one
/// type on every system.
typedef struct preferences_mutex {
  uint32_t opaque;
} preferences_mutex_t;

#if PREFERENCES_USES_OS_UNFAIR_LOCK
_Static_assert(
  sizeof(preferences_mutex_t) == sizeof(os_unfair_lock)
    && _Alignof(preferences_mutex_t) == _Alignof(os_unfair_lock),
  "preferences_mutex_t holds an os_unfair_lock");

/// The `os_unfair_lock` that `mutex` holds.
static inline __attribute__((always_inline)) os_unfair_lock_t _Nonnull
preferences_mutex_os_lock(preferences_mutex_t *_Nonnull mutex) {
  return (os_unfair_lock_t)(void *)mutex;
}
#endif

/// Makes `mutex` an unlocked lock (`OS_UNFAIR_LOCK_INIT` is all zeros as well).
static inline __attribute__((always_inline)) void
preferences_mutex_init(preferences_mutex_t *_Nonnull mutex) {
  mutex->opaque = 0;
}

/// Takes `mutex`. It is not recursive.
static inline __attribute__((always_inline)) void
preferences_mutex_lock(preferences_mutex_t *_Nonnull mutex) {
#if PREFERENCES_USES_OS_UNFAIR_LOCK
  os_unfair_lock_lock(preferences_mutex_os_lock(mutex));
#else
  preferences_lock(&mutex->opaque);
#endif
}

/// Releases `mutex`, which this thread holds.
static inline __attribute__((always_inline)) void
preferences_mutex_unlock(preferences_mutex_t *_Nonnull mutex) {
#if PREFERENCES_USES_OS_UNFAIR_LOCK
  os_unfair_lock_unlock(preferences_mutex_os_lock(mutex));
#else
  preferences_unlock(&mutex->opaque);
#endif
}

// MARK: - The bit lock

// A lock in one bit of a 64-bit word whose other bits it guards (a preference's state: dirty,
// user value, managed, refused, generation): taking it returns the other bits; releasing it is one store
// of the new bits with the bit clear. It is held for a few instructions, never across a call,
// and a thread never holds two. Readers never wait for it.
//
// Off Apple platforms, taking it is one compare-and-swap that sets the bit, and a contended
// taker spins (yielding the processor now and then) rather than sleeping: there is no waiter
// to wake, which is what lets the release be a plain store instead of an exchange. On Apple
// platforms no thread spins: a taker first takes one of `PREFERENCES_BIT_LOCK_STRIPES`
// `os_unfair_lock`s, chosen by the word's address, then sets the bit, so a contended taker
// sleeps and lends the holder its priority. A stripe is shared by unrelated words, which
// costs nothing because each is held for a few instructions and no thread holds two.

/// The lock bit of a bit-locked word.
#define PREFERENCES_BIT_LOCK ((uint64_t)2)

#if PREFERENCES_USES_OS_UNFAIR_LOCK
/// How many `os_unfair_lock`s the bit locks share on Apple platforms.
#define PREFERENCES_BIT_LOCK_STRIPES 64

/// The stripes, all unlocked at first (zero).
extern os_unfair_lock preferences_bit_lock_stripes[PREFERENCES_BIT_LOCK_STRIPES];

/// The stripe that guards `word`, from the address bits above the fourth (allocations are
/// 16-byte aligned).
static inline __attribute__((always_inline)) os_unfair_lock_t _Nonnull
preferences_bit_lock_stripe(const uint64_t *_Nonnull word) {
  uintptr_t address = (uintptr_t)word;
  return &preferences_bit_lock_stripes[
    ((address >> 4) ^ (address >> 10)) % PREFERENCES_BIT_LOCK_STRIPES];
}
#else
/// Waits for the lock bit of `word` and takes it; the slow path of `preferences_bit_lock`.
uint64_t preferences_bit_lock_wait(uint64_t *_Nonnull word);
#endif

/// Takes the lock bit of `word` and returns the word's other bits.
static inline __attribute__((always_inline)) uint64_t
preferences_bit_lock(uint64_t *_Nonnull word) {
#if PREFERENCES_USES_OS_UNFAIR_LOCK
  os_unfair_lock_lock(preferences_bit_lock_stripe(word));
  // Only a holder of the stripe sets the bit, so it is clear here.
  return __atomic_fetch_or(word, PREFERENCES_BIT_LOCK, __ATOMIC_ACQUIRE);
#else
  uint64_t expected = __atomic_load_n(word, __ATOMIC_RELAXED) & ~PREFERENCES_BIT_LOCK;
  if (__builtin_expect(
        __atomic_compare_exchange_n(
          word, &expected, expected | PREFERENCES_BIT_LOCK, 0, __ATOMIC_ACQUIRE,
          __ATOMIC_RELAXED), 1)) {
    return expected;
  }
  return preferences_bit_lock_wait(word);
#endif
}

/// Stores `bits` (whose lock bit must be clear) into `word`, releasing its lock bit, which
/// this thread holds.
static inline __attribute__((always_inline)) void
preferences_bit_unlock(uint64_t *_Nonnull word, uint64_t bits) {
  __atomic_store_n(word, bits, __ATOMIC_RELEASE);
#if PREFERENCES_USES_OS_UNFAIR_LOCK
  os_unfair_lock_unlock(preferences_bit_lock_stripe(word));
#endif
}

#endif
