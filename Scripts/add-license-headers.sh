#!/usr/bin/env bash
# Puts the licence header (below) at the top of every .swift, .c and .h file of the package's
# own, once: a file that has it is left as it is, so running this again changes nothing.
#
#   Scripts/add-license-headers.sh           # add the header where it is missing
#   Scripts/add-license-headers.sh --check   # change nothing; fail, naming each file, when a
#                                            # file lacks the header (.ci/run)
#
# Which files: those git tracks, or does not ignore, under Sources/, Tests/, Sample/,
# Benchmarks/, Fuzz/Sources/ and DarwinCheck/, and the manifests Package.swift and
# Fuzz/Package.swift. A manifest's `// swift-tools-version:` line must stay its first line, so
# the header goes below it; a `#!` line stays first too.
#
# Skipped: third-party files the repository vendors, which keep their own licence. A file is
# vendored when a folder between it and the repository's root holds its own LICENSE, LICENSE.*,
# COPYING or COPYING.* (as Tests/PreferencesKitTests/Corpora/toml-test/ does: MIT). The README's
# "License" section names them.
#
# A file whose first lines carry another SPDX-License-Identifier, or a different header, is
# neither changed nor passed: it is reported, to be moved into a vendored folder with its
# licence or given this header by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

header='// This source file is part of the swift-preferences open source project.
// Copyright (c) 2026 the swift-preferences authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE).
// SPDX-License-Identifier: Apache-2.0'
header_lines=4

check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

# The folders below the root that hold a licence of their own: what is under them is vendored.
vendored_dirs=()
while IFS= read -r licence; do
  vendored_dirs+=("$(dirname "$licence")/")
done < <(git ls-files --cached --others --exclude-standard \
  | grep -E '(^|/)(LICENSE|COPYING)(\.[^/]*)?$' | grep / || true)
vendored() {
  local dir
  for dir in ${vendored_dirs[@]+"${vendored_dirs[@]}"}; do
    [[ "$1" == "$dir"* ]] && return 0
  done
  return 1
}

# How many lines stay above the header: a manifest's tools-version line, or a `#!` line.
preamble() {
  local first=""
  IFS= read -r first <"$1" || true
  case "$first" in
    "// swift-tools-version:"* | "//swift-tools-version:"* | "#!"*) echo 1 ;;
    *) echo 0 ;;
  esac
}

missing=0
added=0
foreign=0
skipped=0
while IFS= read -r file; do
  [ -f "$file" ] || continue
  if vendored "$file"; then
    skipped=$((skipped + 1))
    continue
  fi
  keep="$(preamble "$file")"
  top="$(head -n "$((keep + 12))" "$file")"
  if [ "$(sed -n "$((keep + 1)),$((keep + header_lines))p" <<<"$top")" = "$header" ]; then
    continue
  fi
  if [[ "$top" == *SPDX-License-Identifier* || "$top" == *Copyright* ]]; then
    echo "$file: carries another licence header; move it beside its licence or fix it by hand" >&2
    foreign=$((foreign + 1))
    continue
  fi
  if $check; then
    echo "$file: no licence header (Scripts/add-license-headers.sh adds it)" >&2
    missing=$((missing + 1))
    continue
  fi
  {
    head -n "$keep" "$file"
    printf '%s\n\n' "$header"
    tail -n +"$((keep + 1))" "$file"
  } >"$file.license-header"
  # Keep the file's mode (and its inode's other attributes) by writing over it in place.
  cat "$file.license-header" >"$file"
  rm "$file.license-header"
  added=$((added + 1))
done < <(
  git ls-files --cached --others --exclude-standard -- \
    Sources Tests Sample Benchmarks Fuzz/Sources DarwinCheck Package.swift Fuzz/Package.swift \
    | grep -E '\.(swift|c|h)$' | sort -u
)

if $check; then
  if [ "$missing" -gt 0 ] || [ "$foreign" -gt 0 ]; then
    echo "licence headers: $missing missing, $foreign foreign ($skipped vendored files skipped)" >&2
    exit 1
  fi
  echo "licence headers: every file has one ($skipped vendored files skipped)"
else
  echo "licence headers: added to $added files ($skipped vendored files skipped)"
  [ "$foreign" -eq 0 ] || exit 1
fi
