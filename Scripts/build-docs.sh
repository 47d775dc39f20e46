#!/usr/bin/env bash
# Builds the PreferencesKit documentation with the toolchain's docc, from the symbol graph the
# compiler emits (no package plugin), and fails on any warning.
#
#   Scripts/build-docs.sh [OUTPUT]     # default .build-docs/PreferencesKit.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docs
graphs="$scratch/symbol-graphs"
output="${1:-$scratch/PreferencesKit.doccarchive}"
mkdir -p "$graphs"
build() {
  swift build --target PreferencesKit --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
}
build
# An up-to-date build emits nothing: rebuild from scratch when the graph is missing.
if [ ! -f "$graphs/PreferencesKit.symbols.json" ]; then
  rm -rf "$scratch"
  mkdir -p "$graphs"
  build
fi
# Only PreferencesKit's own graphs: the build also emits those of the modules it imports. The
# public types of PropertyListFormats, which PreferencesKit re-exports (`@_exported import`),
# are in PreferencesKit's own graph (Swift 6.3 puts re-exported symbols there), so
# ``PropertyListValue`` links resolve; that module's own graph would document them twice.
find "$graphs" -name '*.symbols.json' ! -name 'PreferencesKit*' -delete
docc convert Sources/PreferencesKit/PreferencesKit.docc \
  --additional-symbol-graph-dir "$graphs" \
  --output-dir "$output" \
  --fallback-display-name PreferencesKit \
  --fallback-bundle-identifier org.swift-preferences.PreferencesKit \
  --warnings-as-errors
echo "Documentation: $output"
