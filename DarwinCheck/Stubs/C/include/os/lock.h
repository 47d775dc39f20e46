// Stub of os_unfair_lock for the Darwin lane. Signatures from the SDK's
// MacOSX15.5.sdk/usr/include/os/lock.h (same file in iPhoneOS18.0.sdk). Declarations only:
// the lane type-checks and never links.
#ifndef PREFERENCES_STUB_OS_LOCK_H
#define PREFERENCES_STUB_OS_LOCK_H

#include <stdbool.h>
#include <stdint.h>

// os/lock.h: `typedef struct os_unfair_lock_s { uint32_t _os_unfair_lock_opaque; }
// os_unfair_lock, *os_unfair_lock_t;` (API_AVAILABLE(macos(10.12), ios(10.0), ...)).
typedef struct os_unfair_lock_s {
  uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t;

// os/lock.h: `#define OS_UNFAIR_LOCK_INIT ((os_unfair_lock){0})` (C), `os_unfair_lock()` (C++).
#define OS_UNFAIR_LOCK_INIT ((os_unfair_lock){0})

// os/lock.h: OS_EXPORT OS_NOTHROW OS_NONNULL_ALL void os_unfair_lock_lock(os_unfair_lock_t lock);
void os_unfair_lock_lock(os_unfair_lock_t _Nonnull lock);
// os/lock.h: OS_EXPORT OS_NOTHROW OS_WARN_RESULT OS_NONNULL_ALL
// bool os_unfair_lock_trylock(os_unfair_lock_t lock);
bool os_unfair_lock_trylock(os_unfair_lock_t _Nonnull lock);
// os/lock.h: OS_EXPORT OS_NOTHROW OS_NONNULL_ALL void os_unfair_lock_unlock(os_unfair_lock_t lock);
void os_unfair_lock_unlock(os_unfair_lock_t _Nonnull lock);
// os/lock.h: void os_unfair_lock_assert_owner(const os_unfair_lock *lock);
void os_unfair_lock_assert_owner(const os_unfair_lock *_Nonnull lock);
// os/lock.h: void os_unfair_lock_assert_not_owner(const os_unfair_lock *lock);
void os_unfair_lock_assert_not_owner(const os_unfair_lock *_Nonnull lock);

#endif
