#!/usr/bin/env bash
# Prints our construct+verify figures beside a plain fill of 4 bytes a square, in one run.
# Usage: bash bench/compare.sh [SIDE]   (default 10000: a 10^8-square board)
#        BASELINE=1 bash bench/compare.sh   also times the plain-backtracking baseline
set -euo pipefail
cd "$(dirname "$0")/.."
side=${1:-10000}
cargo build --release --quiet --bin knight-tour --example fill
bin=target/release/knight-tour
echo "== baseline"
target/release/examples/fill $((side * side))
echo "== knight-tour (closed ${side}x${side}, construct + verify, 3 runs)"
for _ in 1 2 3; do "$bin" solve "${side}x${side}" --closed --format summary; done
echo "== knight-tour (1000x1000 closed; 999x999 open from the middle; 3x1001; 4x1000 open)"
"$bin" solve 1000x1000 --closed --format summary
"$bin" solve 999x999 --start 500,500 --format summary
"$bin" solve 3x1001 --format summary
"$bin" solve 4x1000 --format summary
"$bin" solve 4x1000 --start 0,501 --format summary
if [ "${BASELINE:-0}" = 1 ]; then
  echo "== plain backtracking, 8x8 from the corner in the tutorial's move order (about 20 s)"
  "$bin" solve 8x8 --method backtrack --budget 2000000000 --format summary
  echo "the Java tutorial: 45 s (the same search, recursive)"
fi
echo "== peers (figures quoted in issue 3, not measured here)"
echo "an existing Rust tool: 41 s and 13 GB for 10000x10000; a C++ one: 3 s for 3000x3000"
