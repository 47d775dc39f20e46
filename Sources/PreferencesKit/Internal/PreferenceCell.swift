/// The state of one `@Preference`: its value, its default, and whether it needs writing.
///
/// `@unchecked Sendable`: every `var` is read and written only while holding the lock of the
/// ``Preferences`` instance that owns the cell, except `key`, which is set once while that
/// instance initializes, before it can be shared.
@usableFromInline
final class PreferenceCell<Value: Sendable>: @unchecked Sendable {
  /// The current value.
  @usableFromInline @exclusivity(unchecked) var value: Value
  /// The value the property holds when the store has none.
  var defaultValue: Value
  /// Whether the value was assigned since it was last loaded or written.
  @usableFromInline var isDirty = false
  /// Whether the value was chosen (assigned, or loaded from the store) rather than defaulted.
  /// A dirty cell that is not explicit removes its key on write.
  @usableFromInline var isExplicit = false
  /// Counts assignments, so a write can tell whether the value changed while it was saving.
  @usableFromInline var generation: UInt64 = 0
  /// The key given in the declaration, if any.
  let declaredKey: String?
  /// The key in the store.
  var key: String
  /// How values are converted to and from their stored form.
  let codec: PreferenceCodec<Value>

  init(defaultValue: Value, declaredKey: String?, codec: PreferenceCodec<Value>) {
    self.value = defaultValue
    self.defaultValue = defaultValue
    self.declaredKey = declaredKey
    self.key = declaredKey ?? ""
    self.codec = codec
  }

  /// Assigns a value chosen by the app. Call with the owner's lock held.
  @inlinable
  func assign(_ newValue: Value) {
    value = newValue
    isDirty = true
    isExplicit = true
    generation &+= 1
  }
}

/// A cell seen without its value type, so ``Preferences`` can load, write and reset every
/// property the same way. Unless stated otherwise, call these with the owner's lock held.
protocol AnyPreferenceCell: AnyObject, Sendable {
  /// The key in the store.
  var key: String { get }
  /// The key given in the declaration, if any.
  var declaredKey: String? { get }
  /// Whether the value needs writing.
  var isDirty: Bool { get }
  /// Sets the key found by reflection. Call only while the owner initializes.
  func setKey(_ key: String)
  /// Makes the current value the default, as `setDefaults()` asks.
  func adoptValueAsDefault()
  /// Restores the default and marks the cell dirty, so a write removes its key.
  func resetToDefault()
  /// Converts a stored value, or its absence, into a closure that installs it. May be called
  /// without the lock; the closure must be called with it.
  func prepareLoad(_ stored: PropertyListValue?) -> (install: () -> Void, error: PreferenceError?)
  /// Captures what a write must save.
  func pendingWrite() -> PendingWrite
  /// Marks the cell clean if no assignment happened since `generation`.
  func markWritten(generation: UInt64)
}

/// What one dirty cell contributes to a write, captured under the lock and encoded outside it.
struct PendingWrite {
  /// The cell being written.
  let cell: any AnyPreferenceCell
  /// The cell's generation when captured.
  let generation: UInt64
  /// Produces the stored form, or `nil` to remove the key.
  let encode: () throws(PreferenceError) -> PropertyListValue?
}

extension PreferenceCell: AnyPreferenceCell {
  func setKey(_ key: String) { self.key = key }

  func adoptValueAsDefault() {
    defaultValue = value
    isDirty = false
    isExplicit = false
  }

  func resetToDefault() {
    value = defaultValue
    isDirty = true
    isExplicit = false
    generation &+= 1
  }

  func prepareLoad(_ stored: PropertyListValue?) -> (install: () -> Void, error: PreferenceError?) {
    guard let stored else {
      return ({ self.install(self.defaultValue, isExplicit: false) }, nil)
    }
    do {
      let decoded = try codec.decode(stored)
      return ({ self.install(decoded, isExplicit: true) }, nil)
    } catch {
      var error = error
      error.key = key
      return ({ self.install(self.defaultValue, isExplicit: false) }, error)
    }
  }

  private func install(_ newValue: Value, isExplicit: Bool) {
    value = newValue
    isDirty = false
    self.isExplicit = isExplicit
    generation &+= 1
  }

  func pendingWrite() -> PendingWrite {
    let captured = value
    let codec = codec
    let key = key
    let encode: () throws(PreferenceError) -> PropertyListValue?
    if isExplicit {
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
    return PendingWrite(cell: self, generation: generation, encode: encode)
  }

  func markWritten(generation: UInt64) {
    if self.generation == generation { isDirty = false }
  }
}
