// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Reads a binary property list (`bplist00`), the format macOS writes for most preferences.
///
/// Written for hostile input: every offset, count and reference is checked against the file
/// before use (a reference is up to 8 bytes, more than an `Int` holds), objects are read
/// without recursion, nesting is bounded at 512 levels by ``PropertyListTreeBuilder`` (a
/// reference cycle would nest without end), and a memory budget stops files whose shared
/// references would expand into an enormous tree: each value read costs ``costPerValue``
/// bytes, plus the bytes of a string or data, against the larger of 64 MiB and 16 times the
/// file's size. Apple's writer stores a repeated value once, so legitimate files expand too
/// (60,000 references to one date in 120 kB), which the budget allows. A string or data
/// object referenced again is shared, not copied again. Dates keep their full precision.
/// ``BinaryPropertyListWriter`` writes the format back.
struct BinaryPropertyListParser {
  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let offsetTableStart: Int
  /// The bytes of memory the values may take, and what is left of them.
  private let limit: Int
  private var budget: Int
  /// The strings and data already read, by object reference: a repeated reference shares
  /// their storage.
  private var shared: [Int: PropertyListValue] = [:]

  /// What each value read costs against the budget, besides a string's or data's bytes.
  static let costPerValue = 32

  /// The budget for a file of `size` bytes: the larger of 64 MiB and 16 times its size.
  static func budget(forFileOfSize size: Int) -> Int { max(64 << 20, 16 * size) }

  private init(
    bytes: [UInt8], offsetSize: Int, referenceSize: Int, objectCount: Int,
    offsetTableStart: Int, budget: Int?
  ) {
    self.bytes = bytes
    self.offsetSize = offsetSize
    self.referenceSize = referenceSize
    self.objectCount = objectCount
    self.offsetTableStart = offsetTableStart
    self.limit = budget ?? Self.budget(forFileOfSize: bytes.count)
    self.budget = limit
  }

  /// Parses `bytes`, which start with `bplist`, into the top-level value.
  ///
  /// - Parameter budget: The bytes of memory the values may take; by default
  ///   ``budget(forFileOfSize:)``.
  static func parse(_ bytes: [UInt8], budget: Int? = nil) throws -> PropertyListValue {
    var (parser, top) = try start(bytes, budget: budget)
    var builder = PropertyListTreeBuilder()
    try parser.read(top, into: &builder)
    return builder.root ?? .dictionary([:])
  }

  /// A parser for `bytes` once their trailer checks out, and the top object's reference.
  private static func start(_ bytes: [UInt8], budget: Int? = nil) throws -> (Self, Int) {
    let trailerStart = bytes.count - 32
    guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else {
      throw fail("the file is too short for a binary property list")
    }
    let offsetSize = Int(bytes[trailerStart + 6])
    let referenceSize = Int(bytes[trailerStart + 7])
    let objectCount = readUnsigned(bytes, at: trailerStart + 8, size: 8)
    let topObject = readUnsigned(bytes, at: trailerStart + 16, size: 8)
    let tableStart = readUnsigned(bytes, at: trailerStart + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      objectCount > 0, objectCount <= UInt64(bytes.count), topObject < objectCount,
      tableStart >= 8, tableStart <= UInt64(trailerStart),
      objectCount * UInt64(offsetSize) <= UInt64(trailerStart) - tableStart
    else { throw fail("the trailer describes an impossible layout") }
    let parser = BinaryPropertyListParser(
      bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize,
      objectCount: Int(objectCount), offsetTableStart: Int(tableStart), budget: budget)
    return (parser, Int(topObject))
  }

  /// Every entry of the top-level dictionary whose key and value read, and the keys of those
  /// whose value does not; nothing when the trailer or the dictionary itself is damaged.
  static func salvage(_ bytes: [UInt8]) -> SalvagedValues {
    var salvage = SalvagedValues()
    guard let (parser, top) = try? start(bytes) else { return salvage }
    var reader = parser
    guard let offset = try? reader.objectOffset(top), reader.bytes[offset] >> 4 == 0xD,
      let (count, start) = try? reader.references(
        info: reader.bytes[offset] & 0x0F, at: offset, dictionary: true)
    else { return salvage }
    for index in 0..<count {
      guard let keyReference = try? reader.reference(index, from: start),
        let key = try? reader.key(keyReference)
      else { continue }
      do {
        var builder = PropertyListTreeBuilder.entry(key)
        try reader.read(try reader.reference(count + index, from: start), into: &builder)
        salvage.keep(key, builder.entryValue)
      } catch {
        salvage.lostKeys.append(key)
      }
    }
    return salvage
  }

  private static func readUnsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
    var result: UInt64 = 0
    for index in offset..<(offset + size) { result = result << 8 | UInt64(bytes[index]) }
    return result
  }

  private static func fail(_ message: String, at offset: Int? = nil) -> PropertyListFormatError {
    let place = offset.map { " at byte \($0)" } ?? ""
    return PropertyListFormatError(
      .corruptFile, reason: "not a valid binary property list\(place): \(message)",
      byteOffset: offset)
  }

