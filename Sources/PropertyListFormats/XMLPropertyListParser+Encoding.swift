extension XMLPropertyListParser {
  /// The document as UTF-8, which the parser reads: UTF-8 as it is, UTF-16 (with a byte-order
  /// mark, or without one when the document starts with `<?`, as XML's appendix F detects it)
  /// converted. A rewrite of the file is UTF-8.
  ///
  /// - Throws: `.corruptFile` for UTF-32, which Foundation and Python also refuse, and for
  ///   UTF-16 that is cut in the middle of a character or holds an unpaired surrogate.
  static func utf8(_ bytes: [UInt8]) throws -> [UInt8] {
    let bigEndian: Bool
    switch (bytes.count >= 4 ? Array(bytes[0..<4]) : bytes) {
    case [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0x00, 0x3C],
      [0x3C, 0x00, 0x00, 0x00]:
      throw PropertyListFormatError(
        .corruptFile,
        reason: "not a valid XML property list: it is in UTF-32, which is not read (UTF-8 and "
          + "UTF-16 are)")
    case let start where start.starts(with: [0xFE, 0xFF]) || start == [0x00, 0x3C, 0x00, 0x3F]:
      bigEndian = true
    case let start where start.starts(with: [0xFF, 0xFE]) || start == [0x3C, 0x00, 0x3F, 0x00]:
      bigEndian = false
    default:
      return bytes
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 0
    while index + 1 < bytes.count {
      let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
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
