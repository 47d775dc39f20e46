// What the README's snippets under "## Evolving preferences" use but do not declare, compiled beside each
// of them by Scripts/check-readme-snippets.sh.

import PreferencesKit

enum Theme: String, Codable, Sendable { case light, dark }

let prefs = AppPreferences(store: InMemoryStore())
