// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// Everything that makes the library save pending changes before the process ends or is
/// suspended, in one place: the process's exit, the signals that stop services and terminals,
/// and app lifecycle notifications. Each of them calls ``LivePreferences/flushAll()``, which
/// runs the scheduled saves of automatic ``SavePolicy``s (never the unsaved changes of
/// ``SavePolicy/explicit``: explicit means explicit).
enum FlushTriggers {
  /// The signals that end a process politely: `systemctl stop` and `docker stop` (SIGTERM),
  /// Ctrl-C (SIGINT), a closed terminal (SIGHUP).
  static let endingSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

  /// How long a signal waits for pending saves before it does what it would have done.
  static let signalFlushLimit: DispatchTimeInterval = .seconds(2)

  /// Sets up the exit handler and the lifecycle observers, once per process.
  static let setUpExitAndLifecycle: Void = {
    Syscalls.runAtExit { LivePreferences.processWillExit() }
    for name in AppLifecycle.leavingForeground {
      _ = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
        LivePreferences.flushAll()
      }
    }
  }()

  /// Catches the ending signals, once per process, when the first instance of a class with an
  /// automatic ``SavePolicy`` is created. A signal that is ignored stays ignored.
  static let setUpSignalHandlers: Void = {
    guard let (readEnd, writeEnd) = try? Syscalls.makeSignalPipe() else { return }
    let thread = Thread { FlushTriggers.serveSignals(from: readEnd) }
    thread.name = "PreferencesKit signals"
    thread.start()
    for signal in endingSignals { Syscalls.catchSignal(signal, reportingTo: writeEnd) }
  }()

  /// The signal thread: for each signal the handler reports, saves what is pending (waiting
  /// at most ``signalFlushLimit``), then does what the signal would have done.
  private static func serveSignals(from readEnd: Int32) {
    while true {
      let number: UInt8?
      do throws(SystemError) {
        number = try Syscalls.readByte(readEnd)
      } catch where error == .interrupted {
        continue
      } catch {
        return
      }
      guard let number else { return }
      flush(within: signalFlushLimit)
      Syscalls.forwardSignal(Int32(number))
    }
  }

  /// Runs ``LivePreferences/flushAll()`` on a thread of its own and waits for it at most
  /// `limit`: a store that hangs must not keep a stopped process alive.
  ///
  /// - Returns: Whether the flush finished in time.
  @discardableResult
  static func flush(within limit: DispatchTimeInterval) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      LivePreferences.flushAll()
      done.signal()
    }
    return done.wait(timeout: .now() + limit) == .success
  }
}

extension Preferences {
  /// Saves now every change that an automatic ``savePolicy`` has scheduled, in every instance
  /// in this process, and returns when they are saved (or have failed, as ``preferenceProblems``
  /// then says).
  ///
  /// The library does this itself when the process exits normally, when the app or extension
  /// leaves the foreground, and on SIGTERM, SIGINT or SIGHUP while a class of an automatic
  /// policy is in use: it saves for at most 2 seconds, then does what the signal would have
  /// done (as a container's PID 1, it exits with status 128 + the signal's number). A signal
  /// the app ignores stays ignored, and a handler the app sets later replaces the
  /// library's. Call this where the app ends itself another way: from its own signal handling
  /// (a `DispatchSource`, swift-service-lifecycle's graceful shutdown), or before `_exit`.
  ///
  /// ```swift
  /// signal(SIGTERM, SIG_IGN)
  /// let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .main)
  /// terminate.setEventHandler {
  ///   Preferences.flushPendingSaves()
  ///   exit(0)
  /// }
  /// terminate.resume()
  /// ```
  ///
  /// Changes of a class whose policy is ``SavePolicy/explicit`` are saved only by
  /// ``writePreferences()``.
  ///
  /// In tests, flush one instance with ``flushScheduledSave()`` instead: this call runs the
  /// scheduled saves of every test running alongside too, early.
  public static func flushPendingSaves() {
    LivePreferences.flushAll()
  }
}

/// The app lifecycle notifications the library listens to, by name, so that it imports
/// neither UIKit, AppKit nor WatchKit (every tool using the library would link them). Each
/// name is the SDK constant's own, named with its header; `AppLifecycleTests` compares them
/// with the SDK's constants where it can import the framework.
enum AppLifecycle {
  // UIKit.framework/Headers/UIApplication.h (iOS, iPadOS, tvOS, visionOS, Mac Catalyst).
  static let uiKitDidEnterBackground = Notification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  static let uiKitWillTerminate = Notification.Name("UIApplicationWillTerminateNotification")
  static let uiKitWillEnterForeground = Notification.Name(
    "UIApplicationWillEnterForegroundNotification")

  // AppKit.framework/Headers/NSApplication.h (macOS).
  static let appKitWillTerminate = Notification.Name("NSApplicationWillTerminateNotification")
  static let appKitDidBecomeActive = Notification.Name("NSApplicationDidBecomeActiveNotification")

  // WatchKit.framework/Headers/WKApplication.h (watchOS apps get these, not UIKit's).
  static let watchKitDidEnterBackground = Notification.Name(
    "WKApplicationDidEnterBackgroundNotification")
  static let watchKitWillEnterForeground = Notification.Name(
    "WKApplicationWillEnterForegroundNotification")

  // Foundation.framework/Headers/NSExtensionContext.h (app extensions, which get no
  // UIApplication notifications; not macOS).
  static let extensionHostDidEnterBackground = Notification.Name(
    "NSExtensionHostDidEnterBackgroundNotification")
  static let extensionHostWillResignActive = Notification.Name(
    "NSExtensionHostWillResignActiveNotification")
  static let extensionHostWillEnterForeground = Notification.Name(
    "NSExtensionHostWillEnterForegroundNotification")

  /// Posted when the app or extension may be suspended or ended: pending saves are flushed.
  static let leavingForeground = [
    uiKitDidEnterBackground, uiKitWillTerminate, appKitWillTerminate, watchKitDidEnterBackground,
    extensionHostDidEnterBackground, extensionHostWillResignActive,
  ]

  /// Posted when the app or extension comes back: the iCloud store synchronizes again.
  static let returningToForeground = [
    uiKitWillEnterForeground, appKitDidBecomeActive, watchKitWillEnterForeground,
    extensionHostWillEnterForeground,
  ]
}
