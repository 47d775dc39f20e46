package import Foundation

/// Runs `body` with a fresh `UserDefaults` suite and removes the suite afterwards.
package func withTemporarySuite<Result>(
  _ body: (String, UserDefaults) throws -> Result
) rethrows -> Result {
  let name = "PreferencesKitTests.\(UUID().uuidString)"
  let defaults = UserDefaults(suiteName: name)!
  defer { defaults.removePersistentDomain(forName: name) }
  return try body(name, defaults)
}
