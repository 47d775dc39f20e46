// What the README's snippets under "## Observing changes" use but do not declare, compiled beside each
// of them by Scripts/check-readme-snippets.sh.

import PreferencesKit

final class AppPreferences: Preferences, @unchecked Sendable {
  @Preference var fontSize = 12.0
}

let prefs = AppPreferences(store: InMemoryStore())

func apply(_ fontSize: Double) {}
