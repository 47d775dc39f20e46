// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// ProcessInfo's activities, which Linux's Foundation does not declare.
// Signatures: MacOSX15.5.sdk/System/Library/Frameworks/Foundation.framework/Headers/
// NSProcessInfo.h (`@interface NSProcessInfo (NSProcessInfoActivity)`), as Swift imports them.

public import Foundation

extension ProcessInfo {
  /// NSProcessInfo.h: `typedef NS_OPTIONS(uint64_t, NSActivityOptions)`, API_AVAILABLE(macos(10.9),
  /// ios(7.0), watchos(2.0), tvos(9.0)); only the two options the library passes.
  public struct ActivityOptions: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// `NSActivitySuddenTerminationDisabled = (1ULL << 14)`
    public static let suddenTerminationDisabled = ActivityOptions(rawValue: 1 << 14)
    /// `NSActivityAutomaticTerminationDisabled = (1ULL << 15)`
    public static let automaticTerminationDisabled = ActivityOptions(rawValue: 1 << 15)
  }

  /// NSProcessInfo.h: `- (id <NSObject>)beginActivityWithOptions:(NSActivityOptions)options
  /// reason:(NSString *)reason API_AVAILABLE(macos(10.9), ios(7.0), watchos(2.0), tvos(9.0));`
  public func beginActivity(options: ActivityOptions = [], reason: String)
    -> any NSObjectProtocol
  { stub() }

  /// NSProcessInfo.h: `- (void)endActivity:(id <NSObject>)activity API_AVAILABLE(macos(10.9),
  /// ios(7.0), watchos(2.0), tvos(9.0));`
  public func endActivity(_ activity: any NSObjectProtocol) { stub() }

  /// NSProcessInfo.h: `- (void)performExpiringActivityWithReason:(NSString *)reason
  /// usingBlock:(void(^)(BOOL expired))block API_AVAILABLE(ios(8.2), watchos(2.0), tvos(9.0))
  /// API_UNAVAILABLE(macos);` Stubbed `@Sendable`, stricter than the header's plain block: the
  /// block runs "on a system-provided concurrent queue".
  @available(macOS, unavailable)
  public func performExpiringActivity(
    withReason reason: String, using block: @escaping @Sendable (Bool) -> Void
  ) { stub() }
}
