/// The sample's colour theme: an enum stored as its raw value, `"light"`, `"dark"` or
/// `"system"`.
enum Theme: String, Codable, Sendable, CaseIterable {
  case light
  case dark
  case system
}
