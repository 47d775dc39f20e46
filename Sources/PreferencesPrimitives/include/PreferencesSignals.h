// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Flushing pending saves when a signal ends the process (SIGTERM from `systemctl stop` or
// `docker stop`, SIGINT from Ctrl-C, SIGHUP when the terminal closes).
//
// Why C: a signal handler may call only async-signal-safe functions, and Swift code may
// allocate, take locks or initialize globals lazily. The handler below only writes the
// signal's number to a pipe; a thread of PreferencesKit reads it, saves, and then calls
// `preferences_signal_forward`, which does what the signal would have done without us.

#ifndef PREFERENCES_SIGNALS_H
#define PREFERENCES_SIGNALS_H

/// Catches `signal` with the handler, which writes the signal's number (one byte) to
/// `pipe_fd`, a non-blocking pipe's write end, and remembers the action it replaces.
///
/// An ignored signal is left ignored.
///
/// - Returns: 1 when caught, 0 when the signal is ignored and was left alone, -1 when
///   `sigaction` failed (see `errno`).
int preferences_signal_catch(int signal, int pipe_fd);

/// Does what `signal` would have done had the handler not caught it: restores the action set
/// before it, raises the signal on this thread (so the process dies by it, with the status
/// that shows it, or the app's handler runs), and, if the process lives on, sets the handler
/// again unless someone replaced it meanwhile.
///
/// When the restored action is the default one, which ends the process, and the raised signal
/// returns instead (Linux ignores it in the first process of a PID namespace: a container
/// started without `--init`), the process ends with `_exit(128 + signal)`, the status a shell
/// reports for a death by that signal (143 for SIGTERM).
void preferences_signal_forward(int signal);

#endif
