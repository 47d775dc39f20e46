// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// The iCloud key-value store and the iCloud account token, which Linux's Foundation lacks.
// Signatures: MacOSX15.5.sdk/System/Library/Frameworks/Foundation.framework/Headers/
// NSUbiquitousKeyValueStore.h and NSFileManager.h, as Swift imports them (the same in
// iPhoneOS18.0.sdk). Availability, as the header's `API_AVAILABLE(macos(10.7), ios(5.0),
// watchos(9.0), tvos(9.0))` on the class declares it (visionOS inherits iOS's); the lane's
// compiler targets Linux, so it cannot check availability against it (see the README).

public import Foundation

/// NSUbiquitousKeyValueStore.h: `@interface NSUbiquitousKeyValueStore : NSObject`.
/// Not `Sendable` in the SDK (no NS_SWIFT_SENDABLE), so neither is the stub.
@available(macOS 10.7, iOS 5.0, watchOS 9.0, tvOS 9.0, *)
open class NSUbiquitousKeyValueStore: NSObject {
  /// `@property (class, readonly, strong) NSUbiquitousKeyValueStore *defaultStore;`,
  /// `NS_SWIFT_NAME(default)`.
  open class var `default`: NSUbiquitousKeyValueStore { stub() }
  /// `- (nullable id)objectForKey:(NSString *)aKey;`
  open func object(forKey aKey: String) -> Any? { stub() }
  /// `- (void)setObject:(nullable id)anObject forKey:(NSString *)aKey;`
  open func set(_ anObject: Any?, forKey aKey: String) { stub() }
  /// `- (void)setString:(nullable NSString *)aString forKey:(NSString *)aKey;`
  open func set(_ aString: String?, forKey aKey: String) { stub() }
  /// `- (void)setData:(nullable NSData *)aData forKey:(NSString *)aKey;`
  open func set(_ aData: Data?, forKey aKey: String) { stub() }
  /// `- (void)setArray:(nullable NSArray *)anArray forKey:(NSString *)aKey;`
  open func set(_ anArray: [Any]?, forKey aKey: String) { stub() }
  /// `- (void)setDictionary:(nullable NSDictionary<NSString *, id> *)aDictionary
  /// forKey:(NSString *)aKey;`
  open func set(_ aDictionary: [String: Any]?, forKey aKey: String) { stub() }
  /// `- (void)setLongLong:(long long)value forKey:(NSString *)aKey;`
  open func set(_ value: Int64, forKey aKey: String) { stub() }
  /// `- (void)setDouble:(double)value forKey:(NSString *)aKey;`
  open func set(_ value: Double, forKey aKey: String) { stub() }
  /// `- (void)setBool:(BOOL)value forKey:(NSString *)aKey;`
  open func set(_ value: Bool, forKey aKey: String) { stub() }
  /// `- (nullable NSString *)stringForKey:(NSString *)aKey;`
  open func string(forKey aKey: String) -> String? { stub() }
  /// `- (nullable NSArray *)arrayForKey:(NSString *)aKey;`
  open func array(forKey aKey: String) -> [Any]? { stub() }
  /// `- (nullable NSDictionary<NSString *, id> *)dictionaryForKey:(NSString *)aKey;`
  open func dictionary(forKey aKey: String) -> [String: Any]? { stub() }
  /// `- (nullable NSData *)dataForKey:(NSString *)aKey;`
  open func data(forKey aKey: String) -> Data? { stub() }
  /// `- (long long)longLongForKey:(NSString *)aKey;`
  open func longLong(forKey aKey: String) -> Int64 { stub() }
  /// `- (double)doubleForKey:(NSString *)aKey;`
  open func double(forKey aKey: String) -> Double { stub() }
  /// `- (BOOL)boolForKey:(NSString *)aKey;`
  open func bool(forKey aKey: String) -> Bool { stub() }
  /// `- (void)removeObjectForKey:(NSString *)aKey;`
  open func removeObject(forKey aKey: String) { stub() }
  /// `@property (readonly, copy) NSDictionary<NSString *, id> *dictionaryRepresentation;`
  open var dictionaryRepresentation: [String: Any] { stub() }
  /// `- (BOOL)synchronize;`
  open func synchronize() -> Bool { stub() }
  /// `FOUNDATION_EXPORT NSNotificationName const
  /// NSUbiquitousKeyValueStoreDidChangeExternallyNotification`, imported as a class property.
  public class var didChangeExternallyNotification: NSNotification.Name { stub() }
}

/// `FOUNDATION_EXPORT NSString * const NSUbiquitousKeyValueStoreChangeReasonKey;`
public let NSUbiquitousKeyValueStoreChangeReasonKey: String = "NSUbiquitousKeyValueStoreChangeReasonKey"
/// `NSUbiquitousKeyValueStoreServerChange = 0` (an `NS_ENUM(NSInteger)`-free anonymous enum).
public var NSUbiquitousKeyValueStoreServerChange: Int { 0 }
/// `NSUbiquitousKeyValueStoreInitialSyncChange = 1`
public var NSUbiquitousKeyValueStoreInitialSyncChange: Int { 1 }
/// `NSUbiquitousKeyValueStoreQuotaViolationChange = 2`
public var NSUbiquitousKeyValueStoreQuotaViolationChange: Int { 2 }
/// `NSUbiquitousKeyValueStoreAccountChange = 3`
public var NSUbiquitousKeyValueStoreAccountChange: Int { 3 }
