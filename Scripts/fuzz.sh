#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs them.
#
# Usage: Scripts/fuzz.sh [--seconds N | --runs N [--seed S]] [--corpus-only] [TARGET...]
#   --seconds N     how long to fuzz each target (default 60)
#   --runs N        fuzz each target for N inputs instead, with libFuzzer's seed S (default
#                   1): the same inputs on every machine, as CI needs
#   --corpus-only   instead of fuzzing, run every committed file in Fuzz/Corpus and
#                   Fuzz/Regressions through every target once, and fail if any crashes
#   TARGET          FuzzXMLParser FuzzJSONParser FuzzBinaryParser FuzzValueDecoder
#                   FuzzImportValues FuzzTOMLParser (default: all)
#
# Inputs found while fuzzing collect in Fuzz/.build/corpus/TARGET; a crash leaves its input in
# Fuzz/.build/crashes/. Commit a crashing input to Fuzz/Regressions/TARGET/ once it is fixed.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
# The Swift runtime's own crash backtracer trips AddressSanitizer; libFuzzer reports crashes.
export SWIFT_BACKTRACE=enable=no

seconds=60
runs=0
seed=1
corpus_only=0
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --corpus-only) corpus_only=1; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(FuzzXMLParser FuzzJSONParser FuzzBinaryParser FuzzValueDecoder FuzzImportValues FuzzTOMLParser)
if [[ ${#targets[@]} -eq 0 ]]; then targets=("${all[@]}"); fi

flags=(-c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
# The linker warns about every sanitizer symbol it cannot export; only failures matter.
swift build "${flags[@]}" 2>&1 | grep -v "Cannot export local symbol" || true
bin="$(swift build "${flags[@]}" --show-bin-path)"
for target in "${targets[@]}"; do
  [[ -x "$bin/$target" ]] || { echo "fuzz.sh: $target was not built" >&2; exit 1; }
done

# libFuzzer's options: a hang is an input that takes over 10 s; leaks in the Swift runtime's
# caches are not the parsers' business.
options=(-timeout=10 -max_len=8192 -detect_leaks=0 -print_final_stats=1)
if [[ $corpus_only -eq 1 ]]; then
  files=()
  for folder in Corpus Regressions; do
    [[ -d $folder ]] && while IFS= read -r file; do files+=("$file"); done \
      < <(find "$folder" -type f | sort)
  done
  log="$(mktemp)"
  trap 'rm -f "$log"' EXIT
  for target in "${targets[@]}"; do
    if "$bin/$target" "${options[@]}" -runs=0 "${files[@]}" > "$log" 2>&1; then
      echo "$target: ${#files[@]} files, no crash"
    else
      cat "$log"
      echo "fuzz.sh: $target crashed on a committed file" >&2
      exit 1
    fi
  done
  exit 0
fi

for target in "${targets[@]}"; do
  work=".build/corpus/$target"
  mkdir -p "$work" .build/crashes
  seeds=()
  for folder in "Corpus/$target" "Regressions/$target"; do [[ -d $folder ]] && seeds+=("$folder"); done
  if [[ $runs -gt 0 ]]; then
    budget=(-runs="$runs" -seed="$seed")
    echo "== $target for $runs inputs, seed $seed"
  else
    budget=(-max_total_time="$seconds")
    echo "== $target for ${seconds}s"
  fi
  "$bin/$target" "${options[@]}" "${budget[@]}" \
    -artifact_prefix=".build/crashes/$target-" "$work" "${seeds[@]}"
done
