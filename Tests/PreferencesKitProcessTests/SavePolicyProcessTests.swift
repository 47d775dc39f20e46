import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

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

  /// A pending save holds off macOS's sudden termination, and only while it is pending: the
  /// count the library keeps (and, on macOS, passes to `ProcessInfo`) balances.
  @Test func aPendingSaveHoldsOffSuddenTerminationUntilItRuns() throws {
    try withDirectory { directory in
      let url = directory.file("preferences.plist")
      let outcome = try TestHelperProcess.run(["sudden-termination", url.path])
      #expect(outcome.status == 0)
      #expect(outcome.output == "scheduled 1\nrescheduled 1\nflushed 0\nsaved 0\n")
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
