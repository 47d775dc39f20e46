// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The views of the SwiftUI article (`PreferencesKit.docc/SwiftUI.md`), compiled wherever SwiftUI
// exists: the macOS CI job builds them; Linux has no SwiftUI and skips the file. Keep the two
// in step. The article's class and model are in ModelSyncExampleTests.swift, which checks them.
#if canImport(SwiftUI)
  import Foundation
  import Observation
  import PreferencesKit
  import PreferencesTestSupport
  import SwiftUI
  import Testing

  // `EditorTheme` and `EditorPreferences` are in ModelSyncExampleTests.swift, compiled
  // everywhere.

  struct EditorApp: App {
    @State private var prefs = EditorPreferences(identifier: "com.example.editor")

    var body: some Scene {
      WindowGroup {
        EditorView()
          .environment(prefs)
      }
      #if os(macOS)
        Settings {
          EditorSettingsView()
            .environment(prefs)
        }
      #endif
    }
  }

  struct EditorView: View {
    @Environment(EditorPreferences.self) private var prefs

    var body: some View {
      Text("Hello")
        .font(.system(size: prefs.fontSize))
    }
  }

  struct EditorSettingsView: View {
    @Environment(EditorPreferences.self) private var prefs

    var body: some View {
      @Bindable var prefs = prefs
      Form {
        #if os(tvOS)
          // tvOS has neither Slider nor Stepper.
          Picker("Font size", selection: $prefs.fontSize) {
            ForEach([12.0, 14, 18, 24], id: \.self) { size in
              Text("\(Int(size)) pt").tag(size)
            }
          }
        #else
          Slider(value: $prefs.fontSize, in: 9...36) {
            Text("Font size")
          }
        #endif
        Toggle("Line numbers", isOn: $prefs.showsLineNumbers)
        Picker("Theme", selection: $prefs.theme) {
          ForEach(EditorTheme.allCases, id: \.self) { theme in
            Text(theme.rawValue.capitalized).tag(theme)
          }
        }
        Button("Restore Defaults") {
          prefs.reset(\.fontSize, \.showsLineNumbers, \.theme)
        }
      }
    }
  }

  struct SwiftUIExampleTests {
    /// What a control does through its binding: the assignment is saved by the class's policy,
    /// without a call to `writePreferences()`.
    @Test @MainActor func aBindingsAssignmentIsSavedByTheSavePolicy() async throws {
      let store = InMemoryStore()
      let prefs = EditorPreferences(store: store)
      @Bindable var bindable = prefs
      $bindable.fontSize.wrappedValue = 20
      #expect(prefs.fontSize == 20)
      #expect(await eventually { store.allValues()["fontSize"] == .double(20) })
    }
  }
#endif
