import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Saves as soon as it can.
final class ImmediatelySavingPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .immediate }
  @Preference var fontSize = 12.0
  @Preference var theme = "light"
}

/// Saves a second after the last assignment.
final class DebouncedPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.seconds(1)) }
  @Preference var fontSize = 12.0
}

/// Saves a minute after the last assignment, unless flushed first.
final class LazilySavingPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.seconds(60)) }
  @Preference var fontSize = 12.0
}

/// A store that counts batches and can be told to fail.
final class CountingStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: every `var` is touched only while `lock` is held.
  private let lock = NSLock()
  private let base = InMemoryStore()
  private var batches = 0
  private var failures = 0

  var batchCount: Int { lock.withLock { batches } }
  func failNext(_ count: Int) { lock.withLock { failures = count } }

  func allValues() throws -> [String: PropertyListValue] { base.allValues() }

  func apply(_ changes: [String: StoredChange]) throws {
    try lock.withLock {
      if failures > 0 {
        failures -= 1
        throw PreferenceError(.writeFailed, reason: "the disk is full")
      }
      batches += 1
    }
    base.apply(changes)
  }
}

/// Saving without a call, as each `SavePolicy` promises. Serialized, because an app moving to
/// the background flushes the pending saves of every instance in the process.
@Suite(.serialized)
struct SavePolicyTests {
  @Test func immediateSavesEachAssignmentWithoutACall() async throws {
    let store = CountingStore()
    let prefs = ImmediatelySavingPreferences(store: store)
    prefs.fontSize = 14
    #expect(await eventually { (try? store.value(forKey: "fontSize")) == .double(14) })
    #expect(await eventually { !prefs.hasUnsavedChanges })
  }

  /// As a SwiftUI view's code runs: on the main actor, waiting with a main-actor closure.
  /// `eventually` runs on its caller's actor, so the closure is never sent elsewhere (the
  /// review of the SDK text found Xcode's compiler refusing this in `SwiftUIExampleTests`
  /// before; Swift 6.3.1 on Linux accepts both shapes, so this compiles the call here too).
  @Test @MainActor func aMainActorCallerWaitsForAnImmediateSave() async throws {
    let store = InMemoryStore()
    let prefs = ImmediatelySavingPreferences(store: store)
    prefs.fontSize = 15
    #expect(await eventually { (try? store.value(forKey: "fontSize")) == .double(15) })
  }

  @Test func debouncedSavesABurstOnce() async throws {
    let store = CountingStore()
    let prefs = DebouncedPreferences(store: store)
    for size in 1...100 { prefs.fontSize = Double(size) }
    #expect(await eventually { (try? store.value(forKey: "fontSize")) == .double(100) })
    #expect(store.batchCount == 1)
  }

  @Test func aFailedSaveIsReportedKeepsTheKeysDirtyAndIsRetriedByTheNextAssignment() async throws {
    let store = CountingStore()
    store.failNext(1)
    let prefs = ImmediatelySavingPreferences(store: store)
    let failed = Received<String>()
    let token = NotificationCenter.default.addObserver(
      forName: Preferences.saveDidFailNotification, object: prefs, queue: nil
    ) { _ in failed.append("failed") }
    defer { NotificationCenter.default.removeObserver(token) }

    prefs.fontSize = 14
    #expect(await eventually { !prefs.problemErrors(.autosave, .write).isEmpty })
    #expect(prefs.problemErrors(.autosave, .write).first?.reason == "the disk is full")
    #expect(await eventually { failed.all == ["failed"] })
    #expect(prefs.hasUnsavedChanges)

    prefs.theme = "dark"
    // The save marks the keys clean, then clears the errors: wait for both.
    #expect(await eventually { !prefs.hasUnsavedChanges && prefs.problemErrors(.autosave, .write).isEmpty })
    #expect(try store.allValues() == ["fontSize": .double(14), "theme": .string("dark")])
  }
}

/// A store whose writes of `fontSize` 6 wait until the test lets them go.
final class GatedStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: `entered` and `order` are touched only while `lock` is held.
  private let lock = NSLock()
  private let base = InMemoryStore()
  private let gate = DispatchSemaphore(value: 0)
  private var entered = false
  private var order: [PropertyListValue] = []

  var isHeld: Bool { lock.withLock { entered } }
  var savedOrder: [PropertyListValue] { lock.withLock { order } }
  func release() { gate.signal() }

  func allValues() throws -> [String: PropertyListValue] { base.allValues() }

  func apply(_ changes: [String: StoredChange]) throws {
    if changes["fontSize"] == .set(.double(6)) {
      lock.withLock { entered = true }
      gate.wait()
    }
    lock.withLock {
      if case .set(let value)? = changes["fontSize"] { order.append(value) }
    }
    base.apply(changes)
  }
}

struct SaveOrderTests {
  @Test func savesToOneStoreLandInOrderAndASlowStoreHoldsUpNoOther() async throws {
    let store = GatedStore()
    let first = ImmediatelySavingPreferences(store: store)
    let second = ImmediatelySavingPreferences(store: store)
    first.fontSize = 6
    #expect(await eventually { store.isHeld })
    second.fontSize = 7
    // Another store saves while this one is held up.
    let other = InMemoryStore()
    let elsewhere = ImmediatelySavingPreferences(store: other)
    elsewhere.fontSize = 8
    #expect(await eventually { other.allValues()["fontSize"] == .double(8) })
    // Unordered, the second save would land now, before the first.
    _ = await eventually(within: 0.5) { store.savedOrder.count == 1 }
    store.release()
    #expect(await eventually { !first.hasUnsavedChanges && !second.hasUnsavedChanges })
    #expect(store.savedOrder == [.double(6), .double(7)])
    #expect(try store.allValues()["fontSize"] == .double(7))
  }
}
