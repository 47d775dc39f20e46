// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The signal handler of PreferencesSignals.h.

#include "PreferencesSignals.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/// The highest signal number the handler serves (SIGTERM, SIGINT, SIGHUP are all below it).
#define PREFERENCES_SIGNAL_LIMIT 32

// The handler's state, unlocked: a signal handler cannot take a lock. It is written only by
// `preferences_signal_catch`, on one thread, once per signal (PreferencesKit calls it from
// `FlushTriggers.setUpSignalHandlers`, which runs once), each entry before `sigaction` sets the
// handler that reads it; afterwards the handler and `preferences_signal_forward` (on the one
// thread that serves the signals) only read it.

/// The pipe the handler writes to; set before the handler catches any signal.
static volatile int flush_pipe = -1;

/// The action each caught signal had before the handler.
static struct sigaction previous_actions[PREFERENCES_SIGNAL_LIMIT];

/// The action that runs the handler.
static struct sigaction handler_action;

static void handle_signal(int signal) {
  int saved = errno;
  unsigned char number = (unsigned char)signal;
  // Async-signal-safe; with the pipe full, the byte is dropped and the flush already pending
  // serves this signal too.
  ssize_t written = write(flush_pipe, &number, 1);
  (void)written;
  errno = saved;
}

int preferences_signal_catch(int signal, int pipe_fd) {
  if (signal <= 0 || signal >= PREFERENCES_SIGNAL_LIMIT) {
    errno = EINVAL;
    return -1;
  }
  struct sigaction current;
  if (sigaction(signal, NULL, &current) != 0) return -1;
  if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) return 0;
  flush_pipe = pipe_fd;
  memset(&handler_action, 0, sizeof handler_action);
  handler_action.sa_handler = handle_signal;
  sigemptyset(&handler_action.sa_mask);
  handler_action.sa_flags = SA_RESTART;
  previous_actions[signal] = current;
  return sigaction(signal, &handler_action, NULL) == 0 ? 1 : -1;
}

/// Whether the default action of `signal` ends the process (it does for every signal the
/// library serves; the others are listed so that the function says what it means).
static int ends_by_default(int signal) {
  switch (signal) {
    case SIGCHLD: case SIGCONT: case SIGURG: case SIGWINCH:
    case SIGSTOP: case SIGTSTP: case SIGTTIN: case SIGTTOU:
      return 0;
    default:
      return 1;
  }
}

void preferences_signal_forward(int signal) {
  if (signal <= 0 || signal >= PREFERENCES_SIGNAL_LIMIT) return;
  struct sigaction replaced;
  if (sigaction(signal, &previous_actions[signal], &replaced) != 0) return;
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  // A signal raised on this thread is delivered before `raise` returns: the default action
  // ends the process here; an app's handler runs and returns.
  raise(signal);
  // Still here with the default action: the system would not end the process by the signal.
  // Linux discards a signal whose action is the default for the first process of a PID
  // namespace (a container's PID 1 without an init, `docker stop`'s target), from itself or
  // from outside. End it the way a shell reports a death by that signal, 128 + its number,
  // as a container's init does; `_exit`, not `exit`: the pending saves were flushed, and a
  // death by signal runs no `atexit` handler either.
  if (!(previous_actions[signal].sa_flags & SA_SIGINFO)
      && previous_actions[signal].sa_handler == SIG_DFL && ends_by_default(signal)) {
    _exit(128 + signal);
  }
  struct sigaction now;
  if (sigaction(signal, NULL, &now) != 0) return;
  int unchanged = (now.sa_flags & SA_SIGINFO)
    ? now.sa_sigaction == previous_actions[signal].sa_sigaction
    : now.sa_handler == previous_actions[signal].sa_handler;
  // Set the handler again only over the action it restored, never over one the app's handler
  // set meanwhile, and only if the handler was ours to begin with.
  if (unchanged && replaced.sa_handler == handle_signal) sigaction(signal, &replaced, NULL);
}
