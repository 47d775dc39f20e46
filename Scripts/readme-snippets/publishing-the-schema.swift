// Context for the README's "Publishing the schema" snippets: the class the section above
// declares, and a folder for the store.
import Foundation
import PreferencesKit

final class EditorPreferences: Preferences, @unchecked Sendable {
  @Preference(help: "Font size in points", constraint: .range(8...72)) var fontSize = 12.0
}
let configFolder = FileManager.default.temporaryDirectory