  private func unsigned(at offset: Int, size: Int) throws -> UInt64 {
    guard offset >= 0, offset + size <= offsetTableStart else {
      throw Self.fail("a value runs past the object table", at: offset)
    }
    return Self.readUnsigned(bytes, at: offset, size: size)
  }

  private func objectOffset(_ reference: Int) throws -> Int {
    guard reference >= 0, reference < objectCount else {
      throw Self.fail("a reference to object \(reference) of \(objectCount)")
    }
    let entry = offsetTableStart + reference * offsetSize
    let offset = Self.readUnsigned(bytes, at: entry, size: offsetSize)
    guard offset >= 8, offset < UInt64(offsetTableStart) else {
      throw Self.fail("object \(reference) lies outside the object table", at: entry)
    }
    return Int(offset)
  }

  /// The length in the marker's low nibble, or the integer that follows when it is 0xF.
  private func length(_ info: UInt8, after offset: Int) throws -> (count: Int, start: Int) {
    guard info == 0x0F else { return (Int(info), offset + 1) }
    let marker = try unsigned(at: offset + 1, size: 1)
    guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else {
      throw Self.fail("a malformed length", at: offset)
    }
    let size = 1 << Int(marker & 0x0F)
    let count = try unsigned(at: offset + 2, size: size)
    guard count <= UInt64(bytes.count) else { throw Self.fail("an impossible length", at: offset) }
    return (Int(count), offset + 2 + size)
  }

  private func bytes(at start: Int, count: Int) throws -> ArraySlice<UInt8> {
    guard count >= 0, start >= 0, count <= offsetTableStart - start else {
      throw Self.fail("a value runs past the object table", at: start)
    }
    return bytes[start..<(start + count)]
  }

  /// An open array or dictionary, while its entries are read.
  private struct OpenContainer {
    var isDictionary: Bool
    var count: Int
    /// Where its references start.
    var start: Int
    /// The index of the next entry to read.
    var next = 0
  }

  /// Reads object `reference`, and everything it refers to, into `builder`, without
  /// recursion: a file nested to the limit reads on a small stack, and the builder bounds the
  /// nesting (which a reference cycle would make endless).
  private mutating func read(_ reference: Int, into builder: inout PropertyListTreeBuilder)
    throws
  {
    var open: [OpenContainer] = []
    var pending: Int? = reference
    while true {
      if let reference = pending {
        pending = nil
        let offset = try object(reference)
        let marker = bytes[offset]
        do {
          if marker >> 4 == 0xA || marker >> 4 == 0xD {
            let isDictionary = marker >> 4 == 0xD
            let (count, start) = try references(
              info: marker & 0x0F, at: offset, dictionary: isDictionary)
            try isDictionary ? builder.beginDictionary() : builder.beginArray()
            open.append(OpenContainer(isDictionary: isDictionary, count: count, start: start))
          } else {
            try builder.add(try sharedScalar(reference, at: offset))
          }
        } catch let failure as PropertyListTreeBuilder.Failure {
          throw Self.error(failure, at: offset)
        }
      }
      guard var container = open.popLast() else { return }
      if container.next == container.count {
        do {
          try builder.add(try builder.end())
        } catch let failure {
          throw Self.error(failure, at: container.start)
        }
        continue
      }
      if container.isDictionary {
        let key = try key(try self.reference(container.next, from: container.start))
        do {
          try builder.setKey(key)
        } catch let failure {
          throw Self.error(failure, at: container.start)
        }
        pending = try self.reference(container.count + container.next, from: container.start)
      } else {
        pending = try self.reference(container.next, from: container.start)
      }
      container.next += 1
      open.append(container)
    }
  }

  private static func error(_ failure: PropertyListTreeBuilder.Failure, at offset: Int)
    -> PropertyListFormatError
  {
    switch failure {
    case .tooDeep:
      PropertyListFormatError(
        .nestingTooDeep,
        expected: "at most \(PropertyListTreeBuilder.maximumDepth) levels of nesting",
        reason: "refused at byte \(offset) (a reference cycle also nests without end)",
        byteOffset: offset)
    case .invalid(let message):
      fail(message, at: offset)
    }
  }

  /// The offset of object `reference`, whose value is charged to the budget.
  private mutating func object(_ reference: Int) throws -> Int {
    try charge(Self.costPerValue)
    return try objectOffset(reference)
  }

  private mutating func charge(_ cost: Int) throws {
    budget -= cost
    guard budget >= 0 else {
      throw PropertyListFormatError(
        .corruptFile,
        reason: "not a valid binary property list: its shared references expand into more "
          + "than \(limit) bytes of values (counting \(Self.costPerValue) bytes a value and the "
          + "bytes of strings and data), the most a file of \(bytes.count) bytes may hold")
    }
  }

