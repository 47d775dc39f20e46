// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// CoreFoundation's type identifiers, which Linux's Foundation does not export. Foundation
// re-exports CoreFoundation on Apple platforms.
// Signatures: MacOSX15.5.sdk/System/Library/Frameworks/CoreFoundation.framework/Headers/CFBase.h
// and CFNumber.h, as Swift imports them.

/// CFBase.h: `typedef unsigned long CFTypeID;`
public typealias CFTypeID = UInt

/// CFBase.h: `CFTypeID CFGetTypeID(CFTypeRef cf);`, imported as
/// `func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID` (CFTypeRef is `AnyObject`).
public func CFGetTypeID(_ cf: AnyObject!) -> CFTypeID { stub() }

/// CFNumber.h: `CFTypeID CFBooleanGetTypeID(void);`
public func CFBooleanGetTypeID() -> CFTypeID { stub() }

/// CFNumber.h: `CFTypeID CFNumberGetTypeID(void);`
public func CFNumberGetTypeID() -> CFTypeID { stub() }
