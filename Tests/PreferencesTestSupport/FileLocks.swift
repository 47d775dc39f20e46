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
