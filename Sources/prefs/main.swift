// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The `prefs` command-line tool: reads and changes the preferences stores of apps built with
// PreferencesKit, as macOS `defaults` does for `UserDefaults`. Run `prefs --help` for usage.

import Foundation

exit(PrefsTool.run(Array(CommandLine.arguments.dropFirst())))
