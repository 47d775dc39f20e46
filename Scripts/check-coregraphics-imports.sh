#!/usr/bin/env bash
# Fails when a Swift file uses Core Graphics geometry (CGRect, CGPoint, CGSize, CGVector,
# CGAffineTransform) without
#   #if canImport(CoreGraphics)
#     import CoreGraphics   (internal: see below)
#   #endif
# and when a file imports CoreGraphics `public` or `package` although nothing in it needs that.
#
# Since the Xcode 16 SDKs, the geometry types themselves are CoreFoundation's (CFCGTypes.h,
# included by CoreFoundation.h: iPhoneOS18.0.sdk/System/Library/Frameworks/
# CoreFoundation.framework/Headers/CoreFoundation.h), and Foundation re-exports CoreFoundation;
# CoreGraphics adds their Swift members, `CGRect(x:y:width:height:)`, `.zero`, `==`, `Codable`
# (`extension CoreFoundation.CGRect` in MacOSX15.5.sdk/System/Library/Frameworks/
# CoreGraphics.framework/Versions/A/Modules/CoreGraphics.swiftmodule/
# arm64e-apple-macos.swiftinterface). `CGFloat` comes from the CoreFoundation overlay
# (MacOSX15.5.sdk/usr/lib/swift/CoreFoundation.swiftmodule/arm64e-apple-macos.swiftinterface).
# So with MemberImportVisibility a file that uses those members needs `import CoreGraphics`,
# and a public signature that shows the types needs only `public import Foundation`: a
# `public import CoreGraphics` there is unused in public declarations, a warning, an error in
# CI. Public or package is right only for what CoreGraphics itself declares in a public
# signature (a `CGColor`, `CGImage`, `CGPath`...) or inlinable code. Linux's Foundation declares
# all of it, so neither the Linux build nor the Darwin lane (DarwinCheck/) can see either
# mistake: only this text check does.
#
# Usage: Scripts/check-coregraphics-imports.sh [DIR...]   (default: the package's Swift folders)
set -euo pipefail
cd "$(dirname "$0")/.."
folders=("$@")
if [[ ${#folders[@]} -eq 0 ]]; then folders=(Sources Sample Tests Benchmarks Fuzz); fi
existing=()
for folder in "${folders[@]}"; do [[ -e "$folder" ]] && existing+=("$folder"); done

# Lines outside `//` comments.
code() { grep -nvE '^[[:space:]]*//' "$1" || true; }

failed=0
while IFS= read -r -d '' file; do
  # A `public` or `package` import of CoreGraphics needs a CoreGraphics-only type (not one of
  # CoreFoundation's) or code inlined into clients.
  wide=$(code "$file" | grep -E '^[0-9]+:[[:space:]]*(public|package) import CoreGraphics\b' \
    | head -1 || true)
  if [[ -n "$wide" ]]; then
    own=$(code "$file" | grep -oE '\bCG[A-Z][A-Za-z]*\b' \
      | grep -vxE 'CG(Float|Point|Size|Rect|Vector|AffineTransform|AffineTransformComponents|RectEdge)' \
      | head -1 || true)
    if [[ -z "$own" ]] && ! code "$file" | grep -qE '@(inlinable|_alwaysEmitIntoClient|usableFromInline)\b'; then
      echo "$file:${wide%%:*}: '$(echo "${wide#*:}" | sed 's/^[[:space:]]*//')', but nothing" \
        "in the file needs CoreGraphics in a public signature: CGPoint, CGSize, CGRect and" \
        "CGFloat come with Foundation (CoreFoundation); import CoreGraphics internally" >&2
      failed=1
    fi
  fi
  # The first use of the geometry, if any.
  use=$(code "$file" | grep -E '\bCG(Rect|Point|Size|Vector|AffineTransform)\b' | head -1 || true)
  [[ -z "$use" ]] && continue
  # An import between `#if canImport(CoreGraphics)` and its `#endif`.
  if ! awk '/^[[:space:]]*#if canImport\(CoreGraphics\)[[:space:]]*$/ { inside = 1; next }
      inside && /^[[:space:]]*#endif/ { inside = 0 }
      inside && /^[[:space:]]*((public|package|internal) )?import CoreGraphics[[:space:]]*$/ {
        found = 1 }
      END { exit !found }' "$file"; then
    echo "$file:${use%%:*}: uses Core Graphics geometry without '#if canImport(CoreGraphics)' +" \
      "'import CoreGraphics': found '$(echo "${use#*:}" | sed 's/^[[:space:]]*//')'" >&2
    failed=1
  fi
done < <(find "${existing[@]}" -name '*.swift' -not -path '*/.build/*' -print0 | sort -z)
if [[ $failed -ne 0 ]]; then exit 1; fi
echo "Core Graphics imports: every file using CG geometry imports CoreGraphics, none wider than it needs"
