// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

/// Whether nobody holds an exclusive `flock` on the file at `path`: `false` while a writer holds
/// a store's lock file, or when there is no file to lock.
package func lockIsFree(_ path: String) -> Bool {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
  flock(descriptor, LOCK_UN)
  return true
}
