// What the "Coming from `UserDefaults`" snippet uses but does not declare.
import Foundation

struct Person: Codable, Equatable, Sendable { var name: String; var quest: String; var age: Int }
