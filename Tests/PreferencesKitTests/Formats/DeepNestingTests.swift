// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit
@testable import PropertyListFormats

/// Values at the nesting limit, read and written on the stack Apple platforms give a secondary
/// thread (512 KiB), in whatever build the tests run in.
struct DeepNestingTests {
  /// A value `depth` levels of arrays and dictionaries deep, alternating, a leaf at the bottom.
  static func nested(_ depth: Int) -> PropertyListValue {
    var value = PropertyListValue.string("bottom")
    for level in 0..<depth {
      value = level % 2 == 0 ? .array([.integer(Int64(level)), value]) : .dictionary(["k": value])
    }
    return value
  }

  /// A type that nests one dictionary per level.
  final class Node: Codable, Equatable {
    var child: Node?
    init(child: Node?) { self.child = child }
    static func == (left: Node, right: Node) -> Bool {
      var pair: (Node?, Node?) = (left, right)
      while let first = pair.0, let second = pair.1 { pair = (first.child, second.child) }
      return pair.0 == nil && pair.1 == nil
    }
  }

  /// 512 KiB, or four times that under the thread or address sanitizer, whose instrumentation
  /// makes every frame larger: the stack a release or debug build of an app would have is what
  /// is tested, and sanitizer runs check races and memory errors, not stack depth.
  static let smallStack: Int = {
    #if canImport(Darwin)
      let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    let sanitized =
      dlsym(everyImage, "__tsan_init") != nil || dlsym(everyImage, "__asan_init") != nil
    return (sanitized ? 4 : 1) * 512 * 1024
  }()

  /// Runs `body` on a thread with a 512 KiB stack and waits up to a minute for it to finish.
  func onSmallStack(_ body: @escaping @Sendable () throws -> Void) throws {
    let finished = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    let thread = Thread {
      do { try body() } catch { outcome.error = error }
      finished.signal()
    }
    thread.stackSize = Self.smallStack
    thread.start()
    try #require(finished.wait(timeout: .now() + 60) == .success, "the thread did not finish")
    if let error = outcome.error { throw error }
  }

  /// What the thread threw. `@unchecked Sendable`: written before the semaphore is signalled,
  /// read only after the wait returns, so the two never overlap.
  final class Outcome: @unchecked Sendable {
    var error: (any Error)?
  }

  @Test func tomlAtItsNestingLimitWorksOnASmallStack() throws {
    let depth = TOMLParser.maximumDepth - 1
    var tables = PropertyListValue.integer(1)
    for _ in 1..<depth { tables = .dictionary(["k": tables]) }
    let documents = [["top": Self.nested(depth - 1)], ["top": tables]]
    try onSmallStack {
      for document in documents {
        let bytes = try TOMLWriter.encode(document)
        let read = try TOMLDocument(parsing: bytes)
        #expect(read.values == document)
        #expect(try read.updated(to: read.values) == bytes)
        let changed = try read.updated(to: ["top": .integer(1)])
        #expect(try TOMLDocument.decode(changed) == ["top": .integer(1)])
        #expect(TOMLDocument.salvage(bytes + Array("\nbad".utf8)).values.values.count == 1)
      }
      let header = "[" + Array(repeating: "k", count: depth - 1).joined(separator: ".") + "]\nx = 1"
      #expect(throws: Never.self) { try TOMLDocument.decode(Array(header.utf8)) }
      let inline =
        "a = " + String(repeating: "{b = ", count: depth - 1) + "1"
        + String(repeating: "}", count: depth - 1)
      #expect(throws: Never.self) { try TOMLDocument.decode(Array(inline.utf8)) }
      let tooDeep = ["top": Self.nested(depth + 1)]
      #expect(throws: PropertyListFormatError.self) { try TOMLWriter.encode(tooDeep) }
    }
  }

