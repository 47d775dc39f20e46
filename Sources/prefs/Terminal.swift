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
  #error("prefs does not know this platform's C library: add it beside Darwin and Glibc")
#endif

/// The person at the terminal, for `prefs edit`: the editor it opens, the private folder the
/// edited file lives in, and the questions it asks.
enum Terminal {
  /// The editor `prefs edit` runs: `$VISUAL`, else `$EDITOR`, else `vi`, as `crontab -e` and
  /// `visudo` choose. The text is a shell command, so `EDITOR="code -w"` works.
  static func editorCommand(in environment: [String: String]) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let command = environment[name], !command.allSatisfy(\.isWhitespace) { return command }
    }
    return "vi"
  }

  /// Runs `command` on `file` through `/bin/sh`, which splits the command as a shell would, and
  /// waits for it; the editor shares the terminal (standard input, output and error).
  ///
  /// `Process` is not used: on Linux it starts its child in a new session, without the
  /// terminal a full-screen editor needs. While the editor runs, `prefs` ignores SIGINT and
  /// SIGQUIT, as `system(3)` does, so that a Ctrl-C meant for the editor leaves no stray file.
  ///
  /// - Throws: ``ToolFailure/refused(_:)`` when the editor cannot start, exits with a status
  ///   other than 0, or is killed by a signal; nothing is written then.
  static func runEditor(_ command: String, on file: URL) throws(ToolFailure) {
    let arguments = ["sh", "-c", command + " \"$@\"", "sh", file.path]
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, "/bin/sh", nil, nil, argv, envp)
    guard started == 0 else {
      throw .refused(
        "cannot start the editor (\(command)): \(String(cString: strerror(started))); "
          + "nothing was written")
    }
    let interrupt = signal(SIGINT, SIG_IGN)
    let quit = signal(SIGQUIT, SIG_IGN)
    defer {
      signal(SIGINT, interrupt)
      signal(SIGQUIT, quit)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else {
        throw .refused("lost the editor (\(command)): \(String(cString: strerror(errno)))")
      }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal.
    let signalNumber = status & 0x7F
    let exitStatus = (status >> 8) & 0xFF
    guard signalNumber == 0, exitStatus == 0 else {
      let how =
        signalNumber == 0
        ? "exited with status \(exitStatus)"
        : "was killed by signal \(signalNumber)"
      throw .refused("the editor (\(command)) \(how); nothing was written")
    }
  }

  /// A new folder only this user can enter (0700), for the file the editor opens.
  ///
  /// - Throws: ``ToolFailure/inputOutput(_:)`` when it cannot be made.
  static func makePrivateFolder() throws(ToolFailure) -> URL {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-edit.XXXXXX"
    ).path
    var buffer = Array(template.utf8CString)
    guard let made = mkdtemp(&buffer) else {
      throw .inputOutput(
        "cannot make a private folder in \(FileManager.default.temporaryDirectory.path): "
          + String(cString: strerror(errno)))
    }
    return URL(fileURLWithPath: String(cString: made), isDirectory: true)
  }

  /// Writes `bytes` to a new file at `url` that only this user can read or write (0600).
  ///
  /// - Throws: ``ToolFailure/inputOutput(_:)`` when it cannot be written.
  static func writePrivateFile(_ bytes: [UInt8], to url: URL) throws(ToolFailure) {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw .inputOutput("cannot create \(url.path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else {
        if count < 0, errno == EINTR { continue }
        throw .inputOutput("cannot write \(url.path): \(String(cString: strerror(errno)))")
      }
      written += count
    }
  }

  /// Whether standard input is a terminal, so that `prefs edit` can ask a question.
  static var canAsk: Bool { isatty(STDIN_FILENO) == 1 }

  /// Asks `question` on standard error until the answer's first letter is one of `choices`;
  /// `nil` when standard input ends.
  static func ask(_ question: String, choices: [Character]) -> Character? {
    while true {
      FileHandle.standardError.write(Data(question.utf8))
      guard let line = readLine() else { return nil }
      if let letter = line.trimmingCharacters(in: .whitespaces).lowercased().first,
        choices.contains(letter)
      {
        return letter
      }
    }
  }
}
