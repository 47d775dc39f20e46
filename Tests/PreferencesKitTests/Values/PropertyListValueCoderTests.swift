// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// Tests for ``PropertyListValueEncoder`` and ``PropertyListValueDecoder``.
struct PropertyListValueCoderTests {
  // MARK: Fixtures

  /// The person from the documentation.
  struct Person: Codable, Equatable {
    var name: String
    var quest: String
    var age: Int
  }

  /// An enum stored as its string raw value.
  enum Color: String, Codable { case red, green }

  /// An enum stored as its integer raw value.
  enum Level: Int, Codable { case low = 1, high = 2 }

  /// An enum with associated values, stored in Swift's synthesized keyed form.
  enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(Double, Double)
    case empty
  }

  /// A nested struct.
  struct Address: Codable, Equatable {
    var city: String
    var zip: Int
  }

  /// An element of an array of structs.
  struct Item: Codable, Equatable {
    var name: String
    var count: Int
  }

  /// A dictionary key that is neither `String` nor `Int`.
  struct Point: Codable, Hashable {
    var x: Int
    var y: Int
  }

  /// A struct using every kind of field.
  struct Everything: Codable, Equatable {
    var date: Date
    var data: Data
    var url: URL
    var nickname: String?
    var address: Address?
    var items: [Item]
    var scores: [String: Int]
    var color: Color
    var level: Level
    var shapes: [Shape]
    var byID: [Int: String]
    var byPoint: [Point: String]
    var small: Int8
    var ratio: Float
    var big: UInt64
    var people: [String: Person]
  }

  /// An address book, for errors deep inside a value.
  struct Company: Codable, Equatable {
    var name: String
    var address: Address
    var items: [Item]
  }

  /// Holds an `Int8`.
  struct Small: Codable { var small: Int8 }

  /// Holds a `Double`.
  struct Measure: Codable { var ratio: Double }

  /// Holds a `UInt64`.
  struct Counter: Codable { var big: UInt64 }

  /// Holds a `Color`.
  struct Paint: Codable { var color: Color }

  /// A later version of a struct, with a field that has a default.
  struct SettingsV2: Codable, Equatable {
    var name: String
    var volume: Int

    /// Reads `volume` when present, or uses 7.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      volume = try container.decodeIfPresent(Int.self, forKey: .volume) ?? 7
    }
  }

  /// A type written by hand with nested containers and a super-encoder.
  struct Handmade: Codable, Equatable {
    var title: String
    var tags: [String]
    var base: Address

    /// The keys.
    enum Keys: String, CodingKey { case info, tags }
    /// The nested keys.
    enum InfoKeys: String, CodingKey { case title }

    /// Creates a value.
    init(title: String, tags: [String], base: Address) {
      self.title = title
      self.tags = tags
      self.base = base
    }

    /// Writes through nested containers and `superEncoder()`.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      var info = container.nestedContainer(keyedBy: InfoKeys.self, forKey: .info)
      try info.encode(title, forKey: .title)
      var list = container.nestedUnkeyedContainer(forKey: .tags)
      for tag in tags { try list.encode(tag) }
      try base.encode(to: container.superEncoder())
    }

    /// Reads through nested containers and `superDecoder()`.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      let info = try container.nestedContainer(keyedBy: InfoKeys.self, forKey: .info)
      title = try info.decode(String.self, forKey: .title)
      var list = try container.nestedUnkeyedContainer(forKey: .tags)
      var tags: [String] = []
      while !list.isAtEnd { tags.append(try list.decode(String.self)) }
      self.tags = tags
      base = try Address(from: container.superDecoder())
    }
  }

  /// A type whose own `init(from:)` throws an error of its own.
  struct Picky: Codable {
    /// A failure of the user's own.
    struct Refusal: Error {}

    /// Always refuses.
    init(from decoder: any Decoder) throws { throw Refusal() }
  }

  let encoder = PropertyListValueEncoder()
  let decoder = PropertyListValueDecoder()

  /// The error `body` throws, or `nil`; any error that is not a `PreferenceError` is an issue.
  func failure<T>(_ body: () throws -> T) -> PreferenceError? {
    do {
      _ = try body()
      return nil
    } catch let error as PreferenceError {
      return error
    } catch {
      Issue.record("not a PreferenceError: \(error)")
      return nil
    }
  }

  /// Encodes `value` then decodes it as its own type.
  func roundTrip<T: Codable>(_ value: T) throws -> T {
    let stored = try #require(try encoder.encode(value))
    return try decoder.decode(T.self, from: stored)
  }

  /// A fully populated ``Everything``.
  func everything(nickname: String?, address: Address?) -> Everything {
    Everything(
      date: Date(timeIntervalSinceReferenceDate: 123_456.5), data: Data([1, 2, 3]),
      url: URL(string: "https://example.com/a?b=c")!, nickname: nickname, address: address,
      items: [Item(name: "pen", count: 2), Item(name: "ink", count: 0)],
      scores: ["a": 1, "b": -2], color: .green, level: .high,
      shapes: [.circle(radius: 1.5), .rectangle(2, 3), .empty], byID: [1: "one", 20: "twenty"],
      byPoint: [Point(x: 1, y: 2): "here"], small: -8, ratio: 0.25, big: 42,
      people: ["lead": Person(name: "Arthur", quest: "Grail", age: 40)])
  }

  // MARK: Round trips

  @Test func nestedStructWithEveryKindOfFieldRoundTrips() throws {
    let full = everything(nickname: "Art", address: Address(city: "Camelot", zip: 12345))
    #expect(try roundTrip(full) == full)
    let sparse = everything(nickname: nil, address: nil)
    #expect(try roundTrip(sparse) == sparse)
  }

  @Test func absentOptionalFieldsLeaveTheirKeysOut() throws {
    let stored = try encoder.encode(everything(nickname: nil, address: nil))
    guard case .dictionary(let fields) = stored else {
      Issue.record("expected a dictionary, got \(String(describing: stored))")
      return
    }
    #expect(fields["nickname"] == nil)
    #expect(fields["address"] == nil)
    #expect(fields["items"] != nil)
  }

  @Test func specialTypesKeepTheirOwnPropertyListForms() throws {
    let value = everything(nickname: "Art", address: Address(city: "Camelot", zip: 1))
    guard case .dictionary(let fields) = try encoder.encode(value) else {
      Issue.record("expected a dictionary")
      return
    }
    #expect(fields["date"] == .date(Date(timeIntervalSinceReferenceDate: 123_456.5)))
    #expect(fields["data"] == .data(Data([1, 2, 3])))
    #expect(fields["url"] == .string("https://example.com/a?b=c"))
    #expect(fields["nickname"] == .string("Art"))
    #expect(fields["address"] == .dictionary(["city": .string("Camelot"), "zip": .integer(1)]))
    #expect(fields["scores"] == .dictionary(["a": .integer(1), "b": .integer(-2)]))
    #expect(fields["color"] == .string("green"))
    #expect(fields["level"] == .integer(2))
    #expect(fields["small"] == .integer(-8))
    #expect(fields["ratio"] == .double(0.25))
    #expect(fields["big"] == .integer(42))
    #expect(
      fields["items"]
        == .array([
          .dictionary(["name": .string("pen"), "count": .integer(2)]),
          .dictionary(["name": .string("ink"), "count": .integer(0)]),
        ]))
  }

  @Test func personIsStoredAsAPlainDictionary() throws {
    let person = Person(name: "Arthur", quest: "the Grail", age: 40)
    #expect(
      try encoder.encode(person)
        == .dictionary([
          "name": .string("Arthur"), "quest": .string("the Grail"), "age": .integer(40),
        ]))
    #expect(try roundTrip(Person?.some(person)) == person)
  }

  @Test func topLevelDateIsStoredAsDate() throws {
    let date = Date(timeIntervalSince1970: 1_000_000)
    #expect(try encoder.encode(date) == .date(date))
    #expect(try decoder.decode(Date.self, from: .date(date)) == date)
    #expect(try encoder.encode(URL(string: "file:///tmp/x")!) == .string("file:///tmp/x"))
  }

  @Test func topLevelNilEncodesAsNil() throws {
    #expect(try encoder.encode(Person?.none) == nil)
    #expect(try encoder.encode(Int?.none) == nil)
    #expect(try encoder.encode(Int?.some(3)) == .integer(3))
  }

  @Test func enumsWithAssociatedValuesRoundTrip() throws {
    let shapes: [Shape] = [.circle(radius: 2), .rectangle(1, 4), .empty]
    #expect(try roundTrip(shapes) == shapes)
    #expect(
      try encoder.encode(Shape.circle(radius: 2))
        == .dictionary(["circle": .dictionary(["radius": .double(2)])]))
  }

  @Test func dictionariesWithOtherKeysRoundTrip() throws {
    let byID = [1: "one", 2: "two"]
    #expect(try roundTrip(byID) == byID)
    let byPoint = [Point(x: 0, y: 1): 5, Point(x: 2, y: 3): 6]
    #expect(try roundTrip(byPoint) == byPoint)
    let nested: [String: [String: Person]] = [
      "team": ["lead": Person(name: "A", quest: "B", age: 1)]
    ]
    #expect(try roundTrip(nested) == nested)
  }

  @Test func nestedContainersAndSuperEncoderRoundTrip() throws {
    let value = Handmade(title: "T", tags: ["x", "y"], base: Address(city: "C", zip: 9))
    #expect(
      try encoder.encode(value)
        == .dictionary([
          "info": .dictionary(["title": .string("T")]),
          "tags": .array([.string("x"), .string("y")]),
          "super": .dictionary(["city": .string("C"), "zip": .integer(9)]),
        ]))
    #expect(try roundTrip(value) == value)
  }

  @Test func structThatGainedAFieldLoadsFromOldStoredForm() throws {
    let old: PropertyListValue = .dictionary(["name": .string("Lancelot")])
    let loaded = try decoder.decode(SettingsV2.self, from: old)
    #expect(loaded.name == "Lancelot")
    #expect(loaded.volume == 7)
    let new: PropertyListValue = .dictionary(["name": .string("L"), "volume": .integer(3)])
    #expect(try decoder.decode(SettingsV2.self, from: new).volume == 3)
  }

  // MARK: Numbers

  @Test func integerFiveReadsIntoADoubleField() throws {
    let measure = try decoder.decode(Measure.self, from: .dictionary(["ratio": .integer(5)]))
    #expect(measure.ratio == 5.0)
    #expect(try decoder.decode(Small.self, from: .dictionary(["small": .double(5)])).small == 5)
  }

  @Test func threeHundredDoesNotFitAnInt8Field() throws {
    let error = try #require(
      failure { try decoder.decode(Small.self, from: .dictionary(["small": .integer(300)])) })
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ".small")
    #expect(error.expected == "Int8")
    #expect(error.found == "integer 300")
  }

  @Test func unsignedAboveInt64MaxIsKeptExactly() throws {
    let value = try encoder.encode(Counter(big: .max))
    #expect(value == .dictionary(["big": .unsignedInteger(.max)]))
    #expect(try decoder.decode(Counter.self, from: #require(value)).big == .max)
    #expect(
      try encoder.encode(Counter(big: UInt64(Int64.max))) == .dictionary(["big": .integer(.max)]))
  }

  @Test func unsignedAboveInt64MaxIsRefusedIntoAnInt() throws {
    let stored: PropertyListValue = .dictionary(["count": .unsignedInteger(1 << 63)])
    struct Signed: Codable { var count: Int }
    let error = try #require(failure { try decoder.decode(Signed.self, from: stored) })
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ".count")
    #expect(error.found == "integer 9223372036854775808")
  }

  @Test func nilInsideAnArrayIsUnrepresentable() throws {
    let error = try #require(failure { try encoder.encode([Person?.none]) })
    #expect(error.kind == .unrepresentableValue)
    #expect(error.path == "[0]")
  }

  // MARK: Errors

  @Test func wrongTypeDeepInsideNamesPathExpectedAndFound() throws {
    let stored: PropertyListValue = .dictionary([
      "name": .string("Acme"),
      "address": .dictionary(["city": .string("X"), "zip": .string("abc")]),
      "items": .array([]),
    ])
    let error = try #require(failure { try decoder.decode(Company.self, from: stored) })
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ".address.zip")
    #expect(error.expected == "Int")
    #expect(error.found == #"string "abc""#)

    let item: PropertyListValue = .dictionary(["name": .integer(5), "count": .integer(1)])
    let good: PropertyListValue = .dictionary(["name": .string("a"), "count": .integer(1)])
    let inArray: PropertyListValue = .dictionary([
      "name": .string("Acme"),
      "address": .dictionary(["city": .string("X"), "zip": .integer(1)]),
      "items": .array([good, good, item]),
    ])
    let arrayError = try #require(failure { try decoder.decode(Company.self, from: inArray) })
    #expect(arrayError.path == ".items[2].name")
    #expect(arrayError.expected == "String")
    #expect(arrayError.found == "integer 5")
  }

  @Test func wrongShapeNamesTheSwiftType() throws {
    let stored: PropertyListValue = .dictionary([
      "name": .string("Acme"), "address": .string("nowhere"), "items": .array([]),
    ])
    let error = try #require(failure { try decoder.decode(Company.self, from: stored) })
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ".address")
    #expect(error.expected == "Address")
    #expect(error.found == #"string "nowhere""#)
  }

  @Test func missingFieldNamesTheFieldAndItsType() throws {
    let stored: PropertyListValue = .dictionary([
      "name": .string("Arthur"), "quest": .string("Grail"),
    ])
    let error = try #require(failure { try decoder.decode(Person.self, from: stored) })
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ".age")
    #expect(error.expected == "Int")
    #expect(error.found == "nothing")
    #expect(error.reason == #"missing field "age""#)
  }

  @Test func unknownEnumRawValueIsATypeMismatch() throws {
    let stored: PropertyListValue = .dictionary(["color": .string("purple")])
    let error = try #require(failure { try decoder.decode(Paint.self, from: stored) })
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ".color")
    #expect(error.expected == "Color")
    #expect(error.found == #"string "purple""#)
    #expect(error.reason?.contains("purple") == true)
  }

  @Test func userErrorsBecomePreferenceErrors() throws {
    let error = try #require(
      failure { try decoder.decode([Picky].self, from: .array([.dictionary([:])])) })
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "[0]")
    #expect(error.expected == "Picky")
    let enumError = try #require(
      failure { try decoder.decode(Shape.self, from: .dictionary([:])) })
    #expect(enumError.kind == .typeMismatch)
    #expect(enumError.path == nil)
    #expect(enumError.expected == "Shape")
  }
}
