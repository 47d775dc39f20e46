import Dispatch
import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// `$name.withLock`: a read-modify-write that no other one comes between.
struct WithLockTests {
  @Test func concurrentIncrementsAreNeverLost() throws {
    let prefs = AppPreferences(store: InMemoryStore())
    DispatchQueue.concurrentPerform(iterations: 50) { _ in
      for _ in 0..<200 { prefs.$launchCount.withLock { $0 += 1 } }
    }
    #expect(prefs.launchCount == 10_000)
    #expect(prefs.hasUnsavedChanges)
    // A value behind the instance's lock, too.
    DispatchQueue.concurrentPerform(iterations: 20) { index in
      prefs.$recentFiles.withLock { $0.append("\(index)") }
    }
    #expect(prefs.recentFiles.count == 21)
  }

  @Test func observersHearOnceAndAThrowAssignsNothing() async throws {
    let prefs = AppPreferences(store: InMemoryStore())
    let changes = prefs.changes()
    let previous = prefs.$launchCount.withLock { count -> Int in
      defer { count += 5 }
      return count
    }
    #expect(previous == 0)
    struct Stop: Error {}
    #expect(throws: Stop.self) { try prefs.$launchCount.withLock { _ throws(Stop) in throw Stop() } }
    #expect(prefs.launchCount == 5)
    let received = try await firstElements(1, of: changes)
    #expect(received.map(\.key) == ["launchCount"])
    #expect(received.first?.oldValue == .integer(0) && received.first?.newValue == .integer(5))
  }
}
