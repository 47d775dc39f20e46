import Foundation

/// Writes a dictionary as an XML property list, the format Apple's tools read and write.
///
/// Keys are sorted so that the file is stable and diffs well. Dates are written to the second
/// (rounded down), as the format holds them. Doubles are written with the shortest text that
/// reads back as exactly the same number; infinities and NaN as `+infinity`, `-infinity`, `nan`.
struct XMLPropertyListWriter {
  private var output: [UInt8] = []

  /// The UTF-8 bytes of the property list.
  ///
  /// - Throws: ``PreferenceError/Kind/nestingTooDeep`` beyond 512 levels,
  ///   ``PreferenceError/Kind/unrepresentableValue`` for a date outside the years 1-9999.
  static func encode(_ values: [String: PropertyListValue]) throws -> [UInt8] {
    var writer = XMLPropertyListWriter()
    writer.output.reserveCapacity(64 * values.count + 256)
    writer.append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """)
    try writer.write(.dictionary(values), depth: 1, path: "")
    writer.append("</plist>\n")
    return writer.output
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func indent(_ depth: Int) {
    output.append(contentsOf: repeatElement(0x09, count: depth - 1))
  }

  private mutating func write(_ value: PropertyListValue, depth: Int, path: String) throws {
    indent(depth)
    switch value {
    case .bool(let flag):
      append(flag ? "<true/>\n" : "<false/>\n")
    case .integer(let number):
      append("<integer>\(number)</integer>\n")
    case .double(let number):
      append("<real>\(Self.text(for: number))</real>\n")
    case .string(let text):
      append("<string>")
      appendEscaped(text)
      append("</string>\n")
    case .data(let bytes):
      append("<data>\(bytes.base64EncodedString())</data>\n")
    case .date(let date):
      guard let (seconds, _) = ISO8601Timestamp.split(date),
        let text = ISO8601Timestamp.string(secondsSince1970: seconds)
      else {
        throw PreferenceError(
          .unrepresentableValue, path: path.isEmpty ? nil : path,
          found: "a date outside the years 1 to 9999")
      }
      append("<date>\(text)Z</date>\n")
    case .array(let values):
      guard depth <= PropertyListTreeBuilder.maximumDepth else { throw Self.tooDeep(path) }
      if values.isEmpty {
        append("<array/>\n")
        return
      }
      append("<array>\n")
      for (index, element) in values.enumerated() {
        try write(element, depth: depth + 1, path: path + "[\(index)]")
      }
      indent(depth)
      append("</array>\n")
    case .dictionary(let values):
      guard depth <= PropertyListTreeBuilder.maximumDepth else { throw Self.tooDeep(path) }
      if values.isEmpty {
        append("<dict/>\n")
        return
      }
      append("<dict>\n")
      for key in values.keys.sorted() {
        guard let element = values[key] else { continue }
        indent(depth + 1)
        append("<key>")
        appendEscaped(key)
        append("</key>\n")
        try write(element, depth: depth + 1, path: path + "." + key)
      }
      indent(depth)
      append("</dict>\n")
    }
  }

  /// Escapes markup characters, and characters XML cannot hold literally as numeric references.
  private mutating func appendEscaped(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): append("&amp;")
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case 0x09, 0x0A: output.append(byte)
      case 0x00..<0x20, 0x7F: append("&#\(byte);")
      default: output.append(byte)
      }
    }
  }

  /// The shortest text that reads back as exactly `number`.
  static func text(for number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
    return number.description
  }

  private static func tooDeep(_ path: String) -> PreferenceError {
    PreferenceError(
      .nestingTooDeep, path: path.isEmpty ? nil : path,
      expected: "at most \(PropertyListTreeBuilder.maximumDepth) levels of arrays and dictionaries")
  }
}
