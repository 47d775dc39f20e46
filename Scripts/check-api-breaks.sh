#!/usr/bin/env bash
# The API stability gate: fails when the public API of the library products has a break, since
# the last release, that Scripts/api-breaks-accepted.txt does not list.
#
#   Scripts/check-api-breaks.sh                      # against the release .api-baseline names
#   Scripts/check-api-breaks.sh --baseline COMMIT    # against any commit (a trial, a review)
#
# .api-baseline holds "<commit> <version>", or the placeholder "none" until the first release
# is tagged: with the placeholder this prints "no release yet" and passes.
#
# It runs `swift package diagnose-api-breaking-changes` (the toolchain's swift-api-digester)
# for the products PreferencesKit and PreferencesKitTesting, and the same digester on the module
# PropertyListFormats: PreferencesKit re-exports it (`PropertyListValue`), but it is the target
# of no product, which the checker skips. The checker builds the baseline
# commit in a checkout of its own, then this package: about 4 minutes on two idle cores from
# an empty .build, 1.5 with this package built (the baseline's digest is kept in
# .build/api-baselines/COMMIT, so a second run against the same commit builds it only once).
#
# The checker also reports `package` declarations, which no user can call: a break whose
# declaration (or an enclosing type) the baseline's digest marks internal is left out.
#
# A clone may be shallow and carry no tags (actions/checkout fetches one commit): a baseline
# commit the clone lacks is fetched from `origin`.
set -euo pipefail
cd "$(dirname "$0")/.."

accepted=Scripts/api-breaks-accepted.txt
commit=""
version=""
case "${1:-}" in
  --baseline) commit="${2:?--baseline needs a commit}"; version="$commit" ;;
  "") read -r commit version < <(grep -v -e '^#' -e '^[[:space:]]*$' .api-baseline) || true ;;
  *) echo "usage: $0 [--baseline COMMIT]" >&2; exit 2 ;;
esac

if [ -z "$commit" ] || [ "$commit" = none ]; then
  echo "API check: no release yet (.api-baseline holds the placeholder); nothing to compare"
  exit 0
fi

if ! git cat-file -e "$commit^{commit}" 2>/dev/null \
  || [ "$(git rev-parse --is-shallow-repository)" = true ]; then
  echo "API check: fetching $commit ($version) into this shallow or partial clone"
  # Under a tag: the checker clones this repository, and a clone copies only what refs reach.
  git fetch --quiet --depth=1 origin "+$commit:refs/tags/api-baseline-$commit" 2>/dev/null \
    || git fetch --quiet --unshallow --tags origin 2>/dev/null || true
  if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "API check: commit $commit ($version) is neither here nor at origin" >&2
    exit 1
  fi
fi
commit="$(git rev-parse "$commit^{commit}")"

# Each accepted break names a version whose CHANGELOG section explains it.
while IFS= read -r entry; do
  release="${entry%% | *}"
  if [ "$release" = "$entry" ] || ! grep -q "^## $release\b" CHANGELOG.md; then
    echo "$accepted: '$entry': no '## $release' section in CHANGELOG.md explains it" >&2
    exit 1
  fi
done < <(grep -v -e '^#' -e '^[[:space:]]*$' "$accepted" || true)

# The checker keeps each baseline's digests in a folder named after the commit, under this.
baselines=.build/api-baselines
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# PropertyListFormats is in no product, so the checker skips it ("does not exist in the
# baseline"): its digests are made below, from the baseline checkout the checker builds; when
# that digest is missing, the checker builds the baseline again.
regenerate=()
[ -f "$baselines/$commit/PropertyListFormats.json" ] || regenerate=(--regenerate-baseline)
status=0
swift package diagnose-api-breaking-changes "$commit" \
  --products PreferencesKit PreferencesKitTesting --baseline-dir "$baselines" \
  ${regenerate[@]+"${regenerate[@]}"} >"$log" 2>&1 || status=$?
if ! grep -q -e 'API breakage: ' -e 'No breaking changes detected' "$log"; then
  cat "$log" >&2
  echo "API check: the checker failed (status $status) before comparing" >&2
  exit 1
fi
digester=(swift-api-digester)
if [ "$(uname)" = Darwin ]; then
  digester=(xcrun swift-api-digester -sdk "$(xcrun --show-sdk-path)")
fi
dump() {  # MODULES-FOLDER OUTPUT
  "${digester[@]}" -dump-sdk -module PropertyListFormats -I "$1" -o "$2"
}
if [ ! -f "$baselines/$commit/PropertyListFormats.json" ]; then
  checkout="$(find .build -maxdepth 3 -type d -name "$commit-checkout" | head -n 1)"
  dump "$checkout/.build/debug/Modules" "$baselines/$commit/PropertyListFormats.json"
fi
current="$(mktemp -d)"
trap 'rm -rf "$log" "$current"' EXIT
dump "$(swift build --show-bin-path)/Modules" "$current/PropertyListFormats.json"
"${digester[@]}" -diagnose-sdk -compiler-style-diags \
  --input-paths "$baselines/$commit/PropertyListFormats.json" \
  --input-paths "$current/PropertyListFormats.json" 2>&1 | grep 'API breakage: ' >>"$log" || true

python3 - "$baselines/$commit" "$accepted" "$log" "$version" <<'PY'
import glob, json, re, sys
baselines, accepted_path, log_path, version = sys.argv[1:]

# Names of the declarations the baseline's digests mark internal (`package`, or underscored):
# "Type.Nested.member(label:)", as the checker's messages name them.
internal = set()
def walk(node, path):
    name = node.get("printedName")
    if node.get("kind") not in ("Root", None) and node.get("declKind"):
        path = path + [name]
        if node.get("isInternal"):
            internal.add(".".join(path))
    for child in node.get("children", []):
        walk(child, path)
for digest in glob.glob(baselines + "/*.json"):
    walk(json.load(open(digest))["ABIRoot"], [])
if not internal:
    sys.exit(f"API check: no digest of the baseline in {baselines}, to tell package declarations")

def is_internal(name):
    parts = re.findall(r"[^.(]+(?:\([^)]*\))?\.?", name)
    return any(".".join(p.rstrip(".") for p in parts[:n]) in internal
               for n in range(1, len(parts) + 1))

accepted = set()
for line in open(accepted_path):
    if line.strip() and not line.startswith("#"):
        accepted.add(line.split(" | ", 1)[1].strip())

breaks, package_only, allowed = [], 0, 0
for line in open(log_path):
    m = re.search(r"API breakage: (\S+) (\S+) (.*)$", line.rstrip())
    if not m:
        continue
    message = " ".join(m.groups())
    if is_internal(m.group(2)):
        package_only += 1
    elif message in accepted:
        allowed += 1
    elif message not in breaks:
        breaks.append(message)

summary = f"{package_only} on package declarations left out, {allowed} accepted"
if breaks:
    print(f"API check: {len(breaks)} public API breaks since {version} ({summary}):",
          file=sys.stderr)
    for message in breaks:
        print(f"  {message}", file=sys.stderr)
    print("Keep the old API (deprecated), or, for a new minor version, list each break in "
          f"{accepted_path} with the CHANGELOG section that explains it.", file=sys.stderr)
    sys.exit(1)
print(f"API check: no public API break since {version} ({summary})")
PY
