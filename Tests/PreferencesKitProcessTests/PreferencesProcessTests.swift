import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

/// Declarations that stop the program, checked in real processes.
struct PreferencesProcessTests {
  @Test func twoPropertiesWithOneKeyStopTheProgramNamingBoth() throws {
    let (message, failed) = try TestHelperProcess.standardError(of: "duplicate-keys")
    #expect(failed)
    #expect(message.contains("'fontSize' and 'size' both use the preference key \"size\""))
  }
}
