// What the README's snippets under "## One preference at a time" use but do not declare, compiled beside each
// of them by Scripts/check-readme-snippets.sh.

import PreferencesKit

enum Theme: String, Codable, Sendable { case light, dark }

final class AppPreferences: Preferences, @unchecked Sendable {
  @Preference var fontSize = 12.0
  @Preference var theme = Theme.light
}

let prefs = AppPreferences(store: InMemoryStore())
