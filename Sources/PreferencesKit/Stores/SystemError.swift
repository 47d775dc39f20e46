#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Text for the C library's last error, as `strerror` gives it.
enum SystemError {
  /// The message for `code`, such as `"Permission denied"`, followed by its symbolic number.
  static func message(_ code: Int32) -> String {
    "\(String(cString: strerror(code))) (errno \(code))"
  }
}
