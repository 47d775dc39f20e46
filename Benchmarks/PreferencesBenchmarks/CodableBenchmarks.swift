// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit

/// Encoding and decoding a small `Codable` struct: the library against the technique of
/// TSUD-style wrappers, `PropertyListEncoder` bytes parsed by `PropertyListSerialization`.
///
/// The library's coder is measured twice: alone, through its `package` entry points
/// (`PropertyListValueEncoder`/`PropertyListValueDecoder`, the same conversion a store's value
/// goes through), which is what the target compares; and through the public API, where
/// assigning a `@Preference var person: Person?` and calling `writePreferences()` encodes into
/// an `InMemoryStore` and `readPreferences()` decodes. The rows of a one-`Int` subclass
/// measure that write and load machinery on its own.
enum CodableBenchmarks {
  /// Runs the rows and appends them to `report`.
  ///
  /// - Parameter report: Receives the rows.
  static func run(into report: inout Report) throws {
    let person = samplePerson
    let objects = try encodeWithFoundation(person)

    let foundationEncode = try measure("PropertyListEncoder + Serialization: encode Person") {
      n in
      for _ in 0..<n { blackHole(try encodeWithFoundation(person)) }
    }
    let foundationDecode = try measure("PropertyListSerialization + Decoder: decode Person") {
      n in
      for _ in 0..<n { benchmarkSink &+= try decodeWithFoundation(objects).age }
    }
    let foundationRoundTrip = try measure("PropertyListEncoder round trip: Person") { n in
      for _ in 0..<n {
        benchmarkSink &+= try decodeWithFoundation(try encodeWithFoundation(person)).age
      }
    }

    let stored = try PropertyListValueEncoder().encode(person)!
    let coderEncode = try measure("PropertyListValueEncoder: encode Person") { n in
      for _ in 0..<n { blackHole(try PropertyListValueEncoder().encode(person)) }
    }
    let coderDecode = try measure("PropertyListValueDecoder: decode Person") { n in
      for _ in 0..<n {
        benchmarkSink &+= try PropertyListValueDecoder().decode(Person.self, from: stored).age
      }
    }
    let coderRoundTrip = try measure("PropertyListValue coder round trip: Person") { n in
      for _ in 0..<n {
        let value = try PropertyListValueEncoder().encode(person)!
        benchmarkSink &+= try PropertyListValueDecoder().decode(Person.self, from: value).age
      }
    }

    let preferences = PersonPreferences(store: InMemoryStore())
    let encode = try measure("@Preference Person: assign + writePreferences()") { n in
      for _ in 0..<n {
        preferences.person = person
        try preferences.writePreferences()
      }
    }
    let decode = measure("@Preference Person: readPreferences() + read") { n in
      for _ in 0..<n {
        preferences.readPreferences()
        benchmarkSink &+= preferences.person?.age ?? 0
      }
    }
    let roundTrip = try measure("@Preference Person: write + read round trip") { n in
      for _ in 0..<n {
        preferences.person = person
        try preferences.writePreferences()
        preferences.readPreferences()
        benchmarkSink &+= preferences.person?.age ?? 0
      }
    }

    let counter = CounterPreferences(store: InMemoryStore())
    let counterWrite = try measure("@Preference Int: assign + writePreferences()") { n in
      for i in 0..<n {
        counter.counter = i
        try counter.writePreferences()
      }
    }
    let counterRead = measure("@Preference Int: readPreferences() + read") { n in
      for _ in 0..<n {
        counter.readPreferences()
        benchmarkSink &+= counter.counter
      }
    }

    report.rows += [
      Row(foundationEncode), Row(foundationDecode), Row(foundationRoundTrip),
      Row(coderEncode, baseline: foundationEncode),
      Row(coderDecode, baseline: foundationDecode),
      Row(coderRoundTrip, baseline: foundationRoundTrip, target: 10),
      Row(encode, baseline: foundationEncode),
      Row(decode, baseline: foundationDecode),
      Row(roundTrip, baseline: foundationRoundTrip),
      Row(counterWrite), Row(counterRead),
    ]
    report.notes.append(
      "The Codable target compares the library's coder alone (package entry points); the "
        + "@Preference Person rows add writePreferences()/readPreferences() into an "
        + "InMemoryStore, whose share the one-Int rows show.")
  }

  /// Encodes `person` to binary property-list bytes and parses them back into objects, as a
  /// wrapper does before handing the value to `UserDefaults`.
  static func encodeWithFoundation(_ person: Person) throws -> Any {
    let data = try PropertyListEncoder().encode(person)
    return try PropertyListSerialization.propertyList(from: data, format: nil)
  }

  /// Serializes objects to bytes and decodes them, as a wrapper does with what `UserDefaults`
  /// returns.
  static func decodeWithFoundation(_ objects: Any) throws -> Person {
    let data = try PropertyListSerialization.data(
      fromPropertyList: objects, format: .binary, options: 0)
    return try PropertyListDecoder().decode(Person.self, from: data)
  }
}
