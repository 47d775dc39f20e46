// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

/// The state machine of one preference (`CellFlags`, applied by `PreferenceCell`): every
/// transition from the states where it matters.
struct PreferenceCellTests {
  /// Flags with the given bits set, at generation 5.
  func flags(dirty: Bool = false, user: Bool = false, managed: Bool = false) -> CellFlags {
    var bits = 5 * CellFlags.generationStep
    if dirty { bits |= CellFlags.dirty }
    if user { bits |= CellFlags.userValue }
    if managed { bits |= CellFlags.managed }
    return CellFlags(bits: bits)
  }

  /// A cell of an `Int` defaulting to 1, as an instance's initializer leaves it.
  func makeCell() -> PreferenceCell<Int> {
    let cell = PreferenceCell(
      defaultValue: 1,
      declaration: PreferenceDeclaration(key: "count", previousKeys: [], isSynced: false),
      codec: .propertyList)
    cell.setKey("count")
    InstanceLock(InstanceState()).withLock { _, held in _ = cell.adoptValueAsDefault(held) }
    return cell
  }

  /// What `cell` holds as its last stored form, read under a lock of its own (a cell made
  /// here has no instance).
  func lastStoredForm(_ cell: PreferenceCell<Int>) -> PropertyListValue? {
    InstanceLock(InstanceState()).withLock { _, held in cell.lastStoredForm(held) }
  }

  /// Loads `cell` through its layers, as a reload does: the managed layer's value when
  /// `managed` is given, then the user's store's.
  func loadLayers(
    _ cell: PreferenceCell<Int>, managed: Int? = nil, user: Int? = nil,
    keepingDirtyValue: Bool = false
  ) -> CellUpdate {
    let managedValue = managed.map {
      LayerValue(
        source: .managed, content: .value(.integer(Int64($0))), sourceDescription: "managed")
    }
    let candidates = LoadCandidates(
      stored: user.map { ["count": .integer(Int64($0))] } ?? [:],
      layers: LayerSnapshot(
        overrides: [:], system: SystemLayers(managed: managedValue.map { ["count": $0] } ?? [:])))
    let lock = InstanceLock(InstanceState())
    let update = cell.prepareLoad(
      candidates, lock: lock,
      options: LoadOptions(keepingDirtyValue: keepingDirtyValue, comparing: true))
    lock.withLock { _, held in update.install(held) }
    return update
  }

  // MARK: The flags' transitions

  @Test func anAssignmentMarksDirtyWithAUserValueAndANewGeneration() {
    var state = flags()
    let isAssigned = state.assign()
    #expect(isAssigned)
    #expect(state.isDirty && state.hasUserValue && !state.hasRefusedAssignment)
    #expect(state.generation == 6)
  }

  @Test func aRefusedAssignmentIsNotedWithoutMarkingDirty() {
    var state = flags(managed: true)
    let isAssigned = state.assign()
    #expect(!isAssigned)
    #expect(state.hasRefusedAssignment)
    #expect(!state.isDirty && !state.hasUserValue)
    #expect(state.generation == 5)
    state.forgetRefusal()
    #expect(!state.hasRefusedAssignment && state.isManaged)
  }

  @Test func aLoadCleansSetsWhatItFoundAndForgetsARefusal() {
    var state = flags(dirty: true, user: true)
    state.load(hasUserValue: false, isManaged: true)
    #expect(!state.isDirty && !state.hasUserValue && state.isManaged)
    #expect(state.generation == 6)
    _ = state.assign()
    #expect(state.hasRefusedAssignment)
    state.load(hasUserValue: true, isManaged: false)
    #expect(!state.isManaged && !state.hasRefusedAssignment && state.hasUserValue)
    #expect(!state.isDirty && state.generation == 7)
  }

