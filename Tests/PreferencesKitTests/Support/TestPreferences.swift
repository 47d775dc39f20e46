import Foundation
import PreferencesKit

/// The README's example types, compiled exactly as users copy them.
struct Person: Codable, Equatable, Sendable {
  var name: String
  var quest: String
  var age: Int
}

enum Theme: String, Codable, Sendable {
  case light, dark
}

/// A `RawRepresentable` enum that is not `Codable`.
enum Level: Int, Sendable {
  case low = 1, high = 2
}

final class AppPreferences: Preferences, @unchecked Sendable {
  @Preference var userName = ""
  @Preference var fontSize = 12.0
  @Preference var hasAppRun = false
  @Preference var launchCount = 0
  @Preference var volume: Float = 0.5
  @Preference var lastOpened: Date? = nil
  @Preference var homepage = URL(string: "https://swift.org")!
  @Preference var theme = Theme.light
  @Preference var recentFiles: [String] = []
  @Preference var shortcuts: [String: Int] = [:]
  @Preference var person: Person? = nil
  @Preference(key: "Has Widgets") var hasWidgets = false
  @Preference var windowFrameData = Data()

  var windowFrame: CGRect {
    get { windowFrameData.rectValue ?? .zero }
    set { windowFrameData = Data(rect: newValue) }
  }

  override func setDefaults() {
    recentFiles = ["README.md"]
  }
}

/// One property of every other supported kind.
final class AllTypesPreferences: Preferences, @unchecked Sendable {
  @Preference var int8: Int8 = -8
  @Preference var int16: Int16 = -16
  @Preference var int32: Int32 = -32
  @Preference var int64: Int64 = -64
  @Preference var uint: UInt = 1
  @Preference var uint8: UInt8 = 8
  @Preference var uint16: UInt16 = 16
  @Preference var uint32: UInt32 = 32
  @Preference var uint64: UInt64 = 64
  @Preference var cgFloat: CGFloat = 1.5
  @Preference var data = Data([1, 2, 3])
  @Preference var date = Date(timeIntervalSince1970: 0)
  @Preference var level = Level.low
  @Preference var optionalTheme: Theme? = nil
  @Preference var nested: [String: [Int]] = [:]
  @Preference var people: [Person] = []
  @Preference var optionalInt: Int? = nil
}

/// A store that records every call, to prove what a write touches.
final class RecordingStore: PreferenceStore, @unchecked Sendable {
  // @unchecked: every var is guarded by `lock`.
  private let lock = NSLock()
  private let base: InMemoryStore
  private var _applied: [[String: StoredChange]] = []
  private var _failure: PreferenceError?

  init(_ values: [String: PropertyListValue] = [:]) { base = InMemoryStore(values) }

  /// Every change set handed to `apply`, in order.
  var applied: [[String: StoredChange]] { lock.withLock { _applied } }

  /// When set, `apply` throws it and changes nothing.
  var failure: PreferenceError? {
    get { lock.withLock { _failure } }
    set { lock.withLock { _failure = newValue } }
  }

  func allValues() -> [String: PropertyListValue] { base.allValues() }

  func apply(_ changes: [String: StoredChange]) throws {
    try lock.withLock {
      if let failure = _failure { throw failure }
      _applied.append(changes)
    }
    base.apply(changes)
  }
}
