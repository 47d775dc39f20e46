#!/usr/bin/env bash
# The Darwin lane: type-checks the package's Apple branches on Linux.
#
# Every module of the package (library, tool, sample, test helper, test support, tests) is
# compiled with the stub `Darwin` module on the search path, so `#if canImport(Darwin)` is
# true and the Glibc branches drop out, and with stub modules standing in for what Apple's
# Foundation and Dispatch declare and Linux's lack, visible only in the files that import
# Foundation or Dispatch (cross-import overlays of the empty `AppleSDK`, see below). The C
# target is compiled with -DPREFERENCES_CHECK_APPLE against a stub <os/lock.h>. Same strict
# settings as Package.swift, warnings as errors, and the compiler's SIL diagnostics (isolation,
# `sending`, definite initialization) run, as in a build; nothing is linked or run.
#
# The sources are the package's own files, found here by path, never copied.
#
# Usage: DarwinCheck/check.sh [--root DIR] [--through MODULE]
#   --root DIR        check the package in DIR instead (reintroduce.sh's scratch copies)
#   --through MODULE  stop after MODULE, such as PreferencesKit
# Build products go to DIR/DarwinCheck/.build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
through=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --root) root="$(cd "$2" && pwd)"; shift 2 ;;
    --through) through="$2"; shift 2 ;;
    *) echo "usage: $0 [--root DIR] [--through MODULE]" >&2; exit 2 ;;
  esac
done
out="$root/DarwinCheck/.build"
stubs="$here/Stubs"
rm -rf "$out/modules"
mkdir -p "$out/modules" "$out/atomics"

# As a debug build: with the system-call fault seam (Package.swift's ENABLE_SYSTEM_CALL_FAULTS,
# set for debug builds), which the tests use.
strict=(
  -swift-version 6 -Onone -DSWIFT_PACKAGE -DDEBUG -DENABLE_SYSTEM_CALL_FAULTS
  -package-name swift_preferences
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature InternalImportsByDefault
)
search=(
  -I "$out/modules" -I "$out/atomics" -I "$stubs/C/include"
  -Xcc -DPREFERENCES_CHECK_APPLE -Xcc "-I$stubs/C/include"
  -module-cache-path "$out/module-cache"
)
sources() { find "$root/$1" -name '*.swift' | sort; }
step() { printf 'DarwinCheck: %s\n' "$*"; }
# Ends the run once the module named by --through is checked.
done_with() {
  if [[ "$1" == "$through" ]]; then
    step "passed through $through"
    exit 0
  fi
}

# Runs a compiler, printing what it says, and fails on any error or warning (warnings are
# errors, as in the package) but one: "public import of 'Foundation' was not used in public
# declarations", which the stubs cause. A public signature naming a stub type (such as
# NSUbiquitousKeyValueStore) uses the stub module, not Foundation, where the SDK declares it.
# The package's own Linux build still checks that warning for every file it compiles.
compile() {
  local log="$out/last.log"
  if ! "$@" >"$log" 2>&1; then cat "$log"; return 1; fi
  cat "$log"
  if grep -E '^[^ ]+: (error|warning): ' "$log" \
    | grep -v "warning: public import of 'Foundation' was not used in public declarations" \
    | grep -q .; then
    echo "DarwinCheck: failed: warnings are errors" >&2
    return 1
  fi
}

# The C target, as its Apple branch: syntax and types, warnings as errors.
step "PreferencesPrimitives (C, -DPREFERENCES_CHECK_APPLE)"
for file in "$root"/Sources/PreferencesPrimitives/*.c; do
  clang -fsyntax-only -Wall -Wextra -Werror -std=gnu11 -DPREFERENCES_CHECK_APPLE \
    -I "$stubs/C/include" -I "$root/Sources/PreferencesPrimitives/include" "$file"
done
cat >"$out/atomics/module.modulemap" <<MAP
module PreferencesPrimitives {
  umbrella header "$root/Sources/PreferencesPrimitives/include/PreferencesPrimitives.h"
  export *
}
MAP

# The stubs: `Darwin` (C library additions); `_AppleSDK_Foundation` and `_AppleSDK_Dispatch`
# (framework additions); and the empty `AppleSDK`, imported into every file, which declares
# those two as its cross-import overlays: the compiler imports each only into the files that
# import Foundation (both) or Dispatch (the second), where the SDK's declarations are visible.
stub_module() {
  local name="$1"
  shift
  step "stub $name"
  swiftc -emit-module -wmo -parse-as-library -module-name "$name" -swift-version 6 \
    -warnings-as-errors "${search[@]}" -emit-module-path "$out/modules/$name.swiftmodule" \
    "$@"
}
stub_module Darwin $(find "$stubs/Darwin" -name '*.swift' | sort)
stub_module _AppleSDK_Dispatch $(find "$stubs/Dispatch" -name '*.swift' | sort)
stub_module _AppleSDK_Foundation $(find "$stubs/Foundation" -name '*.swift' | sort)
stub_module AppleSDK $(find "$stubs/AppleSDK" -name '*.swift' | sort)
overlays="$out/modules/AppleSDK.swiftcrossimport"
mkdir -p "$overlays"
printf -- '---\nversion: 1\nmodules:\n  - name: _AppleSDK_Foundation\n  - name: _AppleSDK_Dispatch\n' \
  >"$overlays/Foundation.swiftoverlay"
printf -- '---\nversion: 1\nmodules:\n  - name: _AppleSDK_Dispatch\n' >"$overlays/Dispatch.swiftoverlay"
# Every checked file imports the empty AppleSDK, so its overlays follow each file's imports.
apple=(-Xfrontend -import-module -Xfrontend AppleSDK -Xfrontend -enable-cross-import-overlays)

# A library module of the package: checked in full, its interface kept for the modules after.
library() {
  local name="$1" folder="$2"
  step "$name"
  compile swiftc -emit-module -wmo -parse-as-library -enable-testing -module-name "$name" \
    "${strict[@]}" "${search[@]}" "${apple[@]}" \
    -emit-module-path "$out/modules/$name.swiftmodule" $(sources "$folder")
  done_with "$name"
}
# An executable or test module: checked in full (through SIL diagnostics), nothing written.
leaf() {
  local name="$1" folder="$2"
  shift 2
  step "$name"
  compile swiftc -emit-sil -wmo -o /dev/null -module-name "$name" "$@" \
    "${strict[@]}" "${search[@]}" "${apple[@]}" \
    $(sources "$folder")
  done_with "$name"
}

library PropertyListFormats Sources/PropertyListFormats
library PreferencesKit Sources/PreferencesKit
library PreferencesKitTesting Sources/PreferencesKitTesting
library PreferencesTestSupport Tests/PreferencesTestSupport
leaf prefs Sources/prefs
leaf Sample Sample
leaf PreferencesTestHelper Tests/PreferencesTestHelper
leaf PreferencesKitTests Tests/PreferencesKitTests -parse-as-library
leaf PreferencesKitProcessTests Tests/PreferencesKitProcessTests -parse-as-library
step "passed: every module type-checks with its Apple branches"