  @Test func aResetMarksDirtyWithoutAUserValueUnlessManaged() {
    var state = flags(user: true)
    let isReset = state.reset()
    #expect(isReset)
    #expect(state.isDirty && !state.hasUserValue && state.generation == 6)
    var managed = flags(user: true, managed: true)
    let isManagedReset = managed.reset()
    #expect(!isManagedReset)
    #expect(managed.bits == flags(user: true, managed: true).bits)
  }

  @Test func markingWrittenAndNormalizingTakeOnlyAtTheCapturedGeneration() {
    var state = flags(dirty: true, user: true)
    #expect(!state.normalizes(since: 4))
    let isWrittenTooEarly = state.markWritten(generation: 4)
    #expect(!isWrittenTooEarly)
    #expect(state.isDirty)
    #expect(state.normalizes(since: 5))
    let isWritten = state.markWritten(generation: 5)
    #expect(isWritten)
    #expect(!state.isDirty && state.hasUserValue && state.generation == 5)
  }

  @Test func adoptingTheValueAsDefaultLeavesItCleanAndDefaulted() {
    var state = flags(dirty: true, user: true)
    state.adoptAsDefault()
    #expect(!state.isDirty && !state.hasUserValue && state.generation == 5)
  }

  // MARK: A cell's transitions, with its value and stored form

  @Test func aRefusedAssignmentLeavesTheCellCleanAndItsValue() {
    let cell = makeCell()
    _ = loadLayers(cell, managed: 7, user: 3)
    let hotPath = AtomicWords(count: 1)
    defer { hotPath.deallocate() }
    #expect(!cell.assignUnheard(9, hotPath: hotPath))
    // The hot path refuses as every assignment does (`CellFlags.assign()`), then leaves the
    // rest to the one path, which refuses again: the flag is set once either way.
    #expect(cell.hasRefusedAssignment)
    #expect(cell.store(9, hotPath: hotPath, exchange: { _ in }) == nil)
    #expect(cell.lockFreeValue == 7)
    #expect(cell.isManaged && cell.hasRefusedAssignment && !cell.isDirty)
    cell.forgetRefusedAssignment()
    #expect(!cell.hasRefusedAssignment)
  }

  @Test func aLayeredLoadMakesADirtyCellManagedEvenWhenKeepingDirtyValues() {
    let cell = makeCell()
    let hotPath = AtomicWords(count: 1)
    defer { hotPath.deallocate() }
    #expect(cell.assignUnheard(4, hotPath: hotPath))
    #expect(cell.isDirty)
    let update = loadLayers(cell, managed: 7, user: 3, keepingDirtyValue: true)
    #expect(cell.lockFreeValue == 7)
    #expect(cell.isManaged && !cell.isDirty && cell.hasUserValue)
    #expect(lastStoredForm(cell) == .integer(3))
    #expect(update.announcement?.oldValue == .integer(4))
    #expect(update.announcement?.newValue == .integer(7))
  }

  @Test func aLayeredLoadWithoutAManagedValueKeepsADirtyValueWhenAsked() {
    let cell = makeCell()
    let hotPath = AtomicWords(count: 1)
    defer { hotPath.deallocate() }
    #expect(cell.assignUnheard(4, hotPath: hotPath))
    let update = loadLayers(cell, user: 3, keepingDirtyValue: true)
    #expect(cell.lockFreeValue == 4 && cell.isDirty && update.announcement == nil)
    _ = loadLayers(cell, user: 3)
    #expect(cell.lockFreeValue == 3 && !cell.isDirty && lastStoredForm(cell) == .integer(3))
  }

  @Test func aLoadThatNoLongerManagesTheCellForgetsItsRefusal() {
    let cell = makeCell()
    _ = loadLayers(cell, managed: 7)
    let hotPath = AtomicWords(count: 1)
    defer { hotPath.deallocate() }
    #expect(cell.store(9, hotPath: hotPath, exchange: { _ in }) == nil)
    #expect(cell.hasRefusedAssignment && !cell.hasUserValue && lastStoredForm(cell) == nil)
    _ = loadLayers(cell)
    #expect(cell.lockFreeValue == 1 && !cell.isManaged && !cell.hasRefusedAssignment)
  }

