// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// The sample's colour theme: an enum stored as its raw value, `"light"`, `"dark"` or
/// `"system"`.
enum Theme: String, Codable, Sendable, CaseIterable {
  case light
  case dark
  case system
}
