import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// One instance read, assigned and written from many threads at once. Run under
/// `swift test --sanitize=thread` to prove the lock covers every access.
struct ConcurrencyTests {
  @Test func oneInstanceSurvivesReadsWritesAndSavesFromManyThreads() throws {
    let store = InMemoryStore()
    let prefs = AppPreferences(store: store)
    let iterations = 2_000
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for index in 0..<iterations {
        switch worker % 4 {
        case 0:
          prefs.launchCount += 1
        case 1:
          prefs.recentFiles.append("\(worker)-\(index)")
          _ = prefs.fontSize
        case 2:
          _ = prefs.person
          _ = prefs.isDirty
          prefs.person = Person(name: "w\(worker)", quest: "q", age: index)
        default:
          if index % 50 == 0 { try? prefs.writePreferences() }
          _ = prefs.recentFiles.count
        }
      }
    }
    try prefs.writePreferences()
    #expect(!prefs.isDirty)
    let reloaded = AppPreferences(store: store)
    #expect(reloaded.launchCount == prefs.launchCount)
    #expect(reloaded.recentFiles == prefs.recentFiles)
    #expect(reloaded.person == prefs.person)
    // `+=` is a read then an assignment, each atomic; the pair is not, so counts may be lost
    // between workers, but never exceed what was added.
    #expect((1...(2 * iterations)).contains(prefs.launchCount))
  }
}
