#!/usr/bin/env bash
# Builds the PreferencesKit documentation with the toolchain's docc, from the symbol graph the
# compiler emits (no package plugin), and fails on any warning.
#
#   Scripts/build-docs.sh [OUTPUT]     # the published documentation, public symbols only
#                                      # (default .build-docs/PreferencesKit.doccarchive)
#   Scripts/build-docs.sh --internal   # a check, not published: the same catalog against the
#                                      # internal symbol graph, so that every ``Symbol`` link
#                                      # in the Architecture article, and in every internal
#                                      # doc comment, resolves; drift fails CI
#
# The Architecture article walks through internal code with ``Symbol`` links. The published
# build cannot resolve those, so it builds from a copy of the catalog in which each link to a
# symbol missing from the public graph is shown as code (`PreferenceCell`) instead; the
# internal check is what keeps them true.
set -euo pipefail
cd "$(dirname "$0")/.."
level=public
if [ "${1:-}" = "--internal" ]; then
  level=internal
  shift
fi
scratch=.build-docs
[ "$level" = internal ] && scratch=.build-docs-internal
graphs="$scratch/symbol-graphs"
output="${1:-$scratch/PreferencesKit.doccarchive}"
mkdir -p "$graphs"
build() {
  swift build --target PreferencesKit --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc "$level"
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
catalog=Sources/PreferencesKit/PreferencesKit.docc
if [ "$level" = public ]; then
  copy="$scratch/catalog/PreferencesKit.docc"
  rm -rf "$scratch/catalog"
  mkdir -p "$scratch/catalog"
  cp -R "$catalog" "$copy"
  python3 - "$graphs/PreferencesKit.symbols.json" "$copy/Architecture.md" <<'PY'
import json, re, sys
graph, article = sys.argv[1], sys.argv[2]
paths = {"/".join(s["pathComponents"]) for s in json.load(open(graph))["symbols"]}
def strip(link):  # ``Type/member(_:)-swift.method`` -> Type/member(_:)
    return "/".join(re.sub(r"-[0-9a-z.]+$", "", part) for part in link.split("/"))
def show(match):
    link = match.group(1)
    return match.group(0) if strip(link) in paths else "`" + link.split("/")[-1] + "`"
text = open(article).read()
open(article, "w").write(re.sub(r"``([^`]+)``", show, text))
PY
  catalog="$copy"
fi
docc convert "$catalog" \
  --additional-symbol-graph-dir "$graphs" \
  --output-dir "$output" \
  --fallback-display-name PreferencesKit \
  --fallback-bundle-identifier org.swift-preferences.PreferencesKit \
  --warnings-as-errors
echo "Documentation ($level symbols): $output"
