// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

/// libFuzzer's driver, which parses the command line and runs `callback` on each input.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Starts libFuzzer with the process's arguments.
///
/// SwiftPM links an executable target on Linux with `main` aliased to `<Module>_main`, which
/// `-parse-as-library` leaves undefined; each target defines that symbol to call this, so the
/// fuzzer starts as libFuzzer's own `main` would start it.
public func runFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments, callback)
}
