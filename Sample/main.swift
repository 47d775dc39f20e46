// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The PreferencesKit sample app. Run it with `swift run Sample`; `Sample --help` lists its
// commands. This file is the whole life of a `Preferences` subclass: load it from a store,
// change it, save it, reset it, and watch it change when another program writes the store.

import Foundation
import PreferencesKit

/// Prints `failure`'s message to standard error and exits with its status.
func fail(_ failure: SampleFailure) -> Never {
  Output.error(failure.message)
  exit(failure.exitStatus)
}

/// Saves the settings that changed, or exits with a message naming the file and the reason.
func save(_ prefs: SamplePreferences, to url: URL) {
  // With --autosave the class saves by itself, at the latest when the sample exits.
  guard SamplePreferences.savePolicy == .explicit else { return }
  do {
    try prefs.writePreferences()
  } catch {
    fail(.store("cannot save the settings to \(url.path): \(error.reason ?? error.description)"))
  }
}

let command: SampleCommand
do throws(SampleFailure) {
  command = try SampleCommand(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error)
}
if command.action == .help {
  Output.line(SampleCommand.usage)
  exit(0)
}
if command.action == .schema {
  // What an app can hand to editors and tools: every setting's key, type, default, help and
  // constraint, as a JSON Schema.
  Output.line(String(decoding: SamplePreferences.schema.jsonSchema(), as: UTF8.self))
  exit(0)
}

// Load every setting from the store: the file `--store` names, or the sample's own file.
// A stored value that does not fit its setting leaves the default in place and is reported.
let storeURL = command.storeURL
let prefs = SamplePreferences(store: FileStore(url: storeURL))
for problem in prefs.preferenceProblems {
  Output.error("Sample: warning: \(problem.error)")
}
// With `--sync PATH`, the synced settings are reconciled with the shared folder now, and kept
// in step while the sample runs. The sample creates the folder; an app should rather report a
// missing one, which may be a share that is not mounted.
if let syncURL = command.syncURL {
  do {
    try FileManager.default.createDirectory(at: syncURL, withIntermediateDirectories: true)
    try prefs.startSyncing(with: FileSyncStore(folder: syncURL))
  } catch {
    fail(.store("cannot sync through \(syncURL.path): \(error)"))
  }
}

switch command.action {
case .reset:
  // Every setting back to its default; the write removes them all from the store.
  prefs.resetToDefaults()
  save(prefs, to: storeURL)
  Output.line("Every setting is back to its default (\(storeURL.path)).")
  exit(0)
case .set(let key, let text):
  guard let setting = Setting.all.first(where: { $0.key == key }) else {
    let keys = Setting.all.map(\.key).joined(separator: ", ")
    fail(.badValue("there is no setting \"\(key)\"; the settings are: \(keys)"))
  }
  guard setting.assign(prefs, text) else {
    fail(
      .badValue(
        "\"\(text)\" is not a value for \(key) (\(setting.typeName)): "
          + "expected \(setting.expected)"))
  }
default:
  break
}

// Count this launch. Only the keys assigned since loading are written, in one batch.
prefs.launchCount += 1
prefs.lastLaunch = Date()
save(prefs, to: storeURL)

let launch = prefs.launchCount == 1 ? "first launch" : "launch \(prefs.launchCount)"
Output.line("PreferencesKit sample: \(launch)")
if case .set(let key, _) = command.action {
  Output.line("Set \(key).")
}
Output.line("Settings are stored in \(storeURL.path)")
if let syncURL = command.syncURL {
  Output.line("fontSize and theme sync through \(syncURL.path)")
  for problem in prefs.preferenceProblems where problem.phase == .sync {
    Output.error("Sample: warning: \(problem.error)")
  }
}
Output.line()
let defaults = SamplePreferences(store: InMemoryStore())
for line in SettingsTable(prefs, defaults: defaults).lines {
  Output.line(line)
}

if command.action == .watch {
  // Subscribe first, then watch: the store is polled and each change another program makes
  // arrives with origin `.external`, after the new value is loaded.
  let changes = prefs.changes()
  prefs.startWatchingStore()
  Output.line()
  Output.line("Watching for changes from other programs; press Control-C to stop.")
  for await change in changes where change.origin == .external {
    let value = Setting.all.first { $0.key == change.key }?.show(prefs) ?? "(not a setting)"
    Output.line("\(change.key) changed (\(change.origin.rawValue)): \(value)")
  }
}
