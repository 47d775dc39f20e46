extension PreferenceHandle {
  /// Reads the value, lets `body` change it, and assigns the result, as one step that no other
  /// `withLock` of this instance comes between: the way to change a value from what it was,
  /// from several threads or tasks at once.
  ///
  /// ```swift
  /// prefs.$launchCount.withLock { $0 += 1 }
  /// let previous = prefs.$recentFiles.withLock { files in files.insert(url, at: 0) }
  /// ```
  ///
  /// `prefs.launchCount += 1` is a read followed by an assignment: two threads doing it at
  /// once can lose an increment. `withLock` holds the instance's lock across the read, `body`
  /// and the assignment, so every `withLock` sees the result of the one before. A plain
  /// assignment to the same preference does not take part: use `withLock` for every
  /// read-modify-write of a value that several threads change. Keep `body` short, and do not
  /// read or assign this instance's preferences inside it (the lock is not recursive).
  ///
  /// The result is an assignment like any other: the key becomes dirty, an automatic
  /// ``Preferences/savePolicy`` schedules a save, and observers hear of it once, after the lock
  /// is released, with the value before `body` and after. For a key an administrator manages,
  /// `body` runs on the managed value and the assignment is refused, as any assignment to it
  /// is: the value stays, nothing is written, and no change is announced.
  ///
  /// - Parameter body: Changes the value in place; it may return a result, or throw, in which
  ///   case nothing is assigned.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let owner = self.owner
    let cell = self.cell
    let property = type(of: owner).isObservable ? owner.lock.withLock { cell.property } : nil
    property?.willSet(owner)
    defer { property?.didSet(owner) }
    // The replaced value leaves the lock before it is released (`PreferenceCell.exchangeValue`).
    let (result, newValue, (replaced, isHeard)) = try owner.lock.withLock {
      () throws(Failure) -> (Result, Value, (Value?, Bool)) in
      var value = cell.value
      let result = try body(&value)
      return (result, value, cell.assign(value, hotPath: owner.hotPath))
    }
    if isHeard, let replaced {
      owner.announceAssignment(to: cell, replacing: replaced, with: newValue)
    }
    if type(of: owner).savePolicy != .explicit { owner.scheduleSave() }
    return result
  }
}
