#!/usr/bin/env bash
# Fails when a Swift file uses Core Graphics geometry (CGRect, CGPoint, CGSize, CGVector,
# CGAffineTransform) without
#   #if canImport(CoreGraphics)
#     import CoreGraphics   (public or package when the file's API shows the type)
#   #endif
#
# On Apple platforms those types, their initializers, `.zero` and `==` are declared in the
# CoreGraphics module, which Foundation does not re-export to Swift, so with
# MemberImportVisibility such a file does not compile there. Linux's Foundation declares them
# itself, so neither the Linux build nor the Darwin lane (DarwinCheck/) can see the mistake:
# only this text check does. `CGFloat` alone needs no import: the SDK declares it in the
# CoreFoundation overlay, which Foundation re-exports
# (MacOSX15.5.sdk/usr/lib/swift/CoreFoundation.swiftmodule/arm64e-apple-macos.swiftinterface).
#
# Usage: Scripts/check-coregraphics-imports.sh [DIR...]   (default: the package's Swift folders)
set -euo pipefail
cd "$(dirname "$0")/.."
folders=("$@")
if [[ ${#folders[@]} -eq 0 ]]; then folders=(Sources Sample Tests Benchmarks); fi

failed=0
while IFS= read -r -d '' file; do
  # The first use outside a comment, if any.
  use=$(grep -nE '\bCG(Rect|Point|Size|Vector|AffineTransform)\b' "$file" \
    | grep -vE '^[0-9]+:[[:space:]]*//' | head -1 || true)
  [[ -z "$use" ]] && continue
  if ! grep -A1 -E '^[[:space:]]*#if canImport\(CoreGraphics\)[[:space:]]*$' "$file" \
    | grep -qE '^[[:space:]]*((public|package|internal) )?import CoreGraphics[[:space:]]*$'; then
    echo "$file:${use%%:*}: uses Core Graphics geometry without '#if canImport(CoreGraphics)' +" \
      "'import CoreGraphics': found '$(echo "${use#*:}" | sed 's/^[[:space:]]*//')'" >&2
    failed=1
  fi
done < <(find "${folders[@]}" -name '*.swift' -not -path '*/.build/*' -print0 | sort -z)
if [[ $failed -ne 0 ]]; then exit 1; fi
echo "Core Graphics imports: every file using CG geometry imports CoreGraphics"
