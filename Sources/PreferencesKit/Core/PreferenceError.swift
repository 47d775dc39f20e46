// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// An error from reading or writing preferences, with enough detail for a person to act on.
///
/// Every error says what went wrong and where: the preference's key, the file, what was
/// expected and what was found. Its ``description`` is a complete sentence fit for a log or
/// an alert:
///
/// ```swift
/// for problem in prefs.preferenceProblems {
///   print(problem.error)
///   // preference "launchCount" in /home/ada/.config/notes/preferences.plist: expected Int,
///   // found string "many"
/// }
/// ```
///
/// `PreferenceError` is a struct rather than an enum so that new kinds of error can be added
/// without breaking code that inspects ``kind``.
public struct PreferenceError: Error, Sendable, Hashable {
  /// What kind of failure this is.
  public var kind: Kind
  /// The key of the preference involved, if one is.
  public var key: String?
  /// The file involved, if one is.
  public var file: URL?
  /// The line of ``file`` where the value is written, counted from 1, when the file's format
  /// has lines (TOML, JSON) and the value was found there: a hand-edited value that was
  /// rejected or is of the wrong type names it.
  public var line: Int?
  /// Where inside the value the problem is, such as `.address.city` or `[2]`.
  public var path: String?
  /// What the library expected to find, such as a type name.
  public var expected: String?
  /// What it found instead.
  public var found: String?
  /// Further detail: the system's error message, or where inside a value the problem is.
  public var reason: String?

  /// Creates an error. Stores written outside this package use this to report failures.
  ///
  /// - Parameters:
  ///   - kind: What kind of failure this is.
  ///   - key: The key of the preference involved.
  ///   - file: The file involved.
  ///   - path: Where inside the value the problem is, such as `.age` or `[2]`.
  ///   - expected: What was expected.
  ///   - found: What was found instead.
  ///   - reason: Further detail, such as the system's error message.
  public init(
    _ kind: Kind, key: String? = nil, file: URL? = nil, path: String? = nil,
    expected: String? = nil, found: String? = nil, reason: String? = nil
  ) {
    self.kind = kind
    self.key = key
    self.file = file
    self.path = path
    self.expected = expected
    self.found = found
    self.reason = reason
  }
}

extension PreferenceError {
  /// A kind of ``PreferenceError``. New kinds may be added in any release.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// A stored value could not be read as the preference's declared type.
    public static let typeMismatch = Kind(name: "type mismatch")
    /// A value breaks the preference's declared ``PreferenceConstraint``: it was not used.
    /// ``PreferenceError/expected`` names the constraint, ``PreferenceError/found`` the value,
    /// and ``PreferenceError/reason`` where it came from, or what a validating closure said.
    public static let rejectedValue = Kind(name: "rejected value")
    /// A value has no property-list form, such as a `UInt64` above `Int64.max`.
    public static let unrepresentableValue = Kind(name: "unrepresentable value")
    /// A file exists but does not parse.
    public static let corruptFile = Kind(name: "corrupt file")
    /// A write kept the file it replaced under another name: a damaged file, whose recovered
    /// entries were written back (``PreferenceError/found`` says what was wrong with it), or a
    /// backup of a file holding a value the class could not load. The error's
    /// ``PreferenceError/reason`` names the path the file was kept at.
    public static let fileMovedAside = Kind(name: "file moved aside")
    /// A file is larger than the store accepts.
    public static let fileTooLarge = Kind(name: "file too large")
    /// A value nests more deeply than the store accepts.
    public static let nestingTooDeep = Kind(name: "nesting too deep")
    /// Reading from a store failed.
    public static let readFailed = Kind(name: "read failed")
    /// Writing to a store failed.
    public static let writeFailed = Kind(name: "write failed")
    /// Another process held a file store's lock for longer than the store waits
    /// (``FileStore/lockTimeout``); nothing was written. The error names the lock file and,
    /// where the system tells, the process holding it.
    public static let lockTimedOut = Kind(name: "lock timed out")
    /// ``Preferences/migrate(from:values:)`` threw; the store was left as it was.
    public static let migrationFailed = Kind(name: "migration failed")
    /// A synced value breaks a limit of the sync store, such as its longest key.
    public static let syncLimitExceeded = Kind(name: "sync limit exceeded")
    /// Reading from or writing to a sync store failed.
    public static let syncFailed = Kind(name: "sync failed")
    /// An assignment to a key an administrator manages was refused: ignored, and not written.
    public static let managedKey = Kind(name: "managed key")

    /// The kind's name, such as `"type mismatch"`.
    public var description: String { name }
  }
}

extension PreferenceError: CustomStringConvertible {
  /// A complete sentence: where, what was expected, what was found, and why.
  public var description: String {
    var parts: [String] = []
    var subject: [String] = []
    if let key { subject.append("preference \"\(key)\"") }
    if let path { subject.append("at \(path)") }
    // A store elsewhere than in a file (`PreferenceStore.location`) is named by its URL.
    if let file { subject.append("in \(file.isFileURL ? file.path : file.absoluteString)") }
    if let line { subject.append("at line \(line)") }
    let head = subject.isEmpty ? kind.name : subject.joined(separator: " ")
    if let expected { parts.append("expected \(expected)") }
    if let found { parts.append("found \(found)") }
    if let reason { parts.append(reason) }
    if parts.isEmpty { return "\(head): \(kind.name)" }
    return "\(head): \(parts.joined(separator: ", "))"
  }
}

extension PreferenceError: LocalizedError {
  /// The same text as ``description``, so Foundation's error presentation shows it.
  public var errorDescription: String? { description }
}
