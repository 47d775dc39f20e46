// What the README's snippets under "## Problems" use but do not declare, compiled beside each
// of them by Scripts/check-readme-snippets.sh.

import PreferencesKit

final class AppPreferences: Preferences, @unchecked Sendable {
  @Preference var launchCount = 0
}

let prefs = AppPreferences(store: InMemoryStore())
