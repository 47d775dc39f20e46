/// A cell that can take its first stored value directly, while its instance initializes.
///
/// A separate protocol rather than a requirement of ``AnyPreferenceCell`` so that this file
/// adds the operation without touching the cell's own.
protocol FirstLoadingCell: AnyPreferenceCell {
  /// Loads the value `stored` in a cell that holds its default and is neither dirty nor
  /// explicit, as every cell is between `setDefaults()` and the first load. Call with the
  /// owner's lock held.
  ///
  /// - Returns: Why `stored` could not be used; the cell keeps its default then.
  func loadFirst(_ stored: PropertyListValue) -> PreferenceError?
}

extension PreferenceCell: FirstLoadingCell {
  func loadFirst(_ stored: PropertyListValue) -> PreferenceError? {
    do throws(PreferenceError) {
      installLoaded(try codec.decode(stored), storedForm: stored)
      return nil
    } catch {
      var error = error
      error.key = key
      return error
    }
  }

  /// Installs a value loaded from the store: the value and every flag, in one place, as
  /// ``prepareLoad(_:lock:keepingDirtyValue:comparing:)``'s update does.
  private func installLoaded(_ newValue: Value, storedForm: PropertyListValue) {
    value = newValue
    self.storedForm = storedForm
    isDirty = false
    isExplicit = true
    generation &+= 1
  }
}
