#!/usr/bin/env bash
# Shows that the Darwin lane fails on each kind of Apple-only mistake that issue 22 found, and
# which kind only the text check catches. For each kind it changes one file of a scratch copy
# of the package, runs the lane (or the text check) on the copy, and requires it to fail with
# the expected message; then it puts the file back. The package itself is never touched.
#
#   1. the inlinable Darwin lock: an `@inlinable` function calling `os_unfair_lock_lock`
#      through an internal `import Darwin` (Platform/Platform.swift before issue 22)
#   2. a missing import: a Darwin-only file without `import Foundation`
#   3. an access level: a public property of a Darwin-only class whose type is internal
#   4. a non-Sendable capture: a `@Sendable` notification handler capturing the iCloud store
#   5. a missing `import CoreGraphics`: Linux's Foundation declares CGRect, so the lane passes
#      and only Scripts/check-coregraphics-imports.sh fails
#   6. a missing `import Foundation` in a file that uses a Foundation type (issue 32)
#   7. an `os_unfair_lock_lock` call from async code (issue 32)
#   8. a 64-bit `Int` assumption: only Scripts/check-int-width.sh fails (issue 32)
#   9. an SPI import and an underscored standard-library name the SDK's interface lacks:
#      only Scripts/check-public-api-only.sh fails (issue 32)
#  10. a `public import CoreGraphics` no public signature needs, which Apple's compiler
#      reports unused: only Scripts/check-coregraphics-imports.sh fails (issue 32)
#
# Usage: DarwinCheck/reintroduce.sh   (about 30 s a kind: each stops after PreferencesKit)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The package's sources and the lane, without build products or history.
tar -C "$root" --exclude=.build --exclude='.build-*' --exclude=.git -cf - \
  Package.swift Sources Sample Tests DarwinCheck Scripts | tar -C "$scratch" -xf -

failures=0
# expect KIND FILE EXPECTED COMMAND...: FILE has been changed; COMMAND must fail, printing
# EXPECTED; FILE is then put back (or removed, if the kind added it).
expect() {
  local kind="$1" file="$2" expected="$3"
  shift 3
  local log="$scratch/kind.log"
  if "$@" >"$log" 2>&1; then
    echo "FAIL  $kind: the check passed"
    failures=$((failures + 1))
  elif grep -qF -- "$expected" "$log"; then
    echo "ok    $kind: $(grep -F -m1 -- "$expected" "$log" | sed 's/^[[:space:]]*//')"
  else
    echo "FAIL  $kind: failed, but without \"$expected\":"
    grep -E 'error:' "$log" | head -5
    failures=$((failures + 1))
  fi
  if [[ -e "$root/$file" ]]; then cp "$root/$file" "$scratch/$file"; else rm -f "$scratch/$file"; fi
}
# edit FILE PYTHON-EXPRESSION: rewrites FILE's text `s` in the scratch copy; the old text
# must be there.
edit() {
  python3 - "$scratch/$1" "$2" <<'PY'
import sys
path, old_new = sys.argv[1], sys.argv[2]
old, new = old_new.split("\n=>\n")
text = open(path).read()
if old not in text:
    sys.exit(f"reintroduce.sh: {path} no longer contains:\n{old}")
open(path, "w").write(text.replace(old, new, 1))
PY
}
lane=("$scratch/DarwinCheck/check.sh" --root "$scratch" --through PreferencesKit)

# 1. The inlinable Darwin lock, as it was: a new file in the library.
lock=Sources/PreferencesKit/Platform/ReintroducedLock.swift
cat >"$scratch/$lock" <<'SWIFT'
#if canImport(Darwin)
  import Darwin
  @usableFromInline typealias ReintroducedMutex = os_unfair_lock
  extension UnsafeMutablePointer where Pointee == ReintroducedMutex {
    @inlinable func reintroducedLock() { os_unfair_lock_lock(self) }
  }
#endif
SWIFT
expect "inlinable Darwin lock" "$lock" \
  "global function 'os_unfair_lock_lock' is internal and cannot be referenced from an '@inlinable' function" \
  "${lane[@]}"

# 2. A missing import in a file the Linux build never compiles.
store=Sources/PreferencesKit/Sync/UbiquitousSyncStore.swift
edit "$store" $'  public import Foundation\n=>\n'
expect "missing import" "$store" "cannot find type 'NSUbiquitousKeyValueStore' in scope" \
  "${lane[@]}"

# 3. An access level only the Apple branch gets wrong.
edit "$store" $'    private let base: KeyValueSyncStore\n=>\n    public let base: KeyValueSyncStore'
expect "access level" "$store" \
  "property cannot be declared public because its type uses an internal type" "${lane[@]}"

