// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// One line of the report: an operation, and how it compares with its baseline.
struct Row: Codable, Sendable {
  /// What was measured.
  var operation: String
  /// Median nanoseconds per operation.
  var medianNanoseconds: Double
  /// Fastest repetition, in nanoseconds per operation.
  var minNanoseconds: Double
  /// Slowest repetition, in nanoseconds per operation.
  var maxNanoseconds: Double
  /// Operations per repetition.
  var iterations: Int
  /// The operation it is compared with, if any.
  var baseline: String?
  /// The baseline's median nanoseconds per operation, measured in the same run.
  var baselineMedianNanoseconds: Double?
  /// Baseline median divided by this operation's median: how many times faster it is.
  var speedup: Double?
  /// The smallest ``speedup`` that meets the target, if there is a target.
  var targetSpeedup: Double?
  /// Whether the target is met, if there is one.
  var met: Bool?

  /// How many times short of its target a missed row falls: target over speedup.
  var loss: Double? {
    guard met == false, let targetSpeedup, let speedup else { return nil }
    return targetSpeedup / Swift.max(speedup, 0.001)
  }

  /// A row for `measurement`, compared with `baseline` when given.
  ///
  /// - Parameters:
  ///   - measurement: The operation's figures.
  ///   - baseline: What it is compared with.
  ///   - target: The speedup the operation must reach, if any.
  init(_ measurement: Measurement, baseline: Measurement? = nil, target: Double? = nil) {
    operation = measurement.name
    medianNanoseconds = measurement.median
    minNanoseconds = measurement.min
    maxNanoseconds = measurement.max
    iterations = measurement.iterations
    if let baseline {
      self.baseline = baseline.name
      baselineMedianNanoseconds = baseline.median
      let speedup = baseline.median / Swift.max(measurement.median, 0.001)
      self.speedup = speedup
      if let target {
        targetSpeedup = target
        met = speedup >= target
      }
    }
  }
}

/// Everything a run found.
struct Report: Codable, Sendable {
  /// The timed operations.
  var rows: [Row] = []
  /// Memory figures, by name.
  var memory: [MemoryFigure] = []
  /// Notes on what was left out or how something was measured.
  var notes: [String] = []
}

/// One figure that is not a time per operation: memory, idle cost or write cost.
struct MemoryFigure: Codable, Sendable {
  /// What was measured.
  var name: String
  /// The figure.
  var value: Double
  /// Its unit, such as `bytes`.
  var unit: String
  /// How it was measured.
  var method: String
}

extension Report {
  /// The report as an aligned plain-text table, then the memory figures and notes.
  var table: String {
    let header = [
      "operation", "median ns", "min ns", "max ns", "baseline", "baseline ns", "speedup",
      "target", "met", "loss",
    ]
    var lines: [[String]] = [header]
    for row in rows {
      lines.append([
        row.operation,
        Self.format(row.medianNanoseconds),
        Self.format(row.minNanoseconds),
        Self.format(row.maxNanoseconds),
        row.baseline ?? "",
        row.baselineMedianNanoseconds.map(Self.format) ?? "",
        row.speedup.map { String(format: "%.2fx", $0) } ?? "",
        row.targetSpeedup.map { String(format: ">= %gx", $0) } ?? "",
        row.met.map { $0 ? "yes" : "NO" } ?? "",
        row.loss.map { String(format: "%.2fx short", $0) } ?? "",
      ])
    }
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    var text = ""
    for (index, line) in lines.enumerated() {
      let cells = line.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        // Names and baselines read left to right; figures line up on the right.
        return column == 0 || column == 4 ? cell + padding : padding + cell
      }
      text += cells.joined(separator: "  ") + "\n"
      if index == 0 {
        text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
      }
    }
    if !memory.isEmpty {
      text += "\nmemory, idle cost and write cost\n"
      let width = memory.map(\.name.count).max() ?? 0
      for figure in memory {
        let padding = String(repeating: " ", count: width - figure.name.count)
        text += "  \(figure.name)\(padding)  \(Self.format(figure.value)) \(figure.unit)"
        text += "  (\(figure.method))\n"
      }
    }
    if !notes.isEmpty {
      text += "\nnotes\n" + notes.map { "  - \($0)\n" }.joined()
    }
    return text
  }

  /// The report as pretty-printed JSON.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// `1,234.5` style: one decimal below 100, none above, thousands separated.
  static func format(_ value: Double) -> String {
    if value < 100 { return String(format: "%.1f", value) }
    let digits = String(Int(value.rounded()))
    var grouped = ""
    for (index, character) in digits.reversed().enumerated() {
      if index > 0 && index.isMultiple(of: 3) { grouped.append(",") }
      grouped.append(character)
    }
    return String(grouped.reversed())
  }
}
