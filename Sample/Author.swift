/// A `Codable` struct, stored as a dictionary that any property-list tool can read.
struct Author: Codable, Sendable, Equatable {
  var name: String
  var email: String
}
