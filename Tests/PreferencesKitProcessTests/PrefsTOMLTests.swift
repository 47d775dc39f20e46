// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation
import PreferencesKit
import PreferencesTestSupport
import Testing

// Runs processes: macOS and Linux only (README, "What is verified where").
#if os(macOS) || os(Linux)

  /// `prefs` on `.toml` stores: a path by its extension, keys in document order, writes that
  /// change only the key's line, damage named by line and column, and export as TOML.
  @Suite struct PrefsTOMLTests {
    static let file = """
      # tuned by hand
      zoom = 2   # keep
      alpha = "a"

      [window]
      width = 80  # columns
      height = 24
      """ + "\n"

    @Test func keysAreInDocumentOrderAndWritesChangeOnlyTheKeysLine() throws {
      try withDirectory { directory in
        let prefs = BuiltProgram.prefs(in: directory)
        let url = directory.file("s.toml")
        try Data(Self.file.utf8).write(to: url)
        let keys = try prefs.run(["keys", "s.toml"])
        #expect(keys.status == 0, "\(keys.error)")
        #expect(keys.output == "zoom\nalpha\nwindow\n")
        #expect(try prefs.run(["write", "s.toml", "zoom", "-int", "3"]).status == 0)
        var expected = Self.file.replacingOccurrences(of: "zoom = 2 ", with: "zoom = 3 ")
        #expect(try String(contentsOf: url, encoding: .utf8) == expected)
        let add = try prefs.run(["write", "s.toml", "window", "-dict-add", "height", "-int", "30"])
        #expect(add.status == 0, "\(add.error)")
        expected = expected.replacingOccurrences(of: "height = 24", with: "height = 30")
        #expect(try String(contentsOf: url, encoding: .utf8) == expected)
        let new = try prefs.run(["write", "s.toml", "window", "-dict-add", "title", "hi"])
        #expect(new.status == 0, "\(new.error)")
        expected = expected + "title = \"hi\"\n"
        #expect(try String(contentsOf: url, encoding: .utf8) == expected)
      }
    }

    #if !canImport(Darwin)
      /// An app identifier names `preferences.toml` in the app's folder when only that file
      /// exists there (Apple platforms: the app's defaults domain).
      @Test func anIdentifierFindsPreferencesTOMLWhenOnlyItExists() throws {
        try withDirectory { directory in
          let prefs = BuiltProgram.prefs(in: directory)
          let folder = prefs.configurationFolder.appendingPathComponent("com.example.tuned")
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          let url = folder.appendingPathComponent("preferences.toml")
          try Data("# mine\nzoom = 2\n".utf8).write(to: url)
          let read = try prefs.run(["read", "com.example.tuned", "zoom"])
          #expect(read.status == 0 && read.output == "2\n", "\(read.error)")
          let write = try prefs.run(["write", "com.example.tuned", "zoom", "-int", "3"])
          #expect(write.status == 0, "\(write.error)")
          #expect(try String(contentsOf: url, encoding: .utf8) == "# mine\nzoom = 3\n")
          #expect(
            !FileManager.default.fileExists(
              atPath: folder.appendingPathComponent("preferences.plist").path))
        }
      }
    #endif

    @Test func damageAndRefusalsNameLineAndColumn() throws {
      try withDirectory { directory in
        let prefs = BuiltProgram.prefs(in: directory)
        try Data("a = 1\nb = [1,\n".utf8).write(to: directory.file("d.toml"))
        let read = try prefs.run(["read", "d.toml"])
        #expect(read.error.contains("line 2, column 5"), "\(read.error)")
        try Data("a = 1\nb = 'x\n".utf8).write(to: directory.file("e.toml"))
        let write = try prefs.run(["write", "e.toml", "a", "-int", "2"])
        #expect(write.error.contains("line 2, column"), "\(write.error)")
      }
    }

    @Test func exportWritesTOMLThatImportReadsBack() throws {
      try withDirectory { directory in
        let prefs = BuiltProgram.prefs(in: directory)
        try Data(Self.file.utf8).write(to: directory.file("s.toml"))
        let export = try prefs.run(["export", "s.toml", "--format", "toml"])
        #expect(export.status == 0, "\(export.error)")
        #expect(export.output.hasPrefix("alpha = \"a\"\nzoom = 2\n"))
        let copy = directory.file("copy.toml")
        try Data(export.output.utf8).write(to: copy)
        #expect(try prefs.run(["import", "copy.json", "copy.toml"]).status == 0)
        #expect(
          try FileStore(url: directory.file("copy.json")).allValues()
            == FileStore(url: directory.file("s.toml")).allValues())
      }
    }
  }

#endif
