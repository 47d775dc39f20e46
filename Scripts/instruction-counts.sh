#!/usr/bin/env bash
# Guards the cost of the hot operations with counts, which are deterministic, where time is not:
# instructions (valgrind's callgrind) and heap allocations (valgrind's memcheck) of one read and
# one assignment (with Observation off and on), one read of a `String` (boxed, under the lock),
# one 1-key write into a 1,000-key file store, and one creation of 100 preferences (from memory
# and from a 100-key file).
#
#   Scripts/instruction-counts.sh            compare with the baseline; fail on growth over 10%
#   Scripts/instruction-counts.sh --update   rewrite the baseline, for a change meant to cost more
#
# Each operation runs in the release build of PreferencesBenchmarks (`--child-count`) n times
# and 0 times (both after one warm-up run); the difference divided by n is the operation's
# count, free of start-up and exit. Hashing is made deterministic, so the same binary and
# inputs give the same counts. Counts depend on the toolchain and the C library, so the
# baseline names the toolchain it was counted with: with another toolchain the counts are
# printed and not compared (update the baseline when CI's toolchain changes).
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=Benchmarks/instruction-counts.txt
update=false
if [[ "${1:-}" == "--update" ]]; then update=true; fi

if ! command -v valgrind >/dev/null; then
  echo "instruction-counts.sh: valgrind is needed (apt-get install valgrind)" >&2
  exit 1
fi
# The C target's debug information as DWARF 4: valgrind 3.19 cannot read clang's DWARF 5 and
# gives up on the whole binary. Debug information only; the code counted is the same.
swift build -c release --product PreferencesBenchmarks -Xcc -gdwarf-4 >/dev/null
binary="$(swift build -c release --show-bin-path)/PreferencesBenchmarks"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SWIFT_DETERMINISTIC_HASHING=1

# instructions <operation> <n>: instructions of the whole run.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind" \
    "$binary" --child-count "$1" "$2" >/dev/null 2>"$work/log"
  awk '/^(summary|totals):/ { print $2; exit }' "$work/callgrind"
}

# allocations <operation> <n>: heap allocations of the whole run.
allocations() {
  valgrind --tool=memcheck --leak-check=no "$binary" --child-count "$1" "$2" \
    >/dev/null 2>"$work/log"
  sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$work/log" | tr -d ,
}

# per_operation <measure> <operation> <n>: the count of one operation.
per_operation() {
  local many none
  many=$("$1" "$2" "$3")
  none=$("$1" "$2" 0)
  if [[ -z "$many" || -z "$none" ]]; then
    echo "instruction-counts.sh: $1 of $2 found no count; valgrind said:" >&2
    cat "$work/log" >&2
    exit 1
  fi
  echo $(((many - none + $3 / 2) / $3))
}

# How many times each operation runs: enough that rounding is far below 10%.
declare -A runs=(
  [read]=20000 [read-string]=20000 [assign]=20000 [read-observed]=20000 [assign-observed]=20000 [write]=20
  [create]=20 [create-file]=20
)

toolchain="$(swift --version 2>/dev/null | head -n 1)"
measured="$work/measured"
echo "# $toolchain: operation instructions allocations (per operation)" >"$measured"
for operation in read read-string assign read-observed assign-observed write create create-file; do
  n=${runs[$operation]}
  # Assigned first, so that a failed count stops the script (`set -e`).
  instructions_count=$(per_operation instructions "$operation" "$n")
  allocations_count=$(per_operation allocations "$operation" "$n")
  echo "$operation $instructions_count $allocations_count" >>"$measured"
done

if $update; then
  cp "$measured" "$baseline"
  cat "$baseline"
  exit 0
fi

counted_with="$(head -n 1 "$baseline" | sed -n 's/^# \(.*\): operation .*/\1/p')"
if [[ "$counted_with" != "$toolchain" ]]; then
  echo "instruction-counts.sh: the baseline was counted with '$counted_with', this is" \
    "'$toolchain'; counts not compared:"
  cat "$measured"
  exit 0
fi

# Fails when a count grew by more than 10% (any allocation where there were none).
awk '
  FNR == 1 { next }
  NR == FNR { instructions[$1] = $2; allocations[$1] = $3; next }
  {
    status = "ok"
    if (!($1 in instructions)) { status = "NOT IN BASELINE"; failed = 1 }
    else if ($2 > instructions[$1] * 1.1 || $3 > allocations[$1] * 1.1) {
      status = "GREW MORE THAN 10%"; failed = 1
    }
    printf "%-15s instructions %9d (baseline %9d)  allocations %5d (baseline %5d)  %s\n",
      $1, $2, instructions[$1], $3, allocations[$1], status
  }
  END {
    if (failed) {
      print "A count grew: find why, or run Scripts/instruction-counts.sh --update if the change"
      print "is meant to cost more, and commit the baseline."
      exit 1
    }
  }
' "$baseline" "$measured"
