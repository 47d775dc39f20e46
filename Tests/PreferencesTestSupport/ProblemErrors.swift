// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0

package import PreferencesKit

extension Preferences {
  /// The errors of the instance's problems in `phases`, in list order.
  package func problemErrors(_ phases: PreferenceProblem.Phase...) -> [PreferenceError] {
    preferenceProblems.filter { phases.contains($0.phase) }.map(\.error)
  }
}
