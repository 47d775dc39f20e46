// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Preparing a cell's transitions outside the lock: encoding values, and comparing stored forms
// to work out what observers hear (loads and resets: Core/PreferenceCell+Loading.swift).
// What is prepared is installed under the lock by the transitions in PreferenceCell.swift (see
// CellFlags).
extension PreferenceCell {
  /// The stored form of the current value, when known without encoding it. Call inside the
  /// cell's lock bit, holding the owner's lock (`held` proves it); `flags` are the cell's.
  func knownForm(_ flags: CellFlags, _ held: borrowing InstanceLock.Held) -> PropertyListValue?? {
    if !flags.hasUserValue { return .some(defaultForm) }  // Only a default is not the user's.
    return flags.isDirty ? nil : .some(lastStoredForm(held))
  }

  func differsFromStoredValue(_ held: borrowing InstanceLock.Held) -> Bool {
    var known: PropertyListValue?? = nil
    let current = withCellLock { flags in
      known = knownForm(flags, held)
      return value(held)
    }
    return form(of: current, known: known) != (lastStoredForm(held) ?? defaultForm)
  }

  /// The stored form of the current value. Call without the lock.
  func form(of value: Value, known: PropertyListValue??) -> PropertyListValue? {
    known ?? (try? codec.encode(value))
  }

  func pendingWrite(_ held: borrowing InstanceLock.Held) -> PendingWrite {
    var flags = CellFlags(bits: 0)
    var storedForm: PropertyListValue?
    let captured = withCellLock {
      flags = $0
      storedForm = lastStoredForm(held)
      return value(held)
    }
    let codec = codec
    let key = key
    let encode: () throws(PreferenceError) -> PropertyListValue?
    if !flags.isDirty {
      // The user's own value, as the store holds it: the value may be a layer's above it.
      encode = { storedForm }
    } else if flags.hasUserValue {
      encode = { () throws(PreferenceError) -> PropertyListValue? in
        do throws(PreferenceError) {
          return try codec.encode(captured)
        } catch {
          var error = error
          error.key = key
          throw error
        }
      }
    } else {
      encode = { nil }
    }
    return PendingWrite(cell: self, generation: flags.generation, encode: encode)
  }
}
