// Atomic loads and stores of one word, and a lock built on them, for PreferencesKit's hot path.
//
// Why C: `Synchronization.Atomic` needs macOS 15 (iOS 18, ...), and the package supports a
// year older; the swift-atomics package would be a dependency, and the library has none. Clang
// compiles these `__atomic` builtins (the primitives under C11 <stdatomic.h>, usable on plain
// integers, so Swift can own the memory) to single instructions, inlined into Swift callers,
// and ThreadSanitizer understands them, so it checks the library's lock-free reads as well.
//
// Every function takes a pointer to memory that must stay at one address while in use:
// Swift callers allocate it with `UnsafeMutablePointer.allocate`.

#ifndef PREFERENCES_ATOMICS_H
#define PREFERENCES_ATOMICS_H

#include <stdint.h>

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

// An unfair lock in one 32-bit word, as `os_unfair_lock` is on Apple platforms (which use that
// instead): 0 unlocked, 1 locked, 2 locked and maybe waited for. Uncontended, locking is one
// compare-and-swap and unlocking one exchange, both inlined; a contended lock spins briefly,
// then sleeps in the kernel (a futex on Linux) until the holder wakes it. This is the third
// mutex of Ulrich Drepper's "Futexes Are Tricky".

/// Waits for the lock and takes it; the slow path of `preferences_lock`.
void preferences_lock_wait(uint32_t *_Nonnull word);

/// Wakes one waiter; the slow path of `preferences_unlock`.
void preferences_lock_wake(uint32_t *_Nonnull word);

/// Takes the lock. It is not recursive.
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

/// Releases the lock, which this thread holds.
static inline __attribute__((always_inline)) void
preferences_unlock(uint32_t *_Nonnull word) {
  if (__builtin_expect(__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) != 1, 0)) {
    preferences_lock_wake(word);
  }
}

// A lock in one bit of a 64-bit word whose other bits it guards (a preference's state: dirty,
// explicit, locked, generation): taking it is one compare-and-swap that sets the bit and
// returns the other bits; releasing it is one store of the new bits with the bit clear. It is
// held for a few instructions, never across a call that could block, so a contended taker
// spins (yielding the processor now and then) rather than sleeping: there is no waiter to
// wake, which is what lets the release be a plain store instead of an exchange.

/// The lock bit of a bit-locked word.
#define PREFERENCES_BIT_LOCK ((uint64_t)2)

/// Waits for the lock bit of `word` and takes it; the slow path of `preferences_bit_lock`.
uint64_t preferences_bit_lock_wait(uint64_t *_Nonnull word);

/// Takes the lock bit of `word` and returns the word's other bits.
static inline __attribute__((always_inline)) uint64_t
preferences_bit_lock(uint64_t *_Nonnull word) {
  uint64_t expected = __atomic_load_n(word, __ATOMIC_RELAXED) & ~PREFERENCES_BIT_LOCK;
  if (__builtin_expect(
        __atomic_compare_exchange_n(
          word, &expected, expected | PREFERENCES_BIT_LOCK, 0, __ATOMIC_ACQUIRE,
          __ATOMIC_RELAXED), 1)) {
    return expected;
  }
  return preferences_bit_lock_wait(word);
}

/// Stores `bits` (whose lock bit must be clear) into `word`, releasing its lock bit, which
/// this thread holds.
static inline __attribute__((always_inline)) void
preferences_bit_unlock(uint64_t *_Nonnull word, uint64_t bits) {
  __atomic_store_n(word, bits, __ATOMIC_RELEASE);
}

#endif
