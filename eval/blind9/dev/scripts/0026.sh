#!/usr/bin/env bash
# Throughput benchmark for our own `proj` binary across input sizes.
#
# Generates synthetic inputs under bench/out/inputs, runs the release binary
# several times per size, and writes bench/out/results.csv plus a short table.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/bench/out"
INPUTS="$OUT/inputs"
BIN="$ROOT/target/release/proj"
RUNS="${RUNS:-5}"
SIZES=(1000 10000 100000 500000)

mkdir -p "$INPUTS"

build() {
  echo "building release binary"
  cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml"
}

gen_input() {
  local n="$1" file="$INPUTS/records-$1.jsonl"
  if [[ -s "$file" ]]; then
    echo "$file"
    return
  fi
  awk -v n="$n" 'BEGIN {
    srand(42);
    for (i = 0; i < n; i++) {
      printf "{\"id\":%d,\"name\":\"user%d\",\"score\":%.3f,\"tags\":[\"a\",\"b\"]}\n", i, i, rand() * 100;
    }
  }' > "$file"
  echo "$file"
}

now_ns() { date +%s%N; }

median() {
  sort -n | awk '{ a[NR] = $1 } END {
    if (NR % 2) print a[(NR + 1) / 2];
    else print (a[NR / 2] + a[NR / 2 + 1]) / 2
  }'
}

bench_size() {
  local n="$1" input
  input="$(gen_input "$n")"
  "$BIN" stats "$input" >/dev/null   # warm the page cache
  local samples=()
  for _ in $(seq 1 "$RUNS"); do
    local t0 t1
    t0="$(now_ns)"
    "$BIN" stats "$input" >/dev/null
    t1="$(now_ns)"
    samples+=("$(( (t1 - t0) / 1000 ))")
  done
  local med
  med="$(printf '%s\n' "${samples[@]}" | median)"
  local bytes
  bytes="$(stat -c %s "$input" 2>/dev/null || stat -f %z "$input")"
  local mbps
  mbps="$(awk -v b="$bytes" -v us="$med" 'BEGIN { printf "%.1f", (b / 1048576) / (us / 1e6) }')"
  echo "$n,$bytes,$med,$mbps"
}

main() {
  [[ "${SKIP_BUILD:-0}" == 1 ]] || build
  [[ -x "$BIN" ]] || { echo "missing $BIN" >&2; exit 1; }

  local csv="$OUT/results.csv"
  echo "records,bytes,median_us,mb_per_s" > "$csv"
  for n in "${SIZES[@]}"; do
    printf 'size %-8s ' "$n"
    line="$(bench_size "$n")"
    echo "$line" >> "$csv"
    echo "$line" | awk -F, '{ printf "median %8d us  %7s MB/s\n", $3, $4 }'
  done

  echo
  column -t -s, "$csv"
  echo
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD)  runs per size: $RUNS"
  echo "results in ${csv#"$ROOT"/}"
}

main "$@"
