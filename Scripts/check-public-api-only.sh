#!/usr/bin/env bash
# Fails on what compiles with Linux's toolchain but not with Apple's SDKs: the SDKs ship the
# standard library as a public `.swiftinterface` only (MacOSX15.5.sdk/usr/lib/swift/
# Swift.swiftmodule/ holds no `.private.swiftinterface`), which leaves out every `@_spi`
# declaration, while Linux's binary module keeps them. So the package uses
#   - no `@_spi(...)` import or attribute,
#   - no `@_silgen_name` (a private runtime entry point, no declaration at all),
#   - no underscored name that it does not declare itself, unless Scripts/public-api-allowlist.txt
#     lists it with the SDK line that declares it publicly (`_fastPath`, `_isPOD`...).
# A name the package declares (`func _name`, `var _name`, or `_name`, the storage of a
# property-wrapped `var name`) is its own. Comments and one-line string literals are skipped.
#
# Fuzz/ is not checked: a package of its own, built only by Scripts/fuzz.sh with libFuzzer on
# Linux, whose entry points need `@_cdecl` and `@_silgen_name` (see its README).
#
# Usage: Scripts/check-public-api-only.sh [DIR...]   (default: the package's Swift folders)
set -euo pipefail
cd "$(dirname "$0")/.."
allowlist=Scripts/public-api-allowlist.txt
folders=("$@")
if [[ ${#folders[@]} -eq 0 ]]; then folders=(Sources Tests Sample Benchmarks); fi

failed=0
fail() { echo "$*" >&2; failed=1; }

# Every allow-list entry names its SDK file and a public declaration of the name.
allowed=()
while IFS= read -r line; do
  [[ -z "$line" || "$line" == \#* ]] && continue
  IFS='|' read -r name path declaration <<<"$line"
  name="$(echo "$name" | xargs)"
  if [[ -z "$name" || "$path" != *sdk/* || "$declaration" != *"$name"* ]]; then
    fail "$allowlist: '$line': an entry is 'name | SDK file | declaration naming it'"
  fi
  allowed+=("$name")
done <"$allowlist"

files=()
while IFS= read -r -d '' file; do files+=("$file"); done \
  < <(find "${folders[@]}" -name '*.swift' -not -path '*/.build/*' -print0 | sort -z)

# The code of a file: `//` comments and one-line string literals removed, numbered lines.
code() {
  sed -E 's#(^|[[:space:]])//.*$##; s/"([^"\\]|\\.)*"/""/g' "$1" | grep -n '' || true
}

# Names the package declares.
declarations() {
  code "$1" \
    | { grep -oE '\b(func|var|let|class|struct|enum|protocol|typealias|case|actor)[[:space:]]+_[A-Za-z][A-Za-z0-9_]*' || true; } \
    | awk '{ print $NF }'
  # The storage of a property-wrapped `var name`: `_name`.
  code "$1" | { grep -E '@[A-Za-z]+.*\bvar[[:space:]]+[A-Za-z]' || true; } \
    | { grep -oE '\bvar[[:space:]]+[A-Za-z][A-Za-z0-9_]*' || true; } | awk '{ print "_" $NF }'
}
declared="$(for file in "${files[@]}"; do declarations "$file"; done | sort -u)"

for file in "${files[@]}"; do
  while IFS= read -r hit; do
    fail "$file:${hit%%:*}: '@_spi' or '@_silgen_name': not in the Apple SDKs' public interfaces"
  done < <(code "$file" | { grep -E '@_spi\b|@_silgen_name\b' || true; })
  while IFS=: read -r number name; do
    grep -qxF -- "$name" <<<"$declared" && continue
    for entry in "${allowed[@]}"; do [[ "$entry" == "$name" ]] && continue 2; done
    fail "$file:$number: '$name' is underscored API the package does not declare; use public" \
      "API, or list it in $allowlist with the SDK line that declares it publicly"
  done < <(code "$file" | grep -oE '^[0-9]+:|(^|[^A-Za-z0-9_$])_[A-Za-z][A-Za-z0-9_]*' \
    | awk '/^[0-9]+:$/ { line = $0; next } { sub(/^[^_]*/, ""); print line $0 }' | sort -u)
done
if [[ $failed -ne 0 ]]; then exit 1; fi
echo "Public API only: no SPI, no @_silgen_name, every underscored name declared or allowed"
