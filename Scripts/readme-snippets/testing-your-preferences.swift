// What the README's snippets under "## Testing your preferences" use but do not declare,
// compiled beside each of them by Scripts/check-readme-snippets.sh.

import PreferencesKit

final class AppPreferences: Preferences, @unchecked Sendable {
  override class var savePolicy: SavePolicy { .debounced(.milliseconds(300)) }
  @Preference var fontSize = 12.0
}
