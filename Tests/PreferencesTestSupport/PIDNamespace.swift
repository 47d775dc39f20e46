// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
package import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Starting a helper as the first process (PID 1) of a new PID namespace, as a container
/// started without `--init` runs its program: `unshare --pid --fork --mount-proc`, which takes
/// Linux, root (or `CAP_SYS_ADMIN`) and util-linux's `unshare`.
package enum PIDNamespace {
  /// The program and arguments that start a helper in a new PID namespace; `--kill-child`
  /// ends the helper when `unshare` is killed (a test past its deadline).
  package static let launcher = [
    unshare ?? "unshare", "--pid", "--fork", "--mount-proc", "--kill-child",
  ]

  /// Why a helper cannot be started in a new PID namespace here, or `nil` when it can: the
  /// reason a test that needs one gives for not running.
  package static let unavailableReason: String? = {
    #if os(Linux)
      guard getuid() == 0 else { return "not run: a new PID namespace takes root" }
      guard let unshare else { return "not run: no unshare (util-linux) in /usr/bin or /bin" }
      let probe = Process()
      probe.executableURL = URL(fileURLWithPath: unshare)
      probe.arguments = Array(launcher.dropFirst()) + ["true"]
      probe.standardError = FileHandle.nullDevice
      guard (try? probe.run()) != nil else { return "not run: \(unshare) did not start" }
      probe.waitUntilExit()
      return probe.terminationStatus == 0
        ? nil
        : "not run: \(launcher.joined(separator: " ")) true failed here "
          + "(a container without CAP_SYS_ADMIN, say)"
    #else
      return "not run: PID namespaces are Linux's"
    #endif
  }()

  /// ``unavailableReason`` as a test's comment, which Swift Testing prints for a test it
  /// skips.
  package static var comment: Comment {
    Comment(rawValue: unavailableReason ?? "a new PID namespace can be made here")
  }

  private static let unshare = ["/usr/bin/unshare", "/bin/unshare"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The processes that `pid` started and that are still running (Linux's
  /// `/proc/<pid>/task/<pid>/children`); empty elsewhere.
  package static func children(of pid: Int32) -> [Int32] {
    let path = "/proc/\(pid)/task/\(pid)/children"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: " ").compactMap { Int32($0) }
  }

  /// The process IDs of `pid` in its own PID namespace and each one above it, innermost last
  /// (the `NSpid` line of `/proc/<pid>/status`); empty elsewhere.
  package static func namespaceIDs(of pid: Int32) -> [Int32] {
    let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix("NSpid:") } ?? ""
    return line.dropFirst("NSpid:".count).split(whereSeparator: \.isWhitespace).compactMap {
      Int32($0)
    }
  }
}
