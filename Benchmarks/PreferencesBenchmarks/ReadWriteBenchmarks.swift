import Foundation
import PreferencesKit

/// Reading and assigning one value: a plain stored property, `UserDefaults`, `@Preference`.
///
/// Every loop touches 64 distinct instances (or keys) in turn, so that no load can be hoisted
/// out of it, and adds what it read to ``benchmarkSink``.
enum ReadWriteBenchmarks {
  /// Runs the rows and appends them to `report`.
  ///
  /// - Parameters:
  ///   - suites: UserDefaults suites of several sizes; each is measured.
  ///   - report: Receives the rows.
  static func run(suites: [SampleSuite], into report: inout Report) {
    let plain = (0..<64).map { _ in PlainSettings() }
    let preferences = (0..<64).map { _ in ReadPreferences(store: InMemoryStore()) }

    // Int reads.
    let plainRead = measure("plain final class: read Int") { n in
      for i in 0..<n { benchmarkSink &+= plain[i & 63].count }
    }
    let defaultsReads = suites.map { suite in
      let keys = integerKeys(in: suite)
      return measure("UserDefaults.integer(forKey:), \(suite.count) keys") { n in
        for i in 0..<n { benchmarkSink &+= suite.defaults.integer(forKey: keys[i & 63]) }
      }
    }
    let preferenceRead = measure("@Preference: read Int") { n in
      for i in 0..<n { benchmarkSink &+= preferences[i & 63].count }
    }

    // String reads.
    let plainString = measure("plain final class: read String") { n in
      for i in 0..<n { benchmarkSink &+= plain[i & 63].name.utf8.count }
    }
    let defaultsStrings = suites.map { suite in
      let keys = integerKeys(in: suite).map { SampleData.key(index(of: $0) + 2) }
      return measure("UserDefaults.string(forKey:), \(suite.count) keys") { n in
        for i in 0..<n {
          benchmarkSink &+= suite.defaults.string(forKey: keys[i & 63])?.utf8.count ?? 0
        }
      }
    }
    let preferenceString = measure("@Preference: read String") { n in
      for i in 0..<n { benchmarkSink &+= preferences[i & 63].name.utf8.count }
    }

    // Int assignments.
    let plainWrite = measure("plain final class: assign Int") { n in
      for i in 0..<n { plain[i & 63].count = i }
    }
    let defaultsWrites = suites.map { suite in
      let keys = integerKeys(in: suite)
      let result = measure("UserDefaults.set(_:forKey:) Int, \(suite.count) keys") { n in
        for i in 0..<n { suite.defaults.set(i, forKey: keys[i & 63]) }
      }
      suite.defaults.synchronize()
      return result
    }
    let preferenceWrite = measure("@Preference: assign Int (marks dirty)") { n in
      for i in 0..<n { preferences[i & 63].count = i }
    }
    for index in 0..<64 { benchmarkSink &+= plain[index].count &+ preferences[index].count }

    let fastestRead = fastest(defaultsReads)
    let fastestString = fastest(defaultsStrings)
    let fastestWrite = fastest(defaultsWrites)
    report.rows += [Row(plainRead)] + defaultsReads.map { Row($0) }
    report.rows.append(Row(preferenceRead, baseline: fastestRead, target: 100))
    report.rows += [Row(plainString)] + defaultsStrings.map { Row($0) }
    report.rows.append(Row(preferenceString, baseline: fastestString, target: 50))
    report.rows += [Row(plainWrite)] + defaultsWrites.map { Row($0) }
    report.rows.append(Row(preferenceWrite, baseline: fastestWrite, target: 100))
    report.notes.append(
      "@Preference against the floor (plain final class): read Int "
        + ratio(preferenceRead, plainRead) + ", read String " + ratio(preferenceString, plainString)
        + ", assign Int " + ratio(preferenceWrite, plainWrite) + " the plain cost.")
    report.notes.append(
      "Each @Preference target is checked against the fastest UserDefaults suite size.")
  }

  /// 64 keys of `suite` that hold integers (fewer, repeated, in a small suite).
  static func integerKeys(in suite: SampleSuite) -> [String] {
    let integers = Swift.max(1, suite.count / 4)
    return (0..<64).map { SampleData.key(4 * ($0 % integers)) }
  }

  /// The index in a `keyNNNNN` key.
  static func index(of key: String) -> Int {
    Int(key.dropFirst(3)) ?? 0
  }

  /// The measurement with the lowest median.
  static func fastest(_ measurements: [Measurement]) -> Measurement {
    measurements.min { $0.median < $1.median }!
  }

  /// `"3.2x"`: how many times `slow` takes as long as `fast`.
  static func ratio(_ slow: Measurement, _ fast: Measurement) -> String {
    String(format: "%.1fx", slow.median / Swift.max(fast.median, 0.001))
  }
}
