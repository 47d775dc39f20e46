// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The tool's help texts: one synopsis line per command, and a page per command.
enum Usage {
  /// One line naming the command's arguments, or every command's when `name` is `nil`.
  static func synopsis(of name: CommandName?) -> String {
    guard let name else {
      return "prefs COMMAND STORE ... (commands: "
        + CommandName.allCases.map(\.rawValue).joined(separator: " ") + ")"
    }
    return switch name {
    case .keys: "prefs keys STORE"
    case .read: "prefs read STORE [KEY] [--json | --explain]"
    case .readType: "prefs read-type STORE KEY"
    case .write:
      "prefs write [--force] STORE KEY (VALUE | -string S | -int N | -float X | -bool true|false"
        + " | -date ISO8601 | -data BASE64 | -json JSON | -array[-add] [-TYPE] V ..."
        + " | -dict[-add] K [-TYPE] V ...)"
    case .rename: "prefs rename STORE OLD_KEY NEW_KEY"
    case .delete: "prefs delete STORE [KEY]"
    case .export: "prefs export STORE [--format plist|json|toml]"
    case .import: "prefs import STORE FILE|- [--replace|--merge]"
    case .validate: "prefs validate STORE [--schema FILE]"
    case .edit: "prefs edit STORE"
    }
  }

  /// The text `prefs --help` prints.
  static var overview: String {
    """
    prefs: read and change the preferences of apps built with PreferencesKit.

    \(CommandName.allCases.map { "  " + synopsis(of: $0) }.joined(separator: "\n"))
      prefs help [COMMAND]
      prefs --version

    STORE is one of:
      PATH          a preferences file: .json holds JSON, .toml TOML (a write changes only
                    the key's lines, keeping every comment), .plist (or any other name) an
                    XML property list. A STORE containing '/' or ending in .plist, .json or
                    .toml is a path.
      IDENTIFIER    an app's identifier, such as com.example.app: where that app's default
                    store keeps its settings. On Linux, the file FileStore.defaultURL(for:)
                    names ($XDG_CONFIG_HOME/IDENTIFIER/preferences.plist, or the .json or
                    .toml file there when only that one exists); on Apple
                    platforms, the app's defaults domain, as 'defaults' reads it.
      --suite NAME  a UserDefaults suite.
      -g            the global domain (NSGlobalDomain), as 'defaults -g' names it: read-only,
                    since UserDefaults cannot write it ('defaults write -g' can, on macOS).

    Writes take the store's lock and replace its file atomically, so a running app loses
    nothing, and an app watching its store sees the change.

    Exit status: 0 success, 1 key not found (or an app identifier with no settings,
    -array-add/-dict-add to a value of another kind, a rename to a key that exists, an
    edit that wrote nothing), 2 usage error, 3 a file (the store, the file to import, or the
    schema) could not be read or written, or is damaged with nothing to salvage, 4 a valid
    document whose values break the schema's constraints (validate), or a value the schema
    forbids (write).
    """
  }

