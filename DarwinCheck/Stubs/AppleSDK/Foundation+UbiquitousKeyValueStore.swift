// The iCloud key-value store and the iCloud account token, which Linux's Foundation lacks.
// Signatures: MacOSX15.5.sdk/System/Library/Frameworks/Foundation.framework/Headers/
// NSUbiquitousKeyValueStore.h and NSFileManager.h, as Swift imports them (the same in
// iPhoneOS18.0.sdk). Availability: macOS 10.7, iOS 5.0, tvOS 9.0, watchOS 9.0, visionOS 1.0.

public import Foundation

/// NSUbiquitousKeyValueStore.h: `@interface NSUbiquitousKeyValueStore : NSObject`.
/// Not `Sendable` in the SDK (no NS_SWIFT_SENDABLE), so neither is the stub.
open class NSUbiquitousKeyValueStore: NSObject {
  /// `@property (class, readonly, strong) NSUbiquitousKeyValueStore *defaultStore;`,
  /// `NS_SWIFT_NAME(default)`.
  open class var `default`: NSUbiquitousKeyValueStore { stub() }
  /// `- (nullable id)objectForKey:(NSString *)aKey;`
  open func object(forKey aKey: String) -> Any? { stub() }
  /// `- (void)setObject:(nullable id)anObject forKey:(NSString *)aKey;`
  open func set(_ anObject: Any?, forKey aKey: String) { stub() }
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

extension FileManager {
  /// NSFileManager.h: `@property (nullable, readonly, copy) id<NSObject,NSCopying,NSCoding>
  /// ubiquityIdentityToken;`
  public var ubiquityIdentityToken: (any NSCoding & NSCopying & NSObjectProtocol)? { stub() }
}
