// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesTestSupport
import Testing

@testable import PreferencesKit

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

  /// `prefs edit` with a scripted editor: a shell script as `$EDITOR` that keeps a copy of what
  /// it was shown and then changes the file, as a person would in an editor.
  @Suite struct PrefsEditTests {
    static let schema = """
      {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
       "properties": {
         "fontSize": {"type": "number", "minimum": 8, "maximum": 72, "default": 12,
                      "description": "Font size in points"},
         "theme": {"type": "string", "enum": ["light", "dark"], "default": "light"},
         "PreferencesKit.version": {"type": "integer", "description": "The library's own"}}}
      """

    /// `prefs` whose `$EDITOR` is a script running `body` on the file (`$1`), after saving
    /// what it was shown, and the file's mode and its folder's, in `shown.toml` and
    /// `shown.modes`.
    func prefs(editing body: String, in directory: TemporaryDirectory) throws -> BuiltProgram {
      let script = directory.file("editor.sh")
      try """
      #!/bin/sh
      cp "$1" '\(directory.file("shown.toml").path)'
      ls -ld "$1" "$(dirname "$1")" > '\(directory.file("shown.modes").path)'
      echo "$1" > '\(directory.file("shown.path").path)'
      \(body)
      """.write(to: script, atomically: true, encoding: .utf8)
      var prefs = BuiltProgram.prefs(in: directory)
      prefs.extraEnvironment = ["VISUAL": "", "EDITOR": "sh '\(script.path)'"]
      return prefs
    }

    /// A JSON store holding a number, a string, data and one of the library's own keys.
    func makeStore(in directory: TemporaryDirectory) throws -> FileStore {
      let store = FileStore(url: directory.file("s.json"))
      try store.apply([
        "fontSize": .set(.double(12)), "name": .set(.string("Ada")),
        "blob": .set(.data(Data([0, 1, 2]))), "PreferencesKit.version": .set(.integer(2)),
      ])
      return store
    }

    /// `prefs` whose editor, as the person changes fontSize to 16 and name to "Bo", has the
    /// "app" write fontSize 14 (`was 12, is now 14, you wrote 16`).
    func prefsMeetingAConflict(in directory: TemporaryDirectory) throws -> BuiltProgram {
      try prefs(
        editing: """
          '\(try Self.prefsPath())' write s.json fontSize -float 14
          sed -i.bak -e 's/^fontSize = .*/fontSize = 16.0/' -e 's/^name = .*/name = "Bo"/' "$1"
          """, in: directory)
    }

    /// The built `prefs`, which an editor script runs as the app would write.
    static func prefsPath() throws -> String {
      try TestHelperProcess.executableURL().deletingLastPathComponent()
        .appendingPathComponent("prefs").path
    }

    func shown(_ directory: TemporaryDirectory) throws -> String {
      try String(contentsOf: directory.file("shown.toml"), encoding: .utf8)
    }

    @Test func aChangedValueIsWrittenAndNothingElse() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        let before = try store.allValues()
        let prefs = try prefs(
          editing: #"sed -i.bak 's/^fontSize = .*/fontSize = 16.0/' "$1""#, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(edit.error.contains("wrote 1 change to \(store.url.path): fontSize"))
        let text = try shown(directory)
        #expect(text.contains("\nfontSize = 12.0\nname = \"Ada\"\n"))
        #expect(text.contains("blob = \"AAEC\""))
        #expect(!text.contains("PreferencesKit."))
        var expected = before
        expected["fontSize"] = .double(16)
        // The data untouched stays data, and the library's key stays.
        #expect(try store.allValues() == expected)
      }
    }

    @Test func theFileIsPrivateAndRemovedAfterwards() throws {
      try withDirectory { directory in
        _ = try makeStore(in: directory)
        let edit = try prefs(editing: "", in: directory).run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        let modes = try String(contentsOf: directory.file("shown.modes"), encoding: .utf8)
          .split(separator: "\n").map { String($0.prefix(10)) }.sorted()
        #expect(modes == ["-rw-------", "drwx------"])
        let path = try String(contentsOf: directory.file("shown.path"), encoding: .utf8)
        let file = URL(fileURLWithPath: path.trimmingCharacters(in: .newlines))
        #expect(file.lastPathComponent == "s.json.toml")
        #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
      }
    }

    @Test func addedAndRemovedKeysAreWritten() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        let prefs = try prefs(
          editing: #"sed -i.bak '/^name = /d' "$1"; echo 'theme = "dark"' >> "$1""#, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(edit.error.contains("wrote 2 changes to \(store.url.path): name, theme"))
        let values = try store.allValues()
        #expect(values["name"] == nil)
        #expect(values["theme"] == .string("dark"))
        #expect(values["blob"] == .data(Data([0, 1, 2])))
      }
    }

    @Test(arguments: [
      ("", "no changes"),
      (
        #"echo '# a comment' >> "$1""#,
        "no values changed (comments are kept only in a .toml store)"
      ),
    ])
    func quittingWithoutAChangeWritesNothingAndSaysSo(body: String, message: String) throws {
      try withDirectory { directory in
        _ = try makeStore(in: directory)
        let before = try Data(contentsOf: directory.file("s.json"))
        let edit = try prefs(editing: body, in: directory).run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(edit.error.contains(message))
        #expect(edit.error.contains("was left as it was"))
        #expect(try Data(contentsOf: directory.file("s.json")) == before)
      }
    }

    @Test func textThatIsNotTOMLIsNamedByLineAndColumnAndNothingIsWritten() throws {
      try withDirectory { directory in
        _ = try makeStore(in: directory)
        let before = try Data(contentsOf: directory.file("s.json"))
        let prefs = try prefs(
          editing: #"sed -i.bak 's/^name = .*/name = = 1/' "$1""#, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("s.json.toml is not valid TOML:"))
        let line = try shown(directory).split(separator: "\n", omittingEmptySubsequences: false)
          .firstIndex { $0.hasPrefix("name = ") }.map { $0 + 1 }
        #expect(edit.error.contains("at line \(line ?? 0), column 8"))
        #expect(edit.error.contains("standard input is no terminal to ask on"))
        #expect(try Data(contentsOf: directory.file("s.json")) == before)
      }
    }

    @Test func aPublishedSchemaShowsHelpAndRefusesAForbiddenValue() throws {
      try withDirectory { directory in
        _ = try makeStore(in: directory)
        try Self.schema.write(
          to: directory.file("s.schema.json"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: directory.file("s.json"))
        let prefs = try prefs(
          editing: #"sed -i.bak 's/^fontSize = .*/fontSize = 4000/' "$1""#, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 1)
        let text = try shown(directory)
        #expect(text.contains("#   fontSize (number, 8 to 72, default 12): Font size in points\n"))
        #expect(
          text.contains("#   theme (string, one of \"light\", \"dark\", default \"light\")\n"))
        #expect(!text.contains("PreferencesKit."))
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)
          .firstIndex { $0.hasPrefix("fontSize = ") }.map { $0 + 1 }
        #expect(
          edit.error.contains(
            "line \(line ?? 0), column 12: fontSize: maximum 72: found 4000"))
        #expect(try Data(contentsOf: directory.file("s.json")) == before)
      }
    }

    @Test func eachKeywordTheSchemaSetsIsCheckedAndEveryViolationListed() throws {
      try withDirectory { directory in
        _ = try makeStore(in: directory)
        try """
        {"type": "object", "properties": {
          "a": {"type": "integer"}, "b": {"exclusiveMinimum": 0}, "c": {"exclusiveMaximum": 1},
          "d": {"minimum": 8}, "e": {"enum": ["x", "y"]}, "f": {"maxLength": 2},
          "g": {"maxItems": 1}, "h": {"maxProperties": 1}, "ok": {"maximum": 9}}}
        """.write(to: directory.file("s.schema.json"), atomically: true, encoding: .utf8)
        let added = [
          "a = 1.5", "b = 0", "c = 1", "d = 7", #"e = "z""#, #"f = "abc""#, "g = [1, 2]",
          "h = { p = 1, q = 2 }", "ok = 9",
        ]
        let prefs = try prefs(
          editing: added.map { "echo '\($0)' >> \"$1\"" }.joined(separator: "\n"), in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 1)
        let lines = try shown(directory).split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, line) in added.dropLast().enumerated() {
          let key = line.prefix(1)
          #expect(
            edit.error.contains("line \(lines.count + offset), column 5: \(key): "),
            "\(line): \(edit.error)")
        }
        #expect(!edit.error.contains(": ok: "))
      }
    }

    @Test func aKeyTheAppChangedMeanwhileIsNotOverwritten() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        let prefs = try prefsMeetingAConflict(in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("fontSize: was 12, is now 14, you wrote 16"))
        #expect(edit.error.contains("nothing was written"))
        let values = try store.allValues()
        #expect(values["fontSize"] == .double(14))
        #expect(values["name"] == .string("Ada"))
      }
    }

    @Test func theEditorIsSplitAsAShellWouldAndVisualComesFirst() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        var prefs = try prefs(
          editing: #"sed -i.bak "s/^name = .*/name = \"$2\"/" "$1""#, in: directory)
        // The script sees the file as $1 only when prefs adds it after the command's words.
        let script = directory.file("editor.sh").path
        prefs.extraEnvironment["EDITOR"] = "false"
        prefs.extraEnvironment["VISUAL"] = "sh -c 'sh \"$0\" \"$2\" \"$1\"' '\(script)' Cy"
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(try store.value(forKey: "name") == .string("Cy"))
      }
    }

    @Test func withoutVisualOrEditorViOpensTheFile() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        var prefs = try prefs(
          editing: #"sed -i.bak 's/^name = .*/name = "Vi"/' "$1""#, in: directory)
        let bin = directory.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let vi = bin.appendingPathComponent("vi")
        try FileManager.default.copyItem(at: directory.file("editor.sh"), to: vi)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: vi.path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        prefs.extraEnvironment = ["VISUAL": "", "EDITOR": " ", "PATH": "\(bin.path):\(path)"]
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(try store.value(forKey: "name") == .string("Vi"))
      }
    }

    @Test func aValueTOMLCannotHoldIsNamedAndKept() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        try store.apply(["big": .set(.unsignedInteger(UInt64.max))])
        let prefs = try prefs(
          editing: #"sed -i.bak 's/^blob = .*/blob = "AQI="/' "$1""#, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(
          try shown(directory).contains(
            "# Not shown, since TOML cannot hold them (use prefs write): big\n"))
        #expect(try store.value(forKey: "big") == .unsignedInteger(UInt64.max))
        // Base64 text in place of data is data again.
        #expect(try store.value(forKey: "blob") == .data(Data([1, 2])))
      }
    }

    @Test func onlyTheKeysEditedAreCheckedAndKeysTheAppChangedAloneKeepItsValue() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        try store.apply(["fontSize": .set(.double(4000))])
        try Self.schema.write(
          to: directory.file("s.schema.json"), atomically: true, encoding: .utf8)
        let prefs = try prefs(
          editing: """
            '\(try Self.prefsPath())' write s.json blob -data AAAA
            sed -i.bak 's/^name = .*/name = "Bo"/' "$1"
            """, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 0, "\(edit.error)")
        let values = try store.allValues()
        #expect(values["name"] == .string("Bo"))
        #expect(values["fontSize"] == .double(4000))
        #expect(values["blob"] == .data(Data([0, 0, 0])))
      }
    }

    @Test(
      .enabled(
        if: PropertyListFormat.allCases.contains { $0.fileExtension == "toml" },
        "FileStore reads .toml files once the TOML store lands"))
    func aTOMLStoreShowsItsOwnTextAndKeepsItsComments() throws {
      try withDirectory { directory in
        let text = "# My settings\nname = 'Ada'  # who\n\n# size\nfontSize = 12.0\n"
        try text.write(to: directory.file("s.toml"), atomically: true, encoding: .utf8)
        let prefs = try prefs(
          editing: #"sed -i.bak 's/^fontSize = .*/fontSize = 16.0 # mine/' "$1""#, in: directory)
        let edit = try prefs.run(["edit", "./s.toml"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(try shown(directory) == text)
        #expect(
          try String(contentsOf: directory.file("s.toml"), encoding: .utf8)
            == text.replacingOccurrences(of: "12.0", with: "16.0 # mine"))
      }
    }

    /// The person's comment edits made with a value change are kept, the app's change made
    /// meanwhile to a key the person did not touch is edited in, and the schema's help shown
    /// above the file's text is not written into it.
    @Test(
      .enabled(
        if: PropertyListFormat.allCases.contains { $0.fileExtension == "toml" },
        "FileStore reads .toml files once the TOML store lands"))
    func aTOMLStoreKeepsThePersonsCommentsAndTheAppsChangeMadeMeanwhile() throws {
      try withDirectory { directory in
        let text = "# My settings\nname = 'Ada'  # who\n\n# size\nfontSize = 12.0\n"
        try text.write(to: directory.file("s.toml"), atomically: true, encoding: .utf8)
        try Self.schema.write(
          to: directory.file("s.schema.json"), atomically: true, encoding: .utf8)
        let prefsPath = try TestHelperProcess.executableURL().deletingLastPathComponent()
          .appendingPathComponent("prefs").path
        let prefs = try prefs(
          editing: """
            '\(prefsPath)' write ./s.toml name Bo
            sed -i.bak -e 's/^fontSize = .*/fontSize = 16.0 # mine/' \\
              -e 's/^# size$/# size, in points/' -e 's/^# My settings$/# Mine/' "$1"
            """, in: directory)
        let edit = try prefs.run(["edit", "./s.toml"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(edit.error.contains("wrote 1 change to "), "\(edit.error)")
        #expect(try shown(directory).contains("#   fontSize (number, 8 to 72, default 12)"))
        #expect(
          try String(contentsOf: directory.file("s.toml"), encoding: .utf8)
            == "# Mine\nname = \"Bo\"  # who\n\n# size, in points\nfontSize = 16.0 # mine\n")
      }
    }

    @Test(
      .enabled(
        if: PropertyListFormat.allCases.contains { $0.fileExtension == "toml" },
        "FileStore reads .toml files once the TOML store lands"))
    func aTOMLStoreKeepsACommentOnlyEdit() throws {
      try withDirectory { directory in
        let text = "\u{FEFF}fontSize = 12.0\n"
        try Data(text.utf8).write(to: directory.file("s.toml"))
        let edit = try prefs(editing: #"echo '# mine' >> "$1""#, in: directory)
          .run(["edit", "./s.toml"])
        #expect(edit.status == 0, "\(edit.error)")
        #expect(edit.error.contains("wrote your text to "), "\(edit.error)")
        #expect(try Data(contentsOf: directory.file("s.toml")) == Data((text + "# mine\n").utf8))
      }
    }

    @Test func aFailedEditorWritesNothing() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        let prefs = try prefs(
          editing: #"sed -i.bak 's/^name = .*/name = "Bo"/' "$1"; exit 3"#, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("exited with status 3; nothing was written"))
        #expect(try store.value(forKey: "name") == .string("Ada"))
      }
    }

    /// PrefsTool.md: a key the schema does not declare is a problem in an edit, as `write`
    /// refuses it: both catch a misspelt key, and both write it when told to.
    @Test func aKeyTheSchemaDoesNotDeclareIsAProblemAsWriteRefusesIt() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        try Self.schema.replacingOccurrences(
          of: #""type": "object","#, with: #""type": "object", "additionalProperties": false,"#
        ).write(to: directory.file("s.schema.json"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: store.url)
        let edit = try prefs(editing: #"echo 'fontsize = 14.0' >> "$1""#, in: directory)
          .run(["edit", "s.json"])
        #expect(edit.status == 1)
        #expect(edit.error.contains(": fontsize: additionalProperties false (not declared)"))
        let write = try BuiltProgram.prefs(in: directory).run([
          "write", "s.json", "fontsize", "-float", "14",
        ])
        #expect(write.status == 4)
        #expect(write.error.contains("fontsize: additionalProperties false (not declared)"))
        #expect(try Data(contentsOf: store.url) == before)
      }
    }

    /// Whether the machine has what ``aKeyTheAppChangesAgainAsPrefsWritesIsNotWritten()``
    /// needs: `/proc` to see `prefs` open the store's lock file, and `flock(1)`.
    static var canWatchLocks: Bool {
      FileManager.default.fileExists(atPath: "/proc/self/fd") && isInstalled("flock")
    }

    /// The app changes a key the person changed too after `prefs` checked for conflicts and
    /// before it takes the store's lock: an "app" (a shell holding the lock with `flock`)
    /// rewrites the store once `prefs` has opened the lock file to wait for it. That key is
    /// not written, the others are, and `prefs` exits with 1 naming it.
    @Test(.enabled(if: canWatchLocks, "needs /proc and flock(1)"))
    func aKeyTheAppChangesAgainAsPrefsWritesIsNotWritten() throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        let folder = directory.url.path
        let prefs = try prefs(
          editing: #"""
            sed -i.bak -e 's/^fontSize = .*/fontSize = 16.0/' -e 's/^name = .*/name = "Bo"/' "$1"
            p=$$
            while [ "$(cat /proc/$p/comm)" != prefs ]; do
              p=$(awk '{print $4}' /proc/$p/stat); [ "$p" -gt 1 ] || exit 9
            done
            flock '\#(folder)/s.json.lock' sh -c '
              touch "$0/held"; i=0
              until ls -l /proc/$1/fd 2>/dev/null | grep -q "s.json.lock"; do
                i=$((i+1)); [ $i -lt 3000 ] || exit 1; sleep 0.01
              done
              sed -E "s/(\"fontSize\"[^:]*:[^0-9]*)12(\.0)?/\114/" "$0/s.json" > "$0/s.new"
              mv "$0/s.new" "$0/s.json"
            ' '\#(folder)' "$p" &
            i=0
            until [ -e '\#(folder)/held' ]; do
              i=$((i+1)); [ $i -lt 3000 ] || exit 8; sleep 0.01
            done
            """#, in: directory)
        let edit = try prefs.run(["edit", "s.json"])
        #expect(edit.status == 1, "\(edit.error)")
        #expect(
          edit.error.contains(
            "not written, since the store changed them again while prefs wrote: fontSize"),
          "\(edit.error)")
        #expect(edit.error.contains("wrote 1 change to \(store.url.path): name"))
        let values = try store.allValues()
        #expect(values["fontSize"] == .integer(14), "\(values)")
        #expect(values["name"] == .string("Bo"))
      }
    }

    /// `prefs edit` run in a pseudo-terminal (`script(1)`), so that it asks, with `answers` on
    /// its standard input as a person would type them.
    func runInTerminal(
      _ prefs: BuiltProgram, _ arguments: [String], answers: String,
      in directory: TemporaryDirectory
    ) throws -> (status: Int32, text: String) {
      let executable = try Self.prefsPath()
      let input = directory.file("answers")
      try Data(answers.utf8).write(to: input)
      let output = directory.file("terminal.out")
      try Data().write(to: output)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = [
        "-qec", ([executable] + arguments).map { "'\($0)'" }.joined(separator: " "), "/dev/null",
      ]
      process.currentDirectoryURL = directory.url
      process.environment = ProcessInfo.processInfo.environment.merging(prefs.environment) { $1 }
      process.standardInput = try FileHandle(forReadingFrom: input)
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = process.standardOutput
      try process.run()
      #expect(waitForExit(of: process, deadline: 60), "script ran past 60 s")
      return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    /// The overwrite-or-keep question about a key the app changed while the person edited,
    /// answered at a terminal: (o)verwrite writes the person's value, (k)eep the app's and
    /// writes the rest.
    @Test(
      .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "no script"),
      arguments: [("o", 16.0), ("k", 14.0)])
    func theConflictQuestionIsAnsweredAtATerminal(answer: String, fontSize: Double) throws {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        let prefs = try prefsMeetingAConflict(in: directory)
        let (status, text) = try runInTerminal(
          prefs, ["edit", "s.json"], answers: answer + "\n", in: directory)
        #expect(status == 0, "\(text)")
        #expect(text.contains("fontSize: was 12, is now 14, you wrote 16"), "\(text)")
        #expect(text.contains("(o)verwrite them with yours, (k)eep the store's"), "\(text)")
        let values = try store.allValues()
        #expect(values["fontSize"] == .double(fontSize))
        #expect(values["name"] == .string("Bo"))
      }
    }

    /// A forbidden value answered at a terminal: (w)rite anyway writes it, (d)iscard nothing.
    @Test(
      .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "no script"),
      arguments: [("w", 1), ("d", 0)])
    func aForbiddenValueIsWrittenAnywayOrDiscardedAtATerminal(answer: String, written: Int)
      throws
    {
      try withDirectory { directory in
        let store = try makeStore(in: directory)
        try Self.schema.write(
          to: directory.file("s.schema.json"), atomically: true, encoding: .utf8)
        let prefs = try prefs(
          editing: #"sed -i.bak 's/^fontSize = .*/fontSize = 4000.0/' "$1""#, in: directory)
        let (status, text) = try runInTerminal(
          prefs, ["edit", "s.json"], answers: answer + "\n", in: directory)
        #expect(status == (written == 1 ? 0 : 1), "\(text)")
        #expect(text.contains("(w)rite anyway"), "\(text)")
        #expect(try store.value(forKey: "fontSize") == .double(written == 1 ? 4000 : 12))
      }
    }

    /// Whether `name` is an executable in a folder of `PATH`.
    static func isInstalled(_ name: String) -> Bool {
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
      }
    }

    /// A person at a terminal (a tmux pane) with vi: `Scripts/prefs-edit-tmux.sh` types a
    /// forbidden value, edits again when asked, and keeps the app's change to a key it changed
    /// too, polling the pane with a deadline at every step.
    @Test(
      .enabled(if: isInstalled("tmux") && isInstalled("vi"), "needs tmux and vi, not installed"))
    func aPersonAtATerminalEditsAgainAndKeepsTheAppsChange() throws {
      try withDirectory { directory in
        let root = try #require(packageRoot(containing: URL(fileURLWithPath: #filePath)))
        let prefs = try TestHelperProcess.executableURL().deletingLastPathComponent()
          .appendingPathComponent("prefs")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
          root.appendingPathComponent("Scripts/prefs-edit-tmux.sh").path, prefs.path,
          directory.url.path,
        ]
        let output = directory.file("tmux.out")
        try Data().write(to: output)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        #expect(waitForExit(of: process, deadline: 180), "the tmux session ran past 180 s")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("ok: prefs edit in a terminal"))
      }
    }
  }

#endif
