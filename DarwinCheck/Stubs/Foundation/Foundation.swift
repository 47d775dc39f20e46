// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The stub module `_AppleSDK_Foundation` of the Darwin lane: what Apple's Foundation (and the
// CoreFoundation it re-exports) declares and Linux's lacks. The compiler imports it into the
// files that `import Foundation` only, as the cross-import overlay of the empty `AppleSDK`
// module (see Stubs/AppleSDK/AppleSDK.swift), so a file without `import Foundation` does not
// see it, as on a Mac.
//
// Declarations only: the lane type-checks and never links or runs, so bodies are `stub()`.
// Each declaration cites the SDK file its signature comes from. Where Linux's Foundation
// already declares a type or member, its declaration wins (see the README).

@_exported public import Darwin
@_exported public import Foundation

/// The body of every stub: the lane never runs them.
@inline(never)
func stub(_ function: StaticString = #function) -> Never {
  fatalError("DarwinCheck stub \(function) was called; the lane only type-checks")
}
