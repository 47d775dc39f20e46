/// When a ``Preferences`` subclass saves its changes: only when asked, or by itself after
/// each assignment.
///
/// ```swift
/// final class AppPreferences: Preferences, @unchecked Sendable {
///   override class var savePolicy: SavePolicy { .debounced(.milliseconds(300)) }
///   @Preference var fontSize = 12.0
/// }
/// ```
///
/// Automatic saves run off the assigning thread, never make an assignment wait for the store,
/// and follow the same rules as ``Preferences/writePreferences()``: exactly the dirty keys, as
/// one batch. Pending saves are flushed when the process exits normally, when SIGTERM, SIGINT
/// or SIGHUP arrive, and when an app or app extension moves to the background or terminates
/// (see ``Preferences/flushPendingSaves()`` for the details and for apps that handle signals
/// themselves).
public enum SavePolicy: Sendable, Hashable {
  /// Nothing is saved until the app calls ``Preferences/writePreferences()``. The default.
  case explicit
  /// Every assignment starts a save asynchronously, right after the assignment returns (it
  /// never waits for the store); assignments made before the save runs join it.
  case immediate
  /// A save runs the given time after the last assignment, so a burst of assignments (a
  /// slider being dragged) is saved once.
  case debounced(Duration)
}
