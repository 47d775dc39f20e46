// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Vnode dispatch sources, which swift-corelibs-libdispatch leaves out on Linux
// (`#if !os(Linux) && !os(Android)` around them in Source.swift).
// Signatures: MacOSX15.5.sdk/usr/lib/swift/Dispatch.swiftmodule/arm64e-apple-macos.swiftinterface.

public import Dispatch

extension DispatchSource {
  // `DispatchSource.FileSystemEvent` itself is declared on Linux too: Linux's wins.

  /// Dispatch.swiftinterface: `public class func makeFileSystemObjectSource(fileDescriptor:
  /// Swift.Int32, eventMask: Dispatch.DispatchSource.FileSystemEvent, queue:
  /// Dispatch.DispatchQueue? = nil) -> any Dispatch.DispatchSourceFileSystemObject`
  public class func makeFileSystemObjectSource(
    fileDescriptor: Int32, eventMask: DispatchSource.FileSystemEvent, queue: DispatchQueue? = nil
  ) -> any DispatchSourceFileSystemObject { stub() }
}

/// Dispatch.swiftinterface: `public protocol DispatchSourceFileSystemObject :
/// Dispatch.DispatchSourceProtocol` with `handle`, `data` and `mask`.
public protocol DispatchSourceFileSystemObject: DispatchSourceProtocol {
  var handle: Int32 { get }
  var data: DispatchSource.FileSystemEvent { get }
  var mask: DispatchSource.FileSystemEvent { get }
}
