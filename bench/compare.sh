#!/usr/bin/env bash
# Prints our figures beside their floors, with the ratio, in one run on one machine:
#   - construct + verify of a closed SIDE x SIDE tour against a plain fill of 4 bytes a square;
#   - writing the 3000x3000 tour as JSON (and CSV, moves, text) against one plain buffered
#     write of the same number of bytes.
#   - counting Luschny's table of knight's paths and cycles against his published times.
# Usage: bash bench/compare.sh [SIDE]   (default 10000: a 10^8-square board)
#        BIG=1 bash bench/compare.sh       also counts 7x7 open (a minute, 4 GB), 3x1000, 4x1000
#        BASELINE=1 bash bench/compare.sh   also times the plain-backtracking baseline
#        STATIC=0 bash bench/compare.sh     skips the static build's start-up (a 3-minute build)
#        ROUNDS=N bash bench/compare.sh     rounds of fill and tours (default 5; the best of
#                                           each counts, as a shared machine's slow spells
#                                           hit single runs by 30%)
set -euo pipefail
cd "$(dirname "$0")/.."
side=${1:-10000}
cargo build --release --quiet --bin knight-tour --example fill --example plain_write --example write_speed --example startup --example count_table --example macros
bin=target/release/knight-tour
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ms() { echo "$1" | sed -n 's/.* in \([0-9.]*\) ms.*/\1/p'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
best() { sort -n | head -1; }
first() { head -1 | sed 's/.* in \([0-9.]*\) ms.*/\1 ms/'; }

echo "== construct + verify on ${side}x${side} against the 4-byte fill: rounds of fill, closed, open from"
rounds=${ROUNDS:-5}
echo "   the middle and given ends (middle to far corner), on every core then on one; best of $rounds each"
mid=$((side / 2))
declare -A args=(
  [closed]="--closed"
  [open]="--start $mid,$mid"
  [ends]="--start $mid,$mid --end $((side - 1)),$((side - 2))"
)
kinds=(closed open ends)
declare -A all one peak
fills=()
for _ in $(seq "$rounds"); do
  fills+=("$(ms "$(target/release/examples/fill $((side * side)) | sed 's/: / in /')")")
  for k in "${kinds[@]}"; do
    # shellcheck disable=SC2086
    r=$("$bin" solve "${side}x${side}" ${args[$k]} --format summary | head -1)
    all[$k]+="$(ms "$r") "
    b=$(echo "$r" | sed -n 's/.*(\([0-9.]*\) bytes\/square).*/\1/p')
    peak[$k]=$(printf '%s\n' "${peak[$k]:-0}" "$b" | sort -n | tail -1)
    # shellcheck disable=SC2086
    one[$k]+="$(ms "$(RAYON_NUM_THREADS=1 "$bin" solve "${side}x${side}" ${args[$k]} --format summary | head -1)") "
  done
done
fill=$(printf '%s\n' "${fills[@]}" | best)
echo "fill floor ${fill} ms"
for k in "${kinds[@]}"; do
  a=$(printf '%s\n' ${all[$k]} | best)
  o=$(printf '%s\n' ${one[$k]} | best)
  echo "$k: ${a} ms, $(ratio "$a" "$fill") the floor (goal <= 1.5x); one thread ${o} ms," \
    "$(ratio "$o" "$fill") (goal <= 2.5x); peak ${peak[$k]} bytes/square (goal <= 4.5)"
done

echo "== the wazir and the king on ${side}x${side} (issue 38): closed, and between given ends (the middle"
echo "   to near the far corner), on every core, against the same fill floor; best of $rounds each"
for piece in wazir king; do
  for k in closed ends; do
    # shellcheck disable=SC2086
    p=$(for _ in $(seq "$rounds"); do ms "$("$bin" solve "${side}x${side}" --piece "$piece" ${args[$k]} --format summary | head -1)"; done | best)
    echo "$piece $k: ${p} ms, $(ratio "$p" "$fill") the floor (the knight's: $(ratio "$(printf '%s\n' ${all[$k]} | best)" "$fill"))"
  done
done

echo "== scaling: the closed ${side}x${side} tour and the fill, on 1, 2, 4, 8 and 16 threads (as many as"
echo "   the machine has); best of $rounds each; the fill on T threads first-touches its pages on T threads"
cores=$(nproc)
one_tour=""
for t in 1 2 4 8 16; do
  [ "$t" -le "$cores" ] || break
  f=$(for _ in $(seq "$rounds"); do ms "$(target/release/examples/fill $((side * side)) "$t" | sed 's/: / in /')"; done | best)
  o=$(for _ in $(seq "$rounds"); do ms "$(RAYON_NUM_THREADS=$t "$bin" solve "${side}x${side}" --closed --format summary | head -1)"; done | best)
  one_tour=${one_tour:-$o}
  echo "$t threads: tour ${o} ms, fill ${f} ms, $(ratio "$o" "$f") the fill; $(ratio "$one_tour" "$o") faster than on one thread"
done

echo "== given ends on smaller boards"
for pair in "0,0 999,998" "500,500 501,502" "0,500 999,502"; do
  set -- $pair
  echo "1000x1000 from $1 to $2: $("$bin" solve 1000x1000 --start "$1" --end "$2" --format summary | first) (goal < 50 ms)"
done

echo "== knight round macros (issue 39): even sides 2x2 to 40x60, 6 squares apart and from the edge;"
echo "   whole process, closed tour, against the plain board of the same size: the two run in turn,"
echo "   best of 5 each (a slow spell of a shared machine then hits both alike)"
once() {
  t0=$(date +%s%N)
  "$bin" "$@" > /dev/null
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
}
for plan in "200 20 50" "2000 1000 1000" "$side $(( side * side / 10000 )) 0"; do
  set -- $plan
  target/release/examples/macros "$1" "$2" > "$tmp/blocks.txt"
  ms_b=""
  ms_p=""
  for _ in 1 2 3 4 5; do
    ms_b+="$(once solve "$1x$1" --closed --blocks "$tmp/blocks.txt" --format summary) "
    ms_p+="$(once solve "$1x$1" --closed --format summary) "
  done
  # shellcheck disable=SC2086
  m=$(printf '%s\n' $ms_b | best)
  # shellcheck disable=SC2086
  p=$(printf '%s\n' $ms_p | best)
  goal=$([ "$3" = 0 ] && echo "goal <= 3x the plain board" || echo "goal < $3 ms")
  echo "$1x$1 round $2 macros: ${m} ms; plain board ${p} ms, $(ratio "$m" "$p") ($goal)"
  peak_of() { "$bin" "$@" | sed -n 's/.*peak memory \([0-9.]* [KMG]B\).*/\1/p'; }
  echo "   peak memory: $(peak_of solve "$1x$1" --closed --blocks "$tmp/blocks.txt" --format summary); plain board $(peak_of solve "$1x$1" --closed --format summary) (goal: as for the plain board)"
done

echo "== writers alone: the built 3000x3000 tour into a file, against one plain buffered write"
echo "   of the same bytes into the same folder, both timed in one process (best of 3)"
target/release/examples/write_speed 3000 "$tmp"
echo "(goal: json within 2x of the plain write)"
echo "== writing 3000x3000 to a file through stdout (whole process: build, verify, write; best of 3)"
echo "   against one plain buffered write of the same bytes (best of 3); dirty pages synced between runs"
for fmt in json csv moves text; do
  out="$tmp/tour.$fmt"
  ours=$(for _ in 1 2 3; do
    rm -f "$out"; sync
    t0=$(date +%s%N)
    "$bin" solve 3000x3000 --closed --format "$fmt" > "$out"
    t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
  done | best)
  size=$(stat -c %s "$out")
  rm -f "$out"
  plain=$(for _ in 1 2 3; do
    rm -f "$tmp/plain"; sync
    target/release/examples/plain_write "$size" "$tmp/plain" | sed -n 's/.*: \([0-9.]*\) ms/\1/p'
  done | best)
  rm -f "$tmp/plain"
  echo "$fmt: $size bytes in ${ours} ms; plain write ${plain} ms; $(ratio "$ours" "$plain")"
  if [ "$fmt" = json ]; then json_write=$ours; json_size=$size; fi
done
echo "== reading it back: verify the 3000x3000 JSON (whole process: read, check, verify; best of 3)"
"$bin" solve 3000x3000 --closed --format json > "$tmp/tour.json"
read_ms=$(for _ in 1 2 3; do
  t0=$(date +%s%N)
  "$bin" verify "$tmp/tour.json" > /dev/null
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
done | best)
rm -f "$tmp/tour.json"
echo "verify: $json_size bytes in ${read_ms} ms; writing them took ${json_write} ms: $(ratio "$read_ms" "$json_write")"
echo "(goal: json 3x faster than before issue 16: 1056 ms)"

echo "== other boards"
"$bin" solve 1000x1000 --closed --format summary
"$bin" solve 999x999 --start 500,500 --format summary
"$bin" solve 3x1001 --format summary
"$bin" solve 4x1000 --format summary
"$bin" solve 4x1000 --start 0,501 --format summary
echo "== counting: Luschny's table in one process, on every core, then on one (BIG=1: 7x7 too)"
target/release/examples/count_table ${BIG:+big} | tail -n +24
RAYON_NUM_THREADS=1 target/release/examples/count_table | tail -1 | sed 's/^/one thread: /'
echo "== start-up: solve 8x8, whole process (spawn, run, exit; best of 3 x 100 runs), beside the C"
echo "   program of the source documents (bench/warnsdorff.c, seeds/002: Warnsdorff's rule with"
echo "   backtracking on 8x8) (goal: within 1.5x the C program)"
host=$(rustc -vV | sed -n 's/^host: //p')
static_bin=""
if [ "${STATIC:-1}" = 1 ] && [[ "$host" == *-linux-gnu ]]; then
  # The static build README.md describes (no dynamic loader, no relocations at start-up).
  RUSTFLAGS="-C target-feature=+crt-static -C relocation-model=static" \
    cargo build --release --quiet --bin knight-tour --target "$host"
  static_bin="target/$host/release/knight-tour"
fi
cc -O2 -o "$tmp/warnsdorff" bench/warnsdorff.c
starts=("C|$tmp/warnsdorff" "ours|$bin solve 8x8")
[ -n "$static_bin" ] && starts+=("ours, static|$static_bin solve 8x8")
declare -A start_best start_line
for _ in 1 2 3; do
  for s in "${starts[@]}"; do
    # shellcheck disable=SC2086
    line=$(target/release/examples/startup ${s#*|})
    b=${line%% ms best*}
    if [ -z "${start_best[${s%%|*}]:-}" ] || awk -v a="$b" -v c="${start_best[${s%%|*}]}" 'BEGIN { exit !(a < c) }'; then
      start_best[${s%%|*}]=$b
      start_line[${s%%|*}]=$line
    fi
  done
done
for s in "${starts[@]}"; do
  k=${s%%|*}
  echo "$k: ${start_line[$k]} ($(ratio "${start_best[$k]}" "${start_best[C]}") the C program)"
done
if [ "${BASELINE:-0}" = 1 ]; then
  echo "== plain backtracking, 8x8 from the corner in the tutorial's move order (about 20 s)"
  "$bin" solve 8x8 --method backtrack --budget 2000000000 --format summary
  echo "the Java tutorial: 45 s (the same search, recursive)"
fi
echo "== peers (figures quoted in issue 16, not measured here)"
echo "knights-tour-rs: 60.6 s and 13.0 GB for 10000x10000; Tourney: 3.06 s and 1.15 GB"
