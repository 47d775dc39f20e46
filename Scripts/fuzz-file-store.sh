#!/usr/bin/env bash
# Feeds a long run of random malformed inputs to the file store's parsers.
#
# Usage: Scripts/fuzz-file-store.sh [iterations-per-format] [seed]
# A failure prints the seed; pass it back to replay the same inputs.
set -euo pipefail
cd "$(dirname "$0")/.."
export FILESTORE_FUZZ_ITERATIONS="${1:-200000}"
if [[ $# -ge 2 ]]; then export FILESTORE_FUZZ_SEED="$2"; fi
echo "fuzzing with ${FILESTORE_FUZZ_ITERATIONS} inputs per format, seed ${FILESTORE_FUZZ_SEED:-random}"
swift test --filter PropertyListParserFuzzTests