# 4. A non-Sendable value captured by a @Sendable closure.
edit "$store" $'        ) { notification in\n=>\n        ) { notification in\n          _ = self.synchronize()'
expect "non-Sendable capture" "$store" "non-Sendable type 'NSUbiquitousKeyValueStore'" \
  "${lane[@]}"

# 5. A missing `import CoreGraphics`: the lane cannot see it, the text check does.
geometry=Tests/PreferencesKitTests/Geometry/GeometryTests.swift
edit "$geometry" $'#if canImport(CoreGraphics)\n  import CoreGraphics\n#endif\n=>\n'
if "$scratch/DarwinCheck/check.sh" --root "$scratch" >"$scratch/lane.log" 2>&1; then
  echo "note  missing import CoreGraphics: the lane passes (Linux's Foundation declares CGRect)"
else
  echo "FAIL  the lane failed on the scratch copy without the CoreGraphics change:"
  grep -E 'error:' "$scratch/lane.log" | head -5
  failures=$((failures + 1))
fi
expect "missing import CoreGraphics (text check)" "$geometry" "uses Core Graphics geometry" \
  "$scratch/Scripts/check-coregraphics-imports.sh" "$scratch/Sources" "$scratch/Tests"

# 6. A missing `import Foundation` where only an SDK type needs it: before issue 32 the lane
#    imported its stubs into every file, so this passed. A new Darwin-only file, no imports.
nofoundation=Sources/PreferencesKit/Sync/ReintroducedNoImport.swift
cat >"$scratch/$nofoundation" <<'SWIFT'
#if canImport(Darwin)
  func reintroducedSynchronize() -> Bool { NSUbiquitousKeyValueStore.default.synchronize() }
#endif
SWIFT
expect "missing import Foundation (SDK type)" "$nofoundation" \
  "cannot find 'NSUbiquitousKeyValueStore' in scope" "${lane[@]}"

# 7. An os_unfair_lock call from async code: the stub <os/lock.h> carries the SDK's
#    OS_SWIFT_UNAVAILABLE_FROM_ASYNC.
async=Sources/PreferencesKit/Platform/ReintroducedAsyncLock.swift
cat >"$scratch/$async" <<'SWIFT'
#if canImport(Darwin)
  import Darwin
  func reintroducedAsyncLock(_ lock: UnsafeMutablePointer<os_unfair_lock>) async {
    os_unfair_lock_lock(lock)
    os_unfair_lock_unlock(lock)
  }
#endif
SWIFT
expect "os_unfair_lock from async code" "$async" \
  "global function 'os_unfair_lock_lock' is unavailable from asynchronous contexts" "${lane[@]}"

# 8. A 64-bit Int assumption: only the text check sees it (Int is 64 bits on Linux).
width=Sources/PropertyListFormats/ReintroducedWidth.swift
cat >"$scratch/$width" <<'SWIFT'
func reintroducedNanoseconds(_ seconds: Double) -> Int { Int(seconds) * 1_000_000_000 }
SWIFT
expect "64-bit Int assumption (text check)" "$width" "Int arithmetic that may assume 64 bits" \
  "$scratch/Scripts/check-int-width.sh" "$scratch/Sources/PropertyListFormats"

# 9. SPI: Linux's binary standard library keeps `@_spi` declarations, the SDK's interface does
#    not, so both compilers here accept it and only the text check fails.
spi=Sources/PreferencesKit/Core/ReintroducedSPI.swift
cat >"$scratch/$spi" <<'SWIFT'
@_spi(Reflection) import Swift
func reintroducedFieldCount(_ type: Any.Type) -> Int {
  var count = 0
  _ = _forEachField(of: type, options: []) { _, _, _, _ in
    count += 1
    return true
  }
  return count
}
SWIFT
expect "SPI import and _forEachField (text check)" "$spi" "@_spi" \
  "$scratch/Scripts/check-public-api-only.sh" "$scratch/Sources"

# 10. A wider CoreGraphics import than the file's public signatures need.
cg=Sources/PreferencesKit/Geometry/Data+Geometry.swift
edit "$cg" $'  internal import CoreGraphics\n=>\n  public import CoreGraphics'
expect "public import CoreGraphics, unused in public (text check)" "$cg" "CoreGraphics" \
  "$scratch/Scripts/check-coregraphics-imports.sh" "$scratch/Sources"

if [[ $failures -ne 0 ]]; then
  echo "reintroduce.sh: $failures kind(s) not caught" >&2
  exit 1
fi
echo "reintroduce.sh: every kind is caught"
