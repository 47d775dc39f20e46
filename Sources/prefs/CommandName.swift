// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The commands `prefs` understands, by the name typed on the command line.
enum CommandName: String, CaseIterable {
  case keys
  case read
  case readType = "read-type"
  case write
  case rename
  case delete
  case export
  case `import`
  case validate
  case edit
}
