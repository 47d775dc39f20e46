import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reports changes to one file by watching its folder, since an atomic write replaces the file
/// rather than changing it: inotify on Linux, a dispatch source on Apple platforms.
///
/// `@unchecked Sendable`: its only state is a dispatch source, made to be cancelled from any
/// thread, and constants.
final class FolderWatcher: @unchecked Sendable {
  private let source: any DispatchSourceProtocol

  /// Starts watching `folder` for changes to the file called `name`, calling `onChange` on a
  /// private queue. Returns `nil` when the folder cannot be watched, for example because it
  /// does not exist yet.
  init?(folder: String, name: String, onChange: @escaping @Sendable () -> Void) {
    let queue = DispatchQueue(label: "PreferencesKit.FolderWatcher", qos: .utility)
    #if canImport(Glibc)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let events = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
      guard inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, events) >= 0 else {
        close(descriptor)
        return nil
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        if Self.drainEvents(from: descriptor).contains(name) { onChange() }
      }
      source.setCancelHandler { close(descriptor) }
    #else
      let descriptor = open(folder.isEmpty ? "." : folder, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
      source.setEventHandler { onChange() }
      source.setCancelHandler { close(descriptor) }
    #endif
    self.source = source
    source.resume()
  }

  /// Stops watching.
  func stop() {
    source.cancel()
  }

  #if canImport(Glibc)
    /// Reads every pending inotify event and returns the names of the files they concern.
    private static func drainEvents(from descriptor: Int32) -> Set<String> {
      var names: Set<String> = []
      let headerSize = MemoryLayout<inotify_event>.size
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return names }
        var offset = 0
        while offset + headerSize <= count {
          let length = buffer.withUnsafeBytes {
            Int($0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len)
          }
          let start = offset + headerSize
          let end = min(start + length, count)
          let nameBytes = buffer[start..<end].prefix { $0 != 0 }
          names.insert(String(decoding: nameBytes, as: UTF8.self))
          offset = start + length
        }
      }
    }
  #endif
}
