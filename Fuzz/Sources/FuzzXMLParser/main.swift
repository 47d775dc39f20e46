// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import FuzzSupport

/// libFuzzer's entry point: the XML property-list readers (parse and salvage) on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: start, count: count))
  FuzzedFormat.xml.exercise(input)
  return 0
}

/// The entry point SwiftPM links as `main`; see ``runFuzzer(_:_:_:)``.
@_cdecl("FuzzXMLParser_main")
public func main(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzz)
}
