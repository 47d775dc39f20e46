import Foundation

/// An exclusive `flock` on a lock file beside a store, held until ``unlock()``.
///
/// The kernel releases the lock when the holding process dies, so a crashed writer never
/// blocks the next one. `flock` locks belong to an open file description, not to a thread:
/// callers in one process must serialize among themselves (``FileStore`` does so with its
/// writer lock).
struct FileLock {
  private let descriptor: Int32

  /// Opens (creating it with mode 0600 when missing) and locks the file at `path`, waiting for
  /// another holder to finish.
  ///
  /// - Parameters:
  ///   - path: The lock file, such as `preferences.plist.lock`.
  ///   - store: The store's file, named in errors.
  /// - Throws: ``PreferenceError/Kind/writeFailed`` when the lock file cannot be opened or locked.
  init(lockingPath path: String, store: URL) throws {
    let descriptor: Int32
    do throws(SystemError) {
      descriptor = try Syscalls.openFile(path, for: .locking)
    } catch {
      throw PreferenceError(
        .writeFailed, file: store, reason: "cannot open the lock file \(path): \(error.message)")
    }
    while true {
      do throws(SystemError) {
        try Syscalls.lockExclusively(descriptor)
        break
      } catch where error == .interrupted {
        continue
      } catch {
        Syscalls.closeFile(descriptor)
        throw PreferenceError(
          .writeFailed, file: store, reason: "cannot lock the lock file \(path): \(error.message)")
      }
    }
    self.descriptor = descriptor
  }

  /// Releases the lock and closes the lock file. The lock file itself stays.
  func unlock() {
    Syscalls.unlock(descriptor)
    Syscalls.closeFile(descriptor)
  }
}
