// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The stub module `AppleSDK` of the Darwin lane: empty on purpose. check.sh imports it into
// every file of the checked modules (`-import-module AppleSDK`) and declares it the owner of
// two cross-import overlays (AppleSDK.swiftcrossimport/, written by check.sh next to it):
//
// - a file that imports `Foundation` also gets `_AppleSDK_Foundation` (Stubs/Foundation) and
//   `_AppleSDK_Dispatch`, as Apple's Foundation declares those types and re-exports Dispatch;
// - a file that imports `Dispatch` also gets `_AppleSDK_Dispatch` (Stubs/Dispatch).
//
// So each stub is visible exactly where the SDK's declaration would be: a file that uses
// `NSUbiquitousKeyValueStore` without `import Foundation` fails in the lane as on a Mac. The
// compiler imports a cross-import overlay only into the files that import both modules, and
// this module is imported into every file.
