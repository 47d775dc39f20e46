// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

// Stub of the fcntl.h and open(2) constants Darwin has and Linux's C library lacks, for the
// Darwin lane. Values from the SDK's MacOSX15.5.sdk/usr/include/sys/fcntl.h.
#ifndef PREFERENCES_STUB_DARWIN_FCNTL_H
#define PREFERENCES_STUB_DARWIN_FCNTL_H

// sys/fcntl.h: `#define F_FULLFSYNC 51  /* fsync + ask the drive to flush to the media */`
#define F_FULLFSYNC 51
// sys/fcntl.h: `#define O_EVTONLY 0x00008000  /* descriptor requested for event notifications only */`
#define O_EVTONLY 0x00008000

#endif
