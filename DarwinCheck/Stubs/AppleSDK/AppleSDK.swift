// The stub module `AppleSDK` of the Darwin lane: declarations Apple's Swift overlays and
// frameworks make that Linux's Foundation and Dispatch lack. check.sh imports it into every
// file of the checked modules (`-import-module AppleSDK`), as on Apple platforms Foundation and
// Dispatch bring these along; it re-exports the stub `Darwin`, which they re-export there too.
//
// Declarations only: the lane type-checks and never links or runs, so bodies are `fatalError`.
// Each declaration cites the SDK file its signature comes from. Where Linux's Foundation
// already declares a type or member, its declaration wins (see the README).

import Darwin

/// The body of every stub: the lane never runs them.
@inline(never)
func stub(_ function: StaticString = #function) -> Never {
  fatalError("DarwinCheck stub \(function) was called; the lane only type-checks")
}
