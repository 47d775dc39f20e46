// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

/// Automatic saving at the ends of real processes: an exit and the signals that stop a process
/// flush, a SIGKILL inside the debounce interval loses only what it had not saved, and a debug
/// build names unsaved changes.
struct SavePolicyProcessTests {
  @Test func returningFromMainSavesWhatWasPending() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let outcome = try TestHelperProcess.run(["save-at-exit", url.path, "17"])
      #expect(outcome.status == 0)
      #expect(try FileStore(url: url).value(forKey: "fontSize") == .double(17))
    }
  }

  @Test func aDebouncedSaveLandsWithoutAnExitAndSurvivesSIGKILL() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.file("preferences.plist")
      let helper = try TestHelperProcess(["save-soon", url.path, "19"])
      #expect(helper.readLine() == "assigned")
      #expect(await eventually { (try? FileStore(url: url).value(forKey: "fontSize")) == .double(19) })
      helper.kill()
      #expect(try FileStore(url: url).value(forKey: "fontSize") == .double(19))
    }
  }

  /// A writer that never pauses (an assignment every 3 ms under a 50 ms debounce, which
  /// would postpone the save for ever), killed without warning: the store holds a value
  /// assigned no more than the maximum delay (300 ms here) before the kill, plus the time one
  /// save takes and slack for a busy machine.
  @Test func aWriterThatNeverPausesLosesAtMostTheMaximumDelayToSIGKILL() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let helper = try TestHelperProcess(["save-continuously", url.path])
      #expect(helper.readLine() == "started")
      // How long the writer runs is the experiment (several maximum delays), not a wait for
      // something to happen.
      Thread.sleep(forTimeInterval: 2)
      let killed = DispatchTime.now().uptimeNanoseconds
      helper.kill()
      let stored = try FileStore(url: url).value(forKey: "assignedAt")
      guard case .integer(let assignedAt)? = stored, assignedAt > 0 else {
        Issue.record("2 s of assignments saved nothing: the store holds \(stored.debugDescription)")
        return
      }
      let lost = Double(Int64(truncatingIfNeeded: killed) - assignedAt) / 1e9
      #expect(lost <= 0.3 + 1.2, "the last value saved was assigned \(lost) s before the kill")
    }
  }

  /// A test suite sets `Preferences.defaultStoreFolder` in code, or
  /// `PREFERENCESKIT_DEFAULT_STORE_FOLDER` in the environment: preferences made without a
  /// store then live in that folder, and nothing is written under the user's home (here a
  /// stand-in, so that a failure cannot touch the real one).
  @Test(arguments: ["property", "environment"])
  func theDefaultStoreFolderKeepsATestAwayFromRealSettings(mode: String) throws {
    try withDirectory { directory in
      let home = directory.url.appendingPathComponent("home", isDirectory: true)
      let folder = directory.url.appendingPathComponent("test-settings", isDirectory: true)
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      let outcome = try TestHelperProcess.run(
        ["default-store", folder.path, mode],
        environment: [
          "HOME": home.path, "XDG_CONFIG_HOME": "",
          "PREFERENCESKIT_DEFAULT_STORE_FOLDER": mode == "environment" ? folder.path : "",
        ])
      #expect(outcome.status == 0, "\(outcome.output)")
      let file = folder.appendingPathComponent("PreferencesTestHelper/preferences.plist")
      #expect(outcome.output == file.path + "\n")
      #expect(try FileStore(url: file).value(forKey: "fontSize") == .double(23))
      #expect(directory.names(in: home) == [])
      if mode == "environment" {
        let url = try TestHelperProcess.run(
          ["default-url", "com.example.app"],
          environment: ["PREFERENCESKIT_DEFAULT_STORE_FOLDER": folder.path])
        #expect(url.output == folder.path + "/com.example.app/preferences.plist\n")
      }
    }
  }

  /// Any value of `PREFERENCESKIT_DEFAULT_STORE_FOLDER` is a folder, never a reason to fall
  /// back to the real settings: `~` is the home folder, a relative path is taken from the
  /// current directory.
  @Test func aRelativeOrTildeDefaultStoreFolderIsStillAFolderOfItsOwn() throws {
    try withDirectory { directory in
      let home = directory.url.appendingPathComponent("home", isDirectory: true)
      let tilde = try TestHelperProcess.run(
        ["default-url", "com.example.app"],
        environment: ["HOME": home.path, "PREFERENCESKIT_DEFAULT_STORE_FOLDER": "~/settings"])
      #expect(tilde.output == home.path + "/settings/com.example.app/preferences.plist\n")
      let relative = try TestHelperProcess.run(
        ["default-url", "com.example.app"],
        environment: ["PREFERENCESKIT_DEFAULT_STORE_FOLDER": "relative/settings"])
      let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent("relative/settings/com.example.app/preferences.plist")
      #expect(relative.output == current.standardizedFileURL.path + "\n")
    }
  }

  /// `systemctl stop`, `docker stop`, Ctrl-C and a closed terminal inside the debounce
  /// interval: the pending change is saved, then the process ends by the signal, as it would
  /// have without the library (its exit status shows the signal).
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aSignalThatEndsTheProcessSavesWhatWasPendingFirst(signal: Int32) throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let helper = try TestHelperProcess(["save-on-signal", url.path, "17", "default"])
      #expect(helper.readLine() == "assigned")
      sendSignal(signal, to: helper.process.processIdentifier)
      _ = try helper.finish()
      #expect(helper.process.terminationReason == .uncaughtSignal)
      #expect(helper.process.terminationStatus == signal)
      #expect(try FileStore(url: url).value(forKey: "fontSize") == .double(17))
    }
  }

  /// A container's first process, started without `--init`: Linux discards a signal whose
  /// action is the default in PID 1 of a PID namespace, so re-raising SIGTERM cannot end the
  /// process, and `docker stop` would wait, then SIGKILL it. It saves, then ends with status
  /// 143 (128 + SIGTERM), as a container's init reports it. SIGTERM comes from outside the
  /// namespace, as `docker stop` sends it. Takes Linux, root and `unshare` (the CI workflow's
  /// Linux job and the machine the package is developed on); elsewhere Swift Testing reports
  /// it skipped, with the reason.
  @Test(.enabled(if: PIDNamespace.unavailableReason == nil, PIDNamespace.comment))
  func asAContainersFirstProcessSIGTERMSavesAndEndsWithStatus143() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let helper = try TestHelperProcess(
        ["save-on-signal", url.path, "17", "default"], launcher: PIDNamespace.launcher)
      #expect(helper.readLine() == "assigned")
      let pid = try #require(PIDNamespace.children(of: helper.process.processIdentifier).first)
      #expect(PIDNamespace.namespaceIDs(of: pid).last == 1, "the helper runs as PID 1")
      sendSignal(SIGTERM, to: pid)
      let outcome = try helper.finish(deadline: 30)
      #expect(outcome.status == 128 + SIGTERM && !outcome.killed, "status \(outcome.status)")
      #expect(try FileStore(url: url).value(forKey: "fontSize") == .double(17))
    }
  }

  /// An app's own handling of SIGTERM still runs after the save: a handler installed before
  /// the library's (`app-handler`, which exits 42), or a `DispatchSource` over the ignored
  /// signal that saves with the public call (`dispatch`, which exits 43).
  @Test(arguments: [("app-handler", 42), ("dispatch", 43)] as [(String, Int32)])
  func theAppsOwnHandlingRunsAfterTheSave(mode: String, status: Int32) throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let helper = try TestHelperProcess(["save-on-signal", url.path, "18", mode])
      #expect(helper.readLine() == "assigned")
      // libdispatch arms a signal source after `resume()` returns, and SIGTERM is ignored
      // until then, so one sent too early is dropped: send it until the process ends (a
      // second one while the first is handled changes nothing).
      let limit = Date().addingTimeInterval(60)
      var lastSent = Date.distantPast
      while helper.process.isRunning && Date() < limit {
        if Date().timeIntervalSince(lastSent) > 0.2 {
          sendSignal(SIGTERM, to: helper.process.processIdentifier)
          lastSent = Date()
        }
        usleep(2_000)
      }
      let outcome = try helper.finish()
      #expect(outcome.status == status && !outcome.killed, "status \(outcome.status)")
      #expect(try FileStore(url: url).value(forKey: "fontSize") == .double(18))
    }
  }

  /// An app that ignores SIGTERM keeps ignoring it: the process lives on, nothing is saved.
  @Test func anIgnoredSignalStaysIgnored() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let helper = try TestHelperProcess(["save-on-signal", url.path, "19", "ignored"])
      #expect(helper.readLine() == "assigned")
      // An ignored signal is discarded when sent, so SIGUSR1, sent after it, finds the
      // process alive only if SIGTERM did not end it.
      sendSignal(SIGTERM, to: helper.process.processIdentifier)
      sendSignal(SIGUSR1, to: helper.process.processIdentifier)
      #expect(helper.readLine() == "alive")
      helper.kill()
      #expect(try FileStore(url: url).value(forKey: "fontSize") == nil)
    }
  }

  /// A save is protected by one platform activity (an expiring activity on iOS, tvOS,
  /// visionOS and watchOS, one that holds off sudden termination on macOS) from the moment it
  /// is scheduled until it has run, whether its timer, a flush or the system's expiry runs it,
  /// and whether it saves or fails.
  @Test(arguments: ["saves", "fails"])
  func aSaveIsProtectedFromSchedulingUntilItHasRun(store: String) throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let outcome = try TestHelperProcess.run(["save-protection", url.path, store])
      #expect(outcome.status == 0)
      let saved = store == "saves" ? "saved" : "failed"
      let run = "save\n\(saved)\nend\n"
      #expect(
        outcome.output
          == "begin\nassigned\n\(run)begin\n\(run)flushed\nbegin\n\(run)expired\n")
    }
  }

  @Test func aDebugBuildNamesUnsavedChangesAtExit() throws {
    let (text, failed) = try TestHelperProcess.standardError(of: "exit-unsaved")
    #expect(!failed)
    #if DEBUG
      #expect(
        text.contains(
          "ExplicitlySavingPreferences exits with unsaved changes to fontSize, theme; "
            + "call writePreferences()"))
    #else
      #expect(!text.contains("unsaved changes"))
    #endif
  }

  @Test func theWarningAtExitNamesOnlyKeysThatDifferFromTheStore() throws {
    let (text, failed) = try TestHelperProcess.standardError(of: "exit-after-reset")
    #expect(!failed)
    #if DEBUG
      #expect(
        text.contains(
          "ExplicitlySavingPreferences exits with unsaved changes to fontSize; "
            + "call writePreferences()"))
    #else
      #expect(!text.contains("unsaved changes"))
    #endif
  }

  @Test func aDebugBuildNamesUnsavedChangesOfAReleasedInstanceUnlessTurnedOff() throws {
    let (text, failed) = try TestHelperProcess.standardError(of: "release-unsaved")
    #expect(!failed)
    #if DEBUG
      #expect(
        text.contains(
          "ExplicitlySavingPreferences was released with unsaved changes to fontSize; "
            + "call writePreferences()"))
      #expect(text.components(separatedBy: "unsaved changes").count == 2)
    #else
      #expect(!text.contains("unsaved changes"))
    #endif
  }
}

#endif
