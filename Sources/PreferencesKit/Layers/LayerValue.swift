// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// One layer's value for one key, as read, before it is converted to the property's type.
struct LayerValue: Sendable {
  /// What was read.
  enum Content: Sendable {
    /// A value from a store or a file.
    case value(PropertyListValue)
    /// Text from an argument or an environment variable, converted by ``candidates``.
    case text(String)
  }

  /// The layer.
  let source: PreferenceSource
  /// What it holds.
  let content: Content
  /// Where it was read, for messages: `argument --fontSize`, `file /etc/xdg/...`.
  let sourceDescription: String
  /// The file it was read from, if any.
  var file: URL? = nil

  /// The stored forms to try, in order, for a property of any type: text is tried as a string,
  /// then as a JSON value (`18`, `true`, `[1, 2]`, `{"a": 1}`), then as `YES`/`NO` and the
  /// like for a Boolean, as `defaults` reads them, then as an ISO 8601 date. The first form the
  /// property's type reads wins, with the same lossless conversions as stored values.
  var candidates: [PropertyListValue] {
    switch content {
    case .value(let value):
      return [value]
    case .text(let text):
      var forms: [PropertyListValue] = [.string(text)]
      if let json = try? JSONPropertyListParser.parseValue(text) { forms.append(json) }
      switch text.lowercased() {
      case "yes", "true": forms.append(.bool(true))
      case "no", "false": forms.append(.bool(false))
      default: break
      }
      if let date = ISO8601Timestamp.date(from: text) { forms.append(.date(date)) }
      return forms
    }
  }

  /// What was found, for an error message.
  var foundDescription: String {
    switch content {
    case .value(let value): value.description
    case .text(let text): "text \"\(text)\""
    }
  }
}
