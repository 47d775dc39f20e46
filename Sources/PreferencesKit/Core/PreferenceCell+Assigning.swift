/// An assignment, the one path every assignment takes: the wrapper's setter (observed or not)
/// and ``PreferenceHandle/withLock(_:)`` alike. ``CellFlags/assign()`` decides what it does to
/// the flags; ``assign(in:flags:willSet:didSet:_:)`` stores the value, tells the Observation
/// framework, subscribers and notification observers, and schedules a save.
extension PreferenceCell {
  /// Assigns a value chosen by the app, from start to end: `willSet`, choosing and storing
  /// it, `didSet` (the Observation framework's calls, in an observable class); then, holding
  /// no lock, subscribers and notification observers hear of it when anyone listens, the value
  /// it replaced is released, and a save is scheduled when the class saves automatically. Call
  /// holding no lock.
  ///
  /// ```swift
  /// cell.assign(in: owner, flags: flags) { store in store(newValue) }
  /// ```
  ///
  /// - Parameters:
  ///   - owner: The instance the cell belongs to.
  ///   - flags: The owner's ``HotPath`` flags, as the caller read them.
  ///   - willSet: Runs first.
  ///   - didSet: Runs once the value is stored, or `choose` threw.
  ///   - choose: Calls `store` with the value at most once (not at all when it throws), and
  ///     returns what the caller returns: ``PreferenceHandle/withLock(_:)`` reads the value,
  ///     lets its caller change it, and stores it, holding the preference's lock.
  /// - Returns: What `choose` returns.
  /// - Throws: What `choose` throws; nothing is assigned then.
  @inlinable @inline(__always)
  func assign<Result, Failure: Error>(
    in owner: Preferences, flags: UInt64, willSet: () -> Void = {}, didSet: () -> Void = {},
    _ choose: (_ store: (Value) -> Void) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // The value replaced leaves the locks in `stored`, and is released at the end, holding
    // none (``exchangeValue(with:)``). `nil` until stored, `.some(nil)` when refused.
    var stored: (replaced: Value?, isHeard: Bool)??
    var heardValue: Value?
    willSet()
    let result: Result
    do {
      result = try choose { newValue in
        stored =
          Self.isLockFree
          ? store(newValue, hotPath: owner.hotPath)
          : owner.lock.withLock { store(newValue, hotPath: owner.hotPath) }
        if _slowPath(stored??.isHeard == true) { heardValue = newValue }
      }
    } catch {
      didSet()
      throw error
    }
    didSet()
    switch stored {
    case .some(.some(let stored)):
      if let heardValue, let replaced = stored.replaced {
        owner.announceAssignment(to: self, replacing: replaced, with: heardValue)
      }
    case .some(.none): refuseAssignment()
    case .none: break
    }
    if _slowPath(flags & HotPath.savesAutomatically != 0) { owner.scheduleSave() }
    return result
  }

  /// The hot path: assigns a value of a ``isLockFree`` type under the cell's lock bit, as
  /// ``CellFlags/assign()`` says, unless anyone hears of assignments. Returns `false` when
  /// anyone does, or the assignment is refused, leaving it to
  /// ``assign(in:flags:willSet:didSet:_:)`` (a refusal noted twice is noted once). Small enough to
  /// inline: one compare-and-swap, two loads, two stores.
  @inlinable @inline(__always)
  func assignUnheard(_ newValue: Value, hotPath: AtomicWords) -> Bool {
    withCellLock { flags in
      guard _fastPath(hotPath.loadRelaxed() & HotPath.heard == 0), flags.assign() else {
        return false
      }
      value = newValue
      return true
    }
  }

  /// Stores a value chosen by the app under the cell's lock bit, as ``CellFlags/assign()``
  /// says. Call with the owner's lock held, unless ``isLockFree``.
  ///
  /// - Parameters:
  ///   - newValue: The value the app assigned.
  ///   - hotPath: The owner's ``HotPath`` flags, read while holding the cell's lock bit: a
  ///     subscriber added before the assignment took the bit hears of it (subscribing takes
  ///     every cell's bit once after setting its flag).
  /// - Returns: `nil` when refused: an administrator manages the key, and nothing changed.
  ///   Otherwise `replaced`, the value replaced, for the caller to release once it holds no
  ///   lock (``exchangeValue(with:)``), or to announce when `isHeard`, that is when anyone hears
  ///   of assignments: for a ``isLockFree`` value, only then.
  @inlinable @inline(__always)
  func store(_ newValue: Value, hotPath: AtomicWords) -> (replaced: Value?, isHeard: Bool)? {
    withCellLock { flags in
      guard flags.assign() else { return nil }
      let isHeard = _slowPath(hotPath.loadRelaxed() & HotPath.heard != 0)
      if Self.isLockFree {
        let replaced = isHeard ? value : nil
        value = newValue
        return (replaced, isHeard)
      }
      var replaced = newValue
      exchangeValue(with: &replaced)
      return (replaced, isHeard)
    }
  }
}
