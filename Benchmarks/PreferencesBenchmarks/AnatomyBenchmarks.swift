// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

/// What the lock of a `@Preference` read or assignment costs alone: the platform mutex the
/// library used before (`pthread_mutex_t` on Linux), and the `PreferencesPrimitives` lock it uses
/// now on Linux (see the Benchmarks article).
enum AnatomyBenchmarks {
  /// A heap-allocated platform mutex, as the library's lock had on Linux.
  final class Mutex {
    #if canImport(Darwin)
      let primitive: UnsafeMutablePointer<os_unfair_lock>
    #else
      let primitive: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    init() {
      primitive = .allocate(capacity: 1)
      #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
      #else
        primitive.initialize(to: pthread_mutex_t())
        pthread_mutex_init(primitive, nil)
      #endif
    }

    /// Takes and releases the lock.
    @inline(__always)
    func lockAndUnlock() {
      #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        os_unfair_lock_unlock(primitive)
      #else
        pthread_mutex_lock(primitive)
        pthread_mutex_unlock(primitive)
      #endif
    }
  }

  /// Measures the parts and appends them to `report`.
  ///
  /// - Parameter report: Receives the rows.
  static func run(into report: inout Report) {
    let mutexes = (0..<64).map { _ in Mutex() }
    let lock = measure("anatomy: mutex lock + unlock") { n in
      for i in 0..<n { mutexes[i & 63].lockAndUnlock() }
    }
    let atomicsLocks = (0..<64).map { _ in AtomicsLock() }
    let unfair = measure("anatomy: PreferencesPrimitives lock + unlock") { n in
      for i in 0..<n {
        atomicsLocks[i & 63].lock()
        atomicsLocks[i & 63].unlock()
      }
    }
    report.rows += [Row(lock), Row(unfair, baseline: lock)]

  }
}
