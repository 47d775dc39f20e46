// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Stub of os_unfair_lock for the Darwin lane. Declarations only: the lane type-checks and never
// links. The stored macOS 15.5 SDK text lacks usr/include/os/lock.h; these follow Apple's
// libplatform `include/os/lock.h` as the SDK ships it since the Xcode 14 SDKs (the functions
// carry OS_SWIFT_UNAVAILABLE_FROM_ASYNC; the 2016 version of the file does not), with the
// macros os/base.h expands them to.
#ifndef PREFERENCES_STUB_OS_LOCK_H
#define PREFERENCES_STUB_OS_LOCK_H

#include <stdbool.h>
#include <stdint.h>

// os/base.h: `#define OS_WARN_RESULT __attribute__((__warn_unused_result__))`.
#define OS_WARN_RESULT __attribute__((__warn_unused_result__))
// os/base.h: `#define OS_SWIFT_UNAVAILABLE_FROM_ASYNC(msg)
// __attribute__((__swift_attr__("@_unavailableFromAsync(message: \"" msg "\")")))`.
#define OS_SWIFT_UNAVAILABLE_FROM_ASYNC(msg) \
  __attribute__((__swift_attr__("@_unavailableFromAsync(message: \"" msg "\")")))

// os/lock.h: `typedef struct os_unfair_lock_s { uint32_t _os_unfair_lock_opaque; }
// os_unfair_lock, *os_unfair_lock_t;` (OS_UNFAIR_LOCK_AVAILABILITY: macos(10.12), ios(10.0),
// tvos(10.0), watchos(3.0)).
typedef struct os_unfair_lock_s {
  uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t;

// os/lock.h: `#define OS_UNFAIR_LOCK_INIT ((os_unfair_lock){0})` (C99 and later).
#define OS_UNFAIR_LOCK_INIT ((os_unfair_lock){0})

// os/lock.h: OS_EXPORT OS_NOTHROW OS_NONNULL_ALL OS_SWIFT_UNAVAILABLE_FROM_ASYNC("Use
// OSAllocatedUnfairLock.performWhileLocked() for async-safe scoped locking")
// void os_unfair_lock_lock(os_unfair_lock_t lock);
OS_SWIFT_UNAVAILABLE_FROM_ASYNC(
  "Use OSAllocatedUnfairLock.performWhileLocked() for async-safe scoped locking")
void os_unfair_lock_lock(os_unfair_lock_t _Nonnull lock);
// os/lock.h: OS_EXPORT OS_NOTHROW OS_WARN_RESULT OS_NONNULL_ALL
// OS_SWIFT_UNAVAILABLE_FROM_ASYNC("Use OSAllocatedUnfairLock.tryPerformWhileLocked() for
// async-safe scoped locking") bool os_unfair_lock_trylock(os_unfair_lock_t lock);
OS_WARN_RESULT OS_SWIFT_UNAVAILABLE_FROM_ASYNC(
  "Use OSAllocatedUnfairLock.tryPerformWhileLocked() for async-safe scoped locking")
bool os_unfair_lock_trylock(os_unfair_lock_t _Nonnull lock);
// os/lock.h: OS_EXPORT OS_NOTHROW OS_NONNULL_ALL OS_SWIFT_UNAVAILABLE_FROM_ASYNC("Use
// OSAllocatedUnfairLock.performWhileLocked() for async-safe scoped locking")
// void os_unfair_lock_unlock(os_unfair_lock_t lock);
OS_SWIFT_UNAVAILABLE_FROM_ASYNC(
  "Use OSAllocatedUnfairLock.performWhileLocked() for async-safe scoped locking")
void os_unfair_lock_unlock(os_unfair_lock_t _Nonnull lock);
// os/lock.h: OS_EXPORT OS_NOTHROW OS_NONNULL_ALL
// void os_unfair_lock_assert_owner(const os_unfair_lock *lock);
void os_unfair_lock_assert_owner(const os_unfair_lock *_Nonnull lock);
// os/lock.h: OS_EXPORT OS_NOTHROW OS_NONNULL_ALL
// void os_unfair_lock_assert_not_owner(const os_unfair_lock *lock);
void os_unfair_lock_assert_not_owner(const os_unfair_lock *_Nonnull lock);

#endif