  /// The scalar object `reference` at `offset`, its string or data bytes charged to the
  /// budget, and shared with the earlier reads of the same object.
  private mutating func sharedScalar(_ reference: Int, at offset: Int) throws
    -> PropertyListValue
  {
    if let value = shared[reference] {
      try charge(Self.size(of: value))
      return value
    }
    let value = try scalar(at: offset)
    let size = Self.size(of: value)
    try charge(size)
    if size > 0 { shared[reference] = value }
    return value
  }

  /// The bytes a string or data holds; 0 for other values.
  private static func size(of value: PropertyListValue) -> Int {
    switch value {
    case .string(let text): text.utf8.count
    case .data(let data): data.count
    default: 0
    }
  }

  /// The string object `reference`, a dictionary key.
  private mutating func key(_ reference: Int) throws -> String {
    let offset = try object(reference)
    guard bytes[offset] >> 4 == 0x5 || bytes[offset] >> 4 == 0x6,
      case .string(let key) = try sharedScalar(reference, at: offset)
    else { throw Self.fail("a dictionary key that is not a string", at: offset) }
    return key
  }

  /// The value at `offset`, which is not an array or a dictionary.
  private func scalar(at offset: Int) throws -> PropertyListValue {
    let marker = bytes[offset]
    let info = marker & 0x0F
    switch marker >> 4 {
    case 0x0:
      guard info == 0x08 || info == 0x09 else {
        throw Self.fail("an unsupported value (marker \(marker))", at: offset)
      }
      return .bool(info == 0x09)
    case 0x1:
      guard info <= 4 else { throw Self.fail("a malformed integer", at: offset) }
      let size = 1 << Int(info)
      if size == 16 {
        let high = try unsigned(at: offset + 1, size: 8)
        let low = try unsigned(at: offset + 9, size: 8)
        // Apple's writer uses 16 bytes only for 2^63...2^64-1, which 8 signed bytes cannot hold.
        guard high == 0 else {
          throw Self.fail("an integer outside -2^63...2^64-1", at: offset)
        }
        return .integer(exactly: low)
      }
      let raw = try unsigned(at: offset + 1, size: size)
      return .integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw))
    case 0x2:
      guard info == 2 || info == 3 else { throw Self.fail("a malformed real", at: offset) }
      let raw = try unsigned(at: offset + 1, size: 1 << Int(info))
      return .double(info == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
    case 0x3:
      guard info == 3 else { throw Self.fail("a malformed date", at: offset) }
      let raw = try unsigned(at: offset + 1, size: 8)
      return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw)))
    case 0x4:
      let (count, start) = try length(info, after: offset)
      return .data(Data(try bytes(at: start, count: count)))
    case 0x5:
      let (count, start) = try length(info, after: offset)
      guard let text = ByteText.string(try bytes(at: start, count: count)) else {
        throw Self.fail("a malformed ASCII string", at: offset)
      }
      return .string(text)
    case 0x6:
      let (count, start) = try length(info, after: offset)
      let raw = try bytes(at: start, count: try Self.product(count, 2, at: offset))
      var units: [UInt16] = []
      units.reserveCapacity(count)
      var index = raw.startIndex
      while index < raw.endIndex {
        units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
        index += 2
      }
      let text = String(decoding: units, as: UTF16.self)
      guard text.utf16.elementsEqual(units) else {
        throw Self.fail("a malformed UTF-16 string", at: offset)
      }
      return .string(text)
    default:
      throw Self.fail("an unsupported value (marker \(marker))", at: offset)
    }
  }

  /// The number of entries of the container at `offset` and where its references start,
  /// once they are known to lie inside the object table.
  private func references(info: UInt8, at offset: Int, dictionary: Bool) throws
    -> (count: Int, start: Int)
  {
    let (count, start) = try length(info, after: offset)
    let referenceCount = try Self.product(count, dictionary ? 2 : 1, at: offset)
    guard referenceCount <= bytes.count else { throw Self.fail("an impossible length", at: offset) }
    _ = try bytes(at: start, count: try Self.product(referenceCount, referenceSize, at: offset))
    return (count, start)
  }

  /// `count * size`, a length read from the file, or an error where it overflows `Int` (32 bits
  /// on watchOS, where a count near the file's size times 8 can).
  private static func product(_ count: Int, _ size: Int, at offset: Int) throws -> Int {
    let (product, overflow) = count.multipliedReportingOverflow(by: size)
    guard !overflow else { throw fail("an impossible length", at: offset) }
    return product
  }

  /// The `index`th reference of a container whose references start at `start`, checked
  /// against the object count before it becomes an `Int` (a reference is up to 8 bytes, so it
  /// can exceed `Int.max`).
  private func reference(_ index: Int, from start: Int) throws -> Int {
    let raw = try unsigned(at: start + index * referenceSize, size: referenceSize)
    guard raw < UInt64(objectCount) else {
      throw Self.fail("a reference to object \(raw) of \(objectCount)", at: start)
    }
    return Int(raw)
  }
}
