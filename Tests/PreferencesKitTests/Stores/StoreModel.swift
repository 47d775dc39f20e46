// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// A person as the first version of an app stores it.
struct ModelPerson: Codable, Equatable {
  var name: String
}

/// The same person after the app added a field that is not optional: a value stored by the
/// first version no longer loads.
struct ModelPersonWithAge: Codable, Equatable {
  var name: String
  var age: Int
}

/// The class the model drives: one key of each kind the model needs.
final class ModelPreferences: Preferences, @unchecked Sendable {
  @Preference var name = ""
  @Preference var size = 12.0
  @Preference var count: UInt64 = 0
  @Preference var person: ModelPerson? = nil
  @Preference(synced: true) var theme = "light"

  /// What a reader sees, as the model writes it down: every key with its value or default.
  var shown: [String: PropertyListValue] {
    [
      "name": .string(name), "size": .double(size), "count": .integer(exactly: count),
      "person": person.map { .dictionary(["name": .string($0.name)]) } ?? .string("none"),
      "theme": .string(theme),
    ]
  }
}

/// A later version of the class, whose `person` has a new field it cannot do without.
final class ChangedTypePreferences: Preferences, @unchecked Sendable {
  @Preference var person: ModelPersonWithAge? = nil
}

/// The model's own table of what each format cannot hold, kept in one place and independent of
/// the writers' checks. A `.plist` file cannot hold a string with U+0000 (XML 1.0 has no such
/// character); a JSON file escapes it. Every format but TOML holds an unsigned integer above
/// `Int64.max` (`PropertyListValue.unsignedInteger`), so the model checks that the largest one
/// is kept exactly; TOML's integers are 64-bit signed, so there it is left out.
enum ModelLeftOutValues {
  static let nulString = "a\u{0}b"
  static let hugeCount = UInt64.max

  static func leavesOut(name: String, format: PropertyListFormat) -> Bool {
    format == .propertyList && name.unicodeScalars.contains("\u{0}")
  }

  static func leavesOut(count: UInt64, format: PropertyListFormat) -> Bool {
    format == .toml && count > UInt64(Int64.max)
  }
}

/// One operation of a sequence.
enum ModelOperation: CustomStringConvertible {
  case assignName(String), assignSize(Double), assignCount(UInt64), assignPerson(String)
  case assignTheme(String)
  case write(fault: (Syscalls.Call, SystemError)?)
  case reload, reset
  case otherInstanceWrites(Double)
  case otherProcessWrites(String)
  case damage(Damage)
  case changedTypeWrites(String)
  case syncExchange(String)

  enum Damage: CaseIterable { case truncate, garbage, wrongRoot }

  var description: String {
    switch self {
    case .assignName(let name): "assign name \(name.debugDescription)"
    case .assignSize(let size): "assign size \(size)"
    case .assignCount(let count): "assign count \(count)"
    case .assignPerson(let name): "assign person \(name)"
    case .assignTheme(let theme): "assign theme \(theme)"
    case .write(let fault): "write" + (fault.map { " failing \($0.0) with \($0.1.message)" } ?? "")
    case .reload: "reload"
    case .reset: "reset to defaults"
    case .otherInstanceWrites(let size): "another instance writes size \(size)"
    case .otherProcessWrites(let value): "another process writes other.key \(value)"
    case .damage(let damage): "damage the file (\(damage))"
    case .changedTypeWrites(let name): "a class with a changed type writes person \(name)"
    case .syncExchange(let theme): "another device syncs theme \(theme), and this one exchanges"
    }
  }
}

/// Which operations a run draws from, so that the paths still open can be tried on their own.
struct ModelMix: Sendable {
  /// Assign values the format cannot hold (issue 23, path 2).
  var leftOutValues = true
  /// Damage the file (salvage, path 1 with values left out).
  var damage = true
  /// A class with a changed type writes over a value it could not load (path 5).
  var changedType = true

  static let all = ModelMix()
}

/// Draws operations from a seeded generator.
struct ModelOperationSource {
  var random: SeededGenerator
  let mix: ModelMix

  static let faults: [(Syscalls.Call, SystemError)] = [
    (.write, .noSpace), (.synchronize, .inputOutput), (.open, .readOnlyFileSystem),
    (.rename, .readOnlyFileSystem), (.write, .interrupted), (.lock, .interrupted),
  ]

  mutating func next() -> ModelOperation {
    let word = "v\(Int.random(in: 0..<100, using: &random))"
    switch Int.random(in: 0..<20, using: &random) {
    case 0..<3:
      let leftOut = mix.leftOutValues && Bool.random(using: &random) && Bool.random(using: &random)
      return .assignName(leftOut ? ModelLeftOutValues.nulString + word : word)
    case 3..<5: return .assignSize(Double(Int.random(in: 0..<100, using: &random)) / 4)
    case 5..<7:
      let leftOut = mix.leftOutValues && Int.random(in: 0..<4, using: &random) == 0
      return .assignCount(leftOut ? ModelLeftOutValues.hugeCount : UInt64.random(in: 0..<99, using: &random))
    case 7: return .assignPerson(word)
    case 8..<11: return .write(fault: nil)
    case 11..<13:
      return .write(fault: Self.faults.randomElement(using: &random))
    case 13: return Bool.random(using: &random) ? .reload : .assignTheme(word)
    case 14: return .reset
    case 15: return .otherInstanceWrites(Double(Int.random(in: 100..<200, using: &random)))
    case 16: return .otherProcessWrites(word)
    case 17 where mix.damage:
      return .damage(ModelOperation.Damage.allCases.randomElement(using: &random)!)
    case 18 where mix.changedType: return .changedTypeWrites(word)
    case 19: return .syncExchange(word)
    default: return .write(fault: nil)
    }
  }
}
