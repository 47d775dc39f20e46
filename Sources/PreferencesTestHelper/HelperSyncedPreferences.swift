import Foundation
import PreferencesKit

/// The preferences the sync tests share between processes: two synced keys and one that
/// stays on its machine.
final class HelperSyncedPreferences: Preferences, @unchecked Sendable {
  @Preference(synced: true) var fontSize = 12.0
  @Preference(synced: true) var notes = ""
  @Preference var windowFrameData = Data()
}
