import Foundation

/// A store backed by a `UserDefaults` object: the standard defaults, or any suite.
///
/// Values written through `UserDefaults` itself are read by the matching `@Preference`, and
/// values saved by ``Preferences/writePreferences()`` are readable through `UserDefaults`
/// (`double(forKey: "fontSize")`, `string(forKey:)`, ...).
///
/// ```swift
/// let suite = UserDefaultsStore(suiteName: "com.example.app")
/// let standard = UserDefaultsStore(defaults: .standard)
/// ```
///
/// Each write calls `synchronize()`, which Linux needs to save at all. On Linux,
/// `UserDefaults` loses updates when two processes write one suite and rewrites its file in
/// place; prefer ``FileStore`` there.
///
/// `@unchecked Sendable`: `UserDefaults` is documented as thread-safe, though Linux's
/// Foundation does not declare it `Sendable`; the store's own properties are constants.
public final class UserDefaultsStore: PreferenceStore, @unchecked Sendable {
  /// The defaults this store reads and writes.
  public let defaults: UserDefaults
  /// The persistent domain that ``allValues()`` lists, when known.
  private let domainName: String?

  /// Creates a store over an existing `UserDefaults` object.
  ///
  /// ``allValues()`` then lists everything the object can see, including the global domain.
  ///
  /// - Parameter defaults: The defaults to read and write.
  public init(defaults: UserDefaults) {
    self.defaults = defaults
    self.domainName = nil
  }

  /// Creates a store over the `UserDefaults` suite called `suiteName`.
  ///
  /// When Foundation refuses the name (it does for the app's own bundle identifier and for
  /// `NSGlobalDomain`), the store uses `UserDefaults.standard`, which reads both of those.
  ///
  /// - Parameter suiteName: The suite's name, such as `"com.example.app"`.
  public init(suiteName: String) {
    if let suite = UserDefaults(suiteName: suiteName) {
      self.defaults = suite
      self.domainName = suiteName
    } else {
      self.defaults = .standard
      self.domainName = nil
    }
  }

  /// The values of `keys` as `UserDefaults` resolves them: arguments, the app's or suite's
  /// domain, the global domain, then registered defaults.
  public func values(forKeys keys: [String]) throws -> [String: PropertyListValue] {
    var result: [String: PropertyListValue] = [:]
    for key in keys {
      guard let object = defaults.object(forKey: key) else { continue }
      do {
        result[key] = try PropertyListValue(foundationObject: object)
      } catch {
        var error = error
        error.key = key
        throw error
      }
    }
    return result
  }

  /// The suite's persistent domain, or everything the defaults object can see.
  public func allValues() throws -> [String: PropertyListValue] {
    let objects =
      domainName.flatMap { defaults.persistentDomain(forName: $0) }
      ?? defaults.dictionaryRepresentation()
    var result: [String: PropertyListValue] = [:]
    for (key, object) in objects {
      // Foundation's own entries in other domains may hold non-property-list objects.
      if let value = try? PropertyListValue(foundationObject: object) { result[key] = value }
    }
    return result
  }

  /// Sets and removes the keys, then calls `synchronize()`.
  ///
  /// - Throws: ``PreferenceError/Kind/writeFailed`` when `synchronize()` reports failure.
  public func apply(_ changes: [String: PropertyListValue?]) throws {
    for (key, value) in changes {
      if let value {
        defaults.set(value.foundationObject, forKey: key)
      } else {
        defaults.removeObject(forKey: key)
      }
    }
    guard defaults.synchronize() else {
      throw PreferenceError(
        .writeFailed, key: changes.keys.sorted().first, file: nil,
        reason: "UserDefaults could not save \(domainName.map { "suite \($0)" } ?? "its values")")
    }
  }
}
