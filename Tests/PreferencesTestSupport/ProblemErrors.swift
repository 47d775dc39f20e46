package import PreferencesKit

extension Preferences {
  /// The errors of the instance's problems in `phases`, in list order.
  package func problemErrors(_ phases: PreferenceProblem.Phase...) -> [PreferenceError] {
    preferenceProblems.filter { phases.contains($0.phase) }.map(\.error)
  }
}