  @Test func xmlJSONAndBinaryAtTheNestingLimitWorkOnASmallStack() throws {
    let document = ["top": Self.nested(PropertyListTreeBuilder.maximumDepth - 1)]
    // Foundation's writer recurses, so the binary file is made on this thread's large stack.
    let binary = try PropertyListSerialization.data(
      fromPropertyList: PropertyListValue.dictionary(document).foundationObject,
      format: .binary, options: 0)
    try onSmallStack {
      for format in [PropertyListFormat.propertyList, .json] {
        let bytes = try format.encode(document, file: URL(fileURLWithPath: "/deep"))
        let read = try format.decode(bytes)
        #expect(read == document)
        #expect(read.hashValue == document.hashValue)
      }
      #expect(try PropertyListFormat.propertyList.decode(Array(binary)) == document)
      let tooDeep = ["top": Self.nested(PropertyListTreeBuilder.maximumDepth)]
      #expect(throws: PropertyListFormatError.self) { try XMLPropertyListWriter.encode(tooDeep) }
      #expect(throws: PropertyListFormatError.self) { try JSONPropertyListWriter.encode(tooDeep) }
    }
  }

  /// How deep a `Codable` value the coders handle: their limit, which must work on a 512 KiB
  /// stack in a debug build. Each level of a synthesized `Codable` type passes through the
  /// standard library's and the type's own frames (about 600 bytes a level in a debug build)
  /// as well as the coders' (about 900, down from 3,400).
  static let codableDepthOnSmallStack = PreferenceError.maximumCodableDepth

  @Test func theCodableCodersWorkDeepOnASmallStack() throws {
    try onSmallStack {
      var node = Node(child: nil)
      for _ in 1..<Self.codableDepthOnSmallStack { node = Node(child: node) }
      let value = try #require(try PropertyListValueEncoder().encode(node))
      let back = try PropertyListValueDecoder().decode(Node.self, from: value)
      #expect(back == node)
      // Free the chain from the bottom, so that its own deinit does not recurse here.
      var next = Optional(node)
      while let current = next { next = current.child; current.child = nil }
      next = back
      while let current = next { next = current.child; current.child = nil }
    }
  }

  @Test func aCodableValueDeeperThanTheLimitIsRefusedNotACrash() throws {
    try onSmallStack {
      // Deep enough to overflow a 512 KiB stack if the coders recursed through every level.
      let value = Self.nestedDictionaries(500)
      let error = #expect(throws: PreferenceError.self) {
        try PropertyListValueDecoder().decode(Node.self, from: value)
      }
      #expect(error?.kind == .nestingTooDeep)
      #expect(error?.path?.hasPrefix(".child.child") == true)
      var node = Node(child: nil)
      for _ in 1...PreferenceError.maximumCodableDepth { node = Node(child: node) }
      let tooDeep = #expect(throws: PreferenceError.self) {
        try PropertyListValueEncoder().encode(node)
      }
      #expect(tooDeep?.kind == .nestingTooDeep)
      var next = Optional(node)
      while let current = next { next = current.child; current.child = nil }
    }
  }

  @Test func aPreferenceLoadingAValueTooDeepKeepsItsDefaultAndSaysWhy() throws {
    let store = InMemoryStore(["root": Self.nestedDictionaries(400)])
    let prefs = DeepPreferences(store: store)
    #expect(prefs.root == nil)
    #expect(prefs.problemErrors(.load).map(\.kind) == [.nestingTooDeep])
    #expect(prefs.problemErrors(.load).first?.key == "root")
  }

  /// `{"child": {"child": ...}}`, `depth` dictionaries deep: what a `Node` chain encodes to.
  static func nestedDictionaries(_ depth: Int) -> PropertyListValue {
    var value = PropertyListValue.dictionary([:])
    for _ in 1..<depth { value = .dictionary(["child": value]) }
    return value
  }
}

/// A preference of a recursive `Codable` type.
final class DeepPreferences: Preferences, @unchecked Sendable {
  /// One dictionary per level, as `DeepNestingTests.Node`, but immutable and so `Sendable`.
  final class Link: Codable, Sendable {
    let child: Link?
  }

  @Preference var root: Link? = nil
}
