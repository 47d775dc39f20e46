import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

/// Automatic saving at the ends of real processes: an exit flushes, a SIGKILL inside the
/// debounce interval loses only what it had not saved, and a debug build names unsaved changes.
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
