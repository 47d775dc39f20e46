import PreferencesKit

/// One parsed `prefs` invocation, ready to run.
enum Command {
  /// How `import` treats keys the store holds and the document does not.
  enum ImportMode {
    /// Remove them: the store ends up holding exactly the document's keys.
    case replace
    /// Keep them: only the document's keys are set.
    case merge
  }

  /// `prefs --help`, or `prefs help COMMAND` when a command is named.
  case help(CommandName?)
  /// `prefs keys STORE`.
  case keys(StoreLocation)
  /// `prefs read STORE [KEY] [--json]`.
  case read(StoreLocation, key: String?, json: Bool)
  /// `prefs read STORE KEY --explain` (Command+Explain.swift).
  case explain(StoreLocation, key: String)
  /// `prefs write STORE KEY -TYPE VALUE`.
  case write(StoreLocation, key: String, value: PropertyListValue)
  /// `prefs delete STORE KEY`.
  case delete(StoreLocation, key: String)
  /// `prefs export STORE [--format plist|json]`; `nil` is the store's own format.
  case export(StoreLocation, format: ExportFormat?)
  /// `prefs import STORE FILE|- [--replace|--merge]`; `-` is standard input.
  case `import`(StoreLocation, source: String, mode: ImportMode)
}
