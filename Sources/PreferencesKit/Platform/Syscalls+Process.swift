// The system calls that save pending changes when the process ends (`FlushTriggers`), beside
// the file store's in `Syscalls.swift`.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#else
  #error("PreferencesKit does not know this platform's C library: add it to Syscalls.swift")
#endif

extension Syscalls {
  /// Has `handler` run when the process exits normally (`exit`, or a return from `main`).
  ///
  /// - Returns: Whether the C library took it (it holds at least 32 handlers).
  @discardableResult
  static func runAtExit(_ handler: @convention(c) () -> Void) -> Bool {
    atexit(handler) == 0
  }

  /// A pipe for a signal handler to write to: both ends close-on-exec, and the write end
  /// non-blocking, so that a handler never blocks on a full pipe.
  static func makeSignalPipe() throws(SystemError) -> (readEnd: Int32, writeEnd: Int32) {
    try fault(.pipe)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .last }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  /// Waits for one byte on `descriptor`, a pipe's read end, and returns it; `nil` once every
  /// write end is closed.
  static func readByte(_ descriptor: Int32) throws(SystemError) -> UInt8? {
    try fault(.read)
    var byte: UInt8 = 0
    let count = read(descriptor, &byte, 1)
    guard count >= 0 else { throw .last }
    return count == 1 ? byte : nil
  }
}
