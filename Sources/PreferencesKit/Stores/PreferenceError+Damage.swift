// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension PreferenceError {
  /// Whether the error says a store's contents are damaged (they do not parse, are too large
  /// or nested too deep), as opposed to unreadable: a store may salvage part of them.
  package var isDamage: Bool {
    kind == .corruptFile || kind == .fileTooLarge || kind == .nestingTooDeep
  }
}