  @Test func aResetOfAManagedCellChangesNothing() {
    let cell = makeCell()
    _ = loadLayers(cell, managed: 7, user: 3)
    let generation = cell.generation
    let lock = InstanceLock(InstanceState())
    let update = cell.prepareReset(
      LoadCandidates(layers: LayerSnapshot(overrides: [:], system: SystemLayers())), lock: lock)
    lock.withLock { _, held in update.install(held) }
    #expect(update.announcement == nil)
    #expect(cell.lockFreeValue == 7 && !cell.isDirty && cell.hasUserValue)
    #expect(cell.generation == generation)
  }

  @Test func aResetThenAWriteLeavesTheCellCleanDefaultedAndWithoutAStoredForm() throws {
    let cell = makeCell()
    let lock = InstanceLock(InstanceState())
    let load = cell.prepareLoad(
      LoadCandidates(stored: ["count": .integer(3)]), lock: lock,
      options: LoadOptions(comparing: true))
    lock.withLock { _, held in load.install(held) }
    #expect(cell.lockFreeValue == 3 && cell.hasUserValue && lastStoredForm(cell) == .integer(3))
    let reset = cell.prepareReset(LoadCandidates(), lock: lock)
    lock.withLock { _, held in reset.install(held) }
    #expect(reset.announcement?.oldValue == .integer(3))
    #expect(cell.lockFreeValue == 1 && cell.isDirty && !cell.hasUserValue)
    #expect(lastStoredForm(cell) == .integer(3))  // What the store holds until the write.
    let write = lock.withLock { _, held in cell.pendingWrite(held) }
    #expect(try write.encode() == nil)  // The write removes the key.
    lock.withLock { _, held in cell.markWritten(generation: write.generation - 1, form: nil, held) }
    #expect(cell.isDirty)  // Not the generation the write captured.
    lock.withLock { _, held in cell.markWritten(generation: write.generation, form: nil, held) }
    #expect(!cell.isDirty && lastStoredForm(cell) == nil)
  }

  @Test func aNormalizedValueIsInstalledOnlyIfNothingChangedSinceTheWriteCapturedIt() {
    let cell = makeCell()
    let hotPath = AtomicWords(count: 1)
    defer { hotPath.deallocate() }
    #expect(cell.assignUnheard(4, hotPath: hotPath))
    let generation = cell.generation
    let install = cell.prepareNormalizedValue(.integer(40))
    let lock = InstanceLock(InstanceState())
    lock.withLock { _, held in install(generation - 1, held) }
    #expect(cell.lockFreeValue == 4)
    lock.withLock { _, held in install(generation, held) }
    #expect(cell.lockFreeValue == 40 && cell.isDirty)
  }

  // MARK: Through an instance

  @Test func aWriteAfterRefusedAssignmentsReportsTheKeyOnceAndWritesNothingOfIt() throws {
    let fixture = try LayerFixture()
    defer { fixture.directory.remove() }
    try fixture.writeSystem(["fontSize": .double(17)], named: "managed.json")
    let prefs = fixture.make()
    prefs.fontSize = 20
    prefs.fontSize = 21
    let cell = try #require(prefs.cells.first { $0.key == "fontSize" })
    #expect(!cell.isDirty && cell.hasRefusedAssignment)
    #expect(!prefs.hasUnsavedChanges)
    prefs.launchCount = 1
    try prefs.writePreferences()
    #expect(prefs.problemErrors(.layers).filter { $0.kind == .managedKey }.map(\.key) == ["fontSize"])
    #expect(!cell.hasRefusedAssignment)
    prefs.launchCount = 2
    try prefs.writePreferences()
    #expect(prefs.problemErrors(.layers).filter { $0.kind == .managedKey }.count == 1)
    #expect(try fixture.userValues() == ["launchCount": .integer(2)])
  }
}
