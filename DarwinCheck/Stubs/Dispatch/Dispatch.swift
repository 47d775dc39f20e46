// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The stub module `_AppleSDK_Dispatch` of the Darwin lane: what Apple's Dispatch declares and
// Linux's lacks. The compiler imports it into the files that `import Dispatch` or
// `import Foundation` only (Apple's Foundation re-exports Dispatch), as a cross-import overlay
// of the empty `AppleSDK` module (see Stubs/AppleSDK/AppleSDK.swift).
//
// Not stubbed, because the lane cannot: Dispatch's own members made stricter on Apple
// platforms, such as `DispatchSemaphore.wait()` and `DispatchGroup.wait()`, which the SDK's
// Dispatch.swiftinterface marks `@_unavailableFromAsync` and Linux's does not. A second
// declaration of a member Linux declares makes every call ambiguous (see the README).

@_exported public import Dispatch

/// The body of every stub: the lane never runs them.
@inline(never)
func stub(_ function: StaticString = #function) -> Never {
  fatalError("DarwinCheck stub \(function) was called; the lane only type-checks")
}