  /// The text `prefs help COMMAND` prints.
  static func page(for name: CommandName) -> String {
    let body =
      switch name {
      case .keys:
        """
        Prints the store's keys, sorted (a TOML file's in document order), one per line.
        Exits with status 1 when STORE is an app identifier with no settings, as
        'defaults read' does for a missing domain.
        """
      case .read:
        """
        With a KEY, prints that key's value bare: a string as it is, a number or a Boolean
        (true/false) plainly, a date in ISO 8601 UTC with as many fractional digits as it
        has, data in base64, and an array or a dictionary as JSON over several lines. With
        --json, prints the value as JSON, as -json takes it. Without a KEY, prints the whole
        store as a JSON object, the same text as 'prefs export STORE --format json'.
        Exits with status 1 when the key is not in the store, or when STORE is an app
        identifier with no settings. A file path that does not exist reads as an empty store,
        with a warning on standard error. A damaged file shows what an app would salvage from
        it, with a warning on standard error naming the damage; when nothing can be
        salvaged, prefs exits with status 3.
        With --explain, prints every layer that holds KEY, the one that wins first: managed
        values and system defaults (XDG_CONFIG_DIRS/IDENTIFIER/managed.plist and
        preferences.plist on Linux) and the store's own value.
        """
      case .write:
        """
        Sets KEY to VALUE, a string, as 'defaults write' does; or to a value of the type its
        flag names. A word is a flag only if it is one of these, so -5 and --help are values;
        use -string for a string that spells a flag:
          -string S           a string, taken as it is
          -int N              a 64-bit integer
          -float X            a floating-point number (stored as a double)
          -bool B             true or false (yes/no and 1/0 are accepted too)
          -date ISO8601       a date such as 2024-05-01T09:30:00Z or 2024-05-01T11:30:00+02:00
          -data BASE64        bytes, in base64
          -json JSON          any value written as JSON: a number with a '.' or an exponent
                              is a double, {"$date": "..."} a date, {"$data": "..."} data
          -array V ...        an array; each V is a string unless a type flag comes first:
                              -array a -int 2 is ["a", 2]
          -array-add V ...    appends to the key's array (created when missing)
          -dict K V ...       a dictionary; each V as in -array
          -dict-add K V ...   sets entries in the key's dictionary (created when missing)
        Other keys are left as they are. A .plist store keeps dates to the second; prefs warns
        when a fraction is dropped. When an administrator manages KEY, prefs writes it and
        warns that apps ignore it while it is managed.
        When the app publishes a schema beside the store (STORE's name with .schema.json in
        place of its extension), a value it forbids is refused with exit status 4, naming
        the constraint (maximum 72, enum [...], type ...), and the store is left as it was;
        --force, before STORE, writes it anyway.
        """
      case .readType:
        """
        Prints the type of KEY's value as 'defaults read-type' does: Type is string, integer,
        float, boolean, date, data, array or dictionary. Exits with status 1 when the key is
        not in the store.
        """
      case .rename:
        """
        Moves OLD_KEY's value, and the record of its last synced change, to NEW_KEY in one
        write. Exits with status 1 when OLD_KEY is not in the store or NEW_KEY is, leaving
        the store as it was.
        """
      case .delete:
        """
        Removes KEY from the store; exits with status 1 when the key is not in the store.
        Without a KEY, removes every setting, as 'defaults delete DOMAIN' does, and prints the
        keys it removed, one per line. The library's own keys (PreferencesKit.*: the version,
        this device's identifier, sync records) stay.
        """
      case .export:
        """
        Writes the whole store to standard output, as an XML property list, JSON or TOML; the
        default is the store file's own format (plist for a suite). 'prefs import' reads it
        back exactly. XML property lists keep dates to the second only (as Apple's tools do):
        use --format json to keep fractions of a second; prefs warns when it drops them. TOML
        holds data as base64 text and refuses integers above 2^63 - 1.
        """
      case .import:
        """
        Reads a property list, JSON or TOML document (as 'prefs export' writes it) from FILE, or
        from standard input when FILE is '-', and writes it to the store in one atomic write.
        --replace (the default, as with 'defaults import') makes the store hold exactly the
        document's keys: keys not in the document are removed. --merge sets the document's
        keys and leaves every other key as it is.
        """
      case .validate:
        """
        Checks every value in the store against the JSON Schema the app publishes beside it
        (STORE's name with .schema.json in place of its extension: preferences.schema.json
        next to preferences.toml), or against --schema FILE. Prints each violation on its own
        line, FILE:LINE: KEY: CONSTRAINT: found VALUE (the line where the format has lines,
        TOML and JSON), and exits with status 4 when there is any; prints that the store is
        valid and exits with 0 otherwise. A schema cannot render the checks an app makes in
        code, nor a range of dates, which its $comment names: a valid store may still hold a
        value the app rejects. Exits with status 3 when there is no schema, or the store or
        the schema cannot be read.
        """
      case .edit:
        """
        Opens the store as TOML in $VISUAL, else $EDITOR, else vi (a shell command, so
        EDITOR="code -w" works), as 'crontab -e' and 'visudo' do: a .toml store's own text,
        any other store its settings written as TOML. When the app publishes a schema beside
        the store (store.schema.json), each declared key's help and constraints come first, as
        comments. The file is a copy, readable by you alone, in a private temporary folder.
        On save, the text is read as TOML and the keys you changed are checked against the
        schema; a key it does not declare is a problem, as with write. On a problem, prefs
        lists each one (with its line and column) and asks: edit again, discard, or, for a
        value the schema forbids, write anyway. Then, in one atomic write under the store's
        lock, a .toml store gets your text, comments and all (with the app's changes meanwhile
        to keys you did not touch); any other store only the keys you added, changed or
        removed, without comments. A key the app changed while you edited is never overwritten
        unasked: prefs names it, with both values, and asks whether to overwrite it, keep the
        store's value and write the rest, or discard the edit. Quitting without a change
        writes nothing and says so. prefs asks on standard input, and only when it is a
        terminal: otherwise a problem or a conflict writes nothing.
        Exits with status 0 when the changes were written or there were none, 1 when nothing
        (or, when the app changed a key again while prefs wrote, not every change) was
        written: the edit was discarded, could not be asked about, or the editor failed;
        3 when the store cannot be read or written.
        """
      }
    return "usage: \(synopsis(of: name))\n\n\(body)"
  }
}
