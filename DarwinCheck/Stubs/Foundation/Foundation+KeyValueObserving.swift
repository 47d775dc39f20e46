// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Key-value observing by key path string, which Linux's Foundation lacks (it has no
// Objective-C runtime). Signatures: MacOSX15.5.sdk/System/Library/Frameworks/
// Foundation.framework/Headers/NSKeyValueObserving.h, as Swift imports it.
//
// Not stubbed, because the lane cannot: `observeValue(forKeyPath:of:change:context:)`, a
// method of an Objective-C category on NSObject that observers override. An extension of
// Linux's NSObject cannot declare an overridable method, so the library keeps its observer
// class under `#if canImport(ObjectiveC)`, which the lane leaves false (see the README).

public import Foundation

/// NSKeyValueObserving.h: `typedef NS_OPTIONS(NSUInteger, NSKeyValueObservingOptions)`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
  public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
  public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
  public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// NSKeyValueObserving.h: `typedef NSString * NSKeyValueChangeKey NS_TYPED_ENUM;`
public struct NSKeyValueChangeKey: Hashable, RawRepresentable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

extension NSObject {
  /// NSKeyValueObserving.h, category NSObject (NSKeyValueObserverRegistration):
  /// `- (void)addObserver:(NSObject *)observer forKeyPath:(NSString *)keyPath
  /// options:(NSKeyValueObservingOptions)options context:(nullable void *)context;`
  public func addObserver(
    _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
    context: UnsafeMutableRawPointer?
  ) { stub() }
  /// `- (void)removeObserver:(NSObject *)observer forKeyPath:(NSString *)keyPath;`
  public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) { stub() }
}
