// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The slow paths of the locks in PreferencesPrimitives.h: only a contended lock reaches them.

#include "PreferencesPrimitives.h"

#if PREFERENCES_USES_OS_UNFAIR_LOCK

// Apple platforms: the locks are `os_unfair_lock`s, and the slow paths are the system's.

os_unfair_lock preferences_bit_lock_stripes[PREFERENCES_BIT_LOCK_STRIPES];

#else

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <sched.h>

/// Lets the other hardware thread of a core run while this one spins.
static inline void relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

/// Sleeps while `*word` is `value`, or returns at once if it is not.
static void sleep_while(uint32_t *word, uint32_t value) {
#if defined(__linux__)
  syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, value, NULL, NULL, 0);
#else
  // No futex on this system (Apple platforms use os_unfair_lock instead of this lock).
  (void)word;
  (void)value;
  sched_yield();
#endif
}

void preferences_lock_wait(uint32_t *word) {
  // Critical sections are a few dozen instructions: a short spin usually outlasts one
  // without a trip to the kernel.
  for (int spin = 0; spin < 64; spin++) {
    uint32_t expected = 0;
    if (__atomic_load_n(word, __ATOMIC_RELAXED) == 0
        && __atomic_compare_exchange_n(
          word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      return;
    }
    relax();
  }
  // Mark the lock waited for (2) and sleep until it is free; taking it this way leaves the
  // mark, so its unlock wakes the next waiter, if any.
  while (__atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE) != 0) {
    sleep_while(word, 2);
  }
}

void preferences_lock_wake(uint32_t *word) {
#if defined(__linux__)
  syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
#else
  (void)word;
#endif
}

uint64_t preferences_bit_lock_wait(uint64_t *word) {
  for (unsigned spin = 1;; spin++) {
    uint64_t expected = __atomic_load_n(word, __ATOMIC_RELAXED);
    if ((expected & PREFERENCES_BIT_LOCK) == 0
        && __atomic_compare_exchange_n(
          word, &expected, expected | PREFERENCES_BIT_LOCK, 0, __ATOMIC_ACQUIRE,
          __ATOMIC_RELAXED)) {
      return expected;
    }
    // The holder runs a few instructions; if it was preempted meanwhile, let it run.
    if (spin % 64 == 0) {
      sched_yield();
    } else {
      relax();
    }
  }
}

#endif
