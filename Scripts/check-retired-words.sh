#!/usr/bin/env bash
# Fails when a retired name or phrase comes back in Sources/: each entry of
# Scripts/retired-words.txt (`identifier`, `phrase` or `pattern`, with its replacement), searched
# in every Swift, C and DocC file, so that one word keeps one meaning (the glossary of
# Sources/PreferencesKit/PreferencesKit.docc/Architecture.md).
#
# Usage: Scripts/check-retired-words.sh [LIST [DIR...]]
#   (default: Scripts/retired-words.txt over Sources)
set -euo pipefail
cd "$(dirname "$0")/.."
list="${1:-Scripts/retired-words.txt}"
shift || true
folders=("$@")
if [[ ${#folders[@]} -eq 0 ]]; then folders=(Sources); fi
includes=(--include='*.swift' --include='*.h' --include='*.c' --include='*.md')

failed=0
checked=0
number=0
while IFS= read -r line || [[ -n "$line" ]]; do
  number=$((number + 1))
  [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
  if [[ ! "$line" =~ ^(identifier|phrase|pattern)\ (.+)\ =\>\ (.+)$ ]]; then
    echo "$list:$number: not 'identifier|phrase|pattern TEXT => REPLACEMENT': $line" >&2
    failed=1
    continue
  fi
  kind="${BASH_REMATCH[1]}" text="${BASH_REMATCH[2]}" replacement="${BASH_REMATCH[3]}"
  case "$kind" in
    identifier) flags=(-w -F) ;;
    phrase) flags=(-i -F) ;;
    pattern) flags=(-E) ;;
  esac
  checked=$((checked + 1))
  status=0
  found=$(grep -rnI "${includes[@]}" "${flags[@]}" -e "$text" -- "${folders[@]}") || status=$?
  if [[ $status -gt 1 ]]; then
    echo "$list:$number: grep failed on '$text'" >&2
    failed=1
  elif [[ $status -eq 0 ]]; then
    while IFS= read -r hit; do
      echo "${hit%%:*}:$(echo "${hit#*:}" | cut -d: -f1): retired $kind '$text':" \
        "use $replacement" >&2
    done <<<"$found"
    failed=1
  fi
done <"$list"
if [[ $failed -ne 0 ]]; then exit 1; fi
echo "retired words: none of $checked in ${folders[*]}"
