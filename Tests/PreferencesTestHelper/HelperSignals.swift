// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import PreferencesKit

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#else
  #error("This platform's C library is not known: add it beside Darwin and Glibc")
#endif

/// `save-on-signal <store> <size> <mode>`: assigns fontSize in preferences that save 60 s
/// after an assignment, prints "assigned" and waits for a signal, set up as `mode` says:
///
/// - `default`: the library's handlers alone.
/// - `app-handler`: the app installed a SIGTERM handler before the library, which exits with
///   status 42.
/// - `ignored`: the app ignores SIGTERM; SIGUSR1 then prints "alive".
/// - `dispatch`: the app ignores SIGTERM and handles it with a `DispatchSource`, which calls
///   `Preferences.flushPendingSaves()` and exits with status 43.
func saveOnSignal(store: FileStore, size: Double, mode: String) -> Never {
  // A process inherits its blocked signals from the thread that started it (the test
  // runner's threads block some): unblock those this command is about, as a shell does.
  var unblocked = sigset_t()
  sigemptyset(&unblocked)
  for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1] { sigaddset(&unblocked, signal) }
  sigprocmask(SIG_UNBLOCK, &unblocked, nil)
  var source: (any DispatchSourceSignal)?
  switch mode {
  case "default": break
  case "app-handler":
    signal(SIGTERM) { _ in _exit(42) }
  case "ignored":
    signal(SIGTERM, SIG_IGN)
    signal(SIGUSR1) { _ in
      let text: StaticString = "alive\n"
      _ = write(1, text.utf8Start, text.utf8CodeUnitCount)
    }
  case "dispatch":
    signal(SIGTERM, SIG_IGN)
    let signals = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
    signals.setEventHandler {
      Preferences.flushPendingSaves()
      exit(43)
    }
    signals.resume()
    source = signals
  default: exit(64, "unknown mode \(mode)")
  }
  let prefs = SlowlySavingPreferences(store: store)
  prefs.fontSize = size
  say("assigned")
  while true {
    pause()
    withExtendedLifetime((prefs, source)) {}
  }
}
