// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// `PropertyListValue` and `PropertyListFormat` are PreferencesKit's public API, declared in
// the formats target so that the formats depend on nothing else; re-exported, as
// swift-collections re-exports its modules, so `import PreferencesKit` alone gives them.
@_exported public import PropertyListFormats
