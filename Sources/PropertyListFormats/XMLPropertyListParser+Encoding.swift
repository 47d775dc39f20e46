// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

extension XMLPropertyListParser {
  /// The document as UTF-8, which the parser reads: UTF-8 as it is, UTF-16 (with a byte-order
  /// mark, or without one when the document starts with `<?`, as XML's appendix F detects it)
  /// converted. A rewrite of the file is UTF-8.
  ///
  /// - Throws: `.corruptFile` for UTF-32, which Foundation and Python also refuse, and for
  ///   UTF-16 that is cut in the middle of a character or holds an unpaired surrogate.
  static func utf8(_ bytes: [UInt8]) throws -> [UInt8] {
    // The first four bytes as one number, compared without allocating: most files are UTF-8.
    let word = bytes.count < 4 ? 0 : bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let bigEndian: Bool
    switch word {
    case 0x0000_FEFF, 0xFFFE_0000, 0x0000_003C, 0x3C00_0000:
      throw PropertyListFormatError(
        .corruptFile,
        reason: "not a valid XML property list: it is in UTF-32, which is not read (UTF-8 and "
          + "UTF-16 are)")
    case 0x003C_003F,
      _ where word >> 16 == 0xFEFF:
      bigEndian = true
    case 0x3C00_3F00,
      _ where word >> 16 == 0xFFFE:
      bigEndian = false
    default:
      return bytes
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 0
    while index + 1 < bytes.count {
      let (high, low) =
        bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    if units.first == 0xFEFF { units.removeFirst() }
    guard bytes.count % 2 == 0 else {
      throw PropertyListFormatError(
        .corruptFile,
        reason: "not a valid XML property list: its UTF-16 text has an odd number of bytes")
    }
    var output: [UInt8] = []
    output.reserveCapacity(units.count + units.count / 2)
    let failed = transcode(
      units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true
    ) { output.append($0) }
    guard !failed else {
      throw PropertyListFormatError(
        .corruptFile,
        reason: "not a valid XML property list: its UTF-16 text holds an unpaired surrogate "
          + "after \(output.count) bytes of UTF-8")
    }
    return output
  }
}
