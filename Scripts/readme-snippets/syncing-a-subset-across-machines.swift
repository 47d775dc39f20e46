// What the README's snippets under "## Syncing a subset across machines" use but do not declare, compiled beside each
// of them by Scripts/check-readme-snippets.sh.

import Foundation

enum Theme: String, Codable, Sendable { case light, dark }

let localURL = URL(fileURLWithPath: "/tmp/com.example.notes/preferences.plist")
let sharedFolder = URL(fileURLWithPath: "/tmp/Sync/Notes", isDirectory: true)
