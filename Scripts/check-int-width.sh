#!/usr/bin/env bash
# Fails on `Int` arithmetic that assumes 64 bits, as far as a text check can see it. watchOS
# builds an arm64_32 slice where `Int` is 32 bits, so `Int(seconds) * 1_000_000_000` traps
# there from about 2.1 s; no Linux compiler (nor the Darwin lane) can see it, as `Int` is 64
# bits on every target they build.
#
# It flags, outside comments, in the library, the tool and the sample:
#   - a multiplication by a scale factor of a million or more (`* 1_000_000_000`, `* 1e9`,
#     `1_000_000 *`): nanoseconds and microseconds, which exceed 2^31 within seconds;
#   - an integer literal of 2^31 or more (10 digits or more, or 9 or more hex digits);
#   - `Int(` of a 64-bit value: `Int(` whose argument names `UInt64`, `Int64`, `off_t`,
#     `st_size`, `uptimeNanoseconds`, `nanoseconds` or `size` (file sizes, offsets, clocks).
# A line it flags is either fixed (Int64/UInt64 arithmetic, `Int(exactly:)` or a check against
# a bound before the conversion, `multipliedReportingOverflow`) or listed, with the reason it
# is safe on 32 bits, in Scripts/int-width-allowed.txt as `path: the line's text`.
#
# Usage: Scripts/check-int-width.sh [DIR...]   (default: Sources Sample)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
allowed="$root/Scripts/int-width-allowed.txt"
folders=("$@")
if [[ ${#folders[@]} -eq 0 ]]; then folders=("$root/Sources" "$root/Sample"); fi

pattern='(\*[[:space:]]*(1_?000_?000(_?000)*|1e(6|9|12))\b)|(\b(1_?000_?000(_?000)*|1e(6|9|12))[[:space:]]*\*)'
pattern+='|(\b[0-9]{1,3}(_[0-9]{3}){3,}\b|\b[0-9]{10,}\b|\b0x[0-9A-Fa-f_]{9,}\b)'
pattern+='|(\bInt\([^)]*\b(UInt64|Int64|off_t|st_size|uptimeNanoseconds|nanoseconds|size)\b)'

failed=0
while IFS= read -r -d '' file; do
  relative="${file#"$root"/}"
  while IFS= read -r hit; do
    [[ -z "$hit" ]] && continue
    number="${hit%%:*}"
    text="${hit#*:}"
    trimmed="$(sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' <<<"$text")"
    [[ "$trimmed" == //* ]] && continue
    if [[ -f "$allowed" ]] && grep -qxF -- "$relative: $trimmed" \
      <(grep -vE '^[[:space:]]*(#|$)' "$allowed"); then
      continue
    fi
    echo "$relative:$number: Int arithmetic that may assume 64 bits (Int is 32 bits on" \
      "watchOS): $trimmed" >&2
    failed=1
  done < <(grep -nE "$pattern" "$file" || true)
done < <(find "${folders[@]}" -name '*.swift' -print0 | sort -z)

if [[ $failed -ne 0 ]]; then
  echo "check-int-width: use Int64/UInt64, a checked conversion, or list the line with its" \
    "reason in Scripts/int-width-allowed.txt" >&2
  exit 1
fi
