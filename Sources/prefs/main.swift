// The `prefs` command-line tool: reads and changes the preferences stores of apps built with
// PreferencesKit, as macOS `defaults` does for `UserDefaults`. Run `prefs --help` for usage.

import Foundation

exit(PrefsTool.run(Array(CommandLine.arguments.dropFirst())))
