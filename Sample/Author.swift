// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// A `Codable` struct, stored as a dictionary that any property-list tool can read.
struct Author: Codable, Sendable, Equatable {
  var name: String
  var email: String
}
