/// The commands `prefs` understands, by the name typed on the command line.
enum CommandName: String, CaseIterable {
  case keys
  case read
  case readType = "read-type"
  case write
  case rename
  case delete
  case export
  case `import`
  case validate
  case edit
}
