// `PropertyListValue` and `PropertyListFormat` are PreferencesKit's public API, declared in
// the formats target so that the formats depend on nothing else; re-exported, as
// swift-collections re-exports its modules, so `import PreferencesKit` alone gives them.
@_exported public import PropertyListFormats
