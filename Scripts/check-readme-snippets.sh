#!/usr/bin/env bash
# Type-checks every Swift snippet of the README against the built library, warnings as errors,
# so that what a newcomer copies compiles warning-free. The snippets are extracted from
# README.md here, never copied by hand.
#
#   Scripts/check-readme-snippets.sh     after `swift build` (it builds PreferencesKit if needed)
#
# Each ```swift block is checked on its own, as the `main.swift` of a program: top-level code
# and `await` are allowed, as in a script. A block without an `import` gets `import Foundation`
# and `import PreferencesKit` put before it. What a block uses but does not declare (an
# instance `prefs` declared in an earlier block, say) comes from a context file,
# Scripts/readme-snippets/<section>.swift, named after the block's `##`/`###` heading in lower
# case with dashes ("## One preference at a time" is one-preference-at-a-time.swift).
# A block right after a line `<!-- not compiled here: REASON -->` is skipped and listed: the
# Package.swift manifest, SwiftUI code (the macOS CI job compiles the SwiftUI article).
# A block right after a line `<!-- fails to compile with: TEXT -->` shows a mistake: it must
# fail to compile, and the compiler's output must contain TEXT, the message the README quotes.
# Each check is bounded in time (60 seconds), so a hung compiler fails CI rather than stalling.
set -euo pipefail
cd "$(dirname "$0")/.."

readme=README.md
contexts=Scripts/readme-snippets
swift build --product PreferencesKit >/dev/null
bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Split the README: work/N/main.swift for each block, work/N/section its heading's slug,
# work/N/skip the reason when it is not compiled here.
awk -v work="$work" '
  /^##+ / {
    section = tolower($0); sub(/^#+ /, "", section)
    gsub(/[^a-z0-9]+/, "-", section); gsub(/^-|-$/, "", section)
  }
  /^```swift/ && !inside {
    inside = 1; count++; dir = work "/" count
    system("mkdir -p \"" dir "\"")
    print section > (dir "/section"); close(dir "/section")
    if (previous ~ /^<!-- not compiled here: .*-->$/) {
      reason = previous; sub(/^<!-- not compiled here: /, "", reason); sub(/ -->$/, "", reason)
      print reason > (dir "/skip"); close(dir "/skip")
    }
    if (previous ~ /^<!-- fails to compile with: .*-->$/) {
      expect = previous; sub(/^<!-- fails to compile with: /, "", expect); sub(/ -->$/, "", expect)
      print expect > (dir "/expect"); close(dir "/expect")
    }
    line[count] = NR
    print "// README.md line " NR + 1 > (dir "/body")
    next
  }
  /^```/ && inside { inside = 0; close(dir "/body"); next }
  inside { print > (dir "/body") }
  NF { previous = $0 }
' "$readme"

limit=()
if command -v timeout >/dev/null; then limit=(timeout 60); fi
checked=0
failed=0
for ((number = 1; ; number++)); do
  dir="$work/$number"
  [[ -d "$dir" ]] || break
  section="$(cat "$dir/section")"
  if [[ -f "$dir/skip" ]]; then
    echo "readme snippet in \"$section\": not compiled here ($(cat "$dir/skip"))"
    continue
  fi
  if ! grep -q '^import ' "$dir/body"; then
    printf 'import Foundation\nimport PreferencesKit\n' >"$dir/main.swift"
  fi
  cat "$dir/body" >>"$dir/main.swift"
  files=("$dir/main.swift")
  if [[ -f "$contexts/$section.swift" ]]; then files+=("$contexts/$section.swift"); fi
  checked=$((checked + 1))
  compile=(swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$bin/Modules"
    -Xcc -fmodule-map-file="$bin/PreferencesPrimitives.build/module.modulemap" "${files[@]}")
  if [[ -f "$dir/expect" ]]; then
    status=0
    ${limit[@]+"${limit[@]}"} "${compile[@]}" >"$dir/log" 2>&1 || status=$?
    if [[ $status -ne 1 ]] || ! grep -qF -- "$(cat "$dir/expect")" "$dir/log"; then
      echo "readme snippet in \"$section\" ($(head -1 "$dir/body" | sed 's|^// ||')) should fail to compile with \"$(cat "$dir/expect")\"; it gave status $status:" >&2
      cat "$dir/log" >&2
      failed=$((failed + 1))
    fi
    continue
  fi
  if ! ${limit[@]+"${limit[@]}"} "${compile[@]}" >"$dir/log" 2>&1; then
    echo "readme snippet in \"$section\" ($(head -1 "$dir/body" | sed 's|^// ||')) does not compile warning-free:" >&2
    cat "$dir/log" >&2
    failed=$((failed + 1))
  fi
done
echo "readme snippets: $checked type-checked, $failed failed"
[[ $failed -eq 0 ]]
