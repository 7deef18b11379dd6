#!/usr/bin/env bash
# Benchmark cold and warm build times for the workspace and append to bench/results.csv.
set -euo pipefail

RUNS="${RUNS:-5}"
OUT_DIR="bench"
OUT="$OUT_DIR/results.csv"
SCRATCH="$(mktemp -d -t build-bench.XXXXXX)"
trap 'rm -rf "$SCRATCH"' EXIT

mkdir -p "$OUT_DIR"
[[ -f "$OUT" ]] || echo "date,commit,kind,run,seconds" > "$OUT"

now() { date +%s.%N; }

elapsed() {
  local start="$1" end="$2"
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }'
}

cold_build() {
  CARGO_TARGET_DIR="$SCRATCH/target" cargo build --release --quiet
}

warm_build() {
  touch src/lib.rs
  CARGO_TARGET_DIR="$SCRATCH/target" cargo build --release --quiet
}

record() {
  local kind="$1" run="$2" secs="$3"
  echo "$(date -u +%F),$(git rev-parse --short HEAD),$kind,$run,$secs" >> "$OUT"
  printf '%-5s run %d: %ss\n' "$kind" "$run" "$secs"
}

summary() {
  awk -F, -v c="$(git rev-parse --short HEAD)" '
    $2 == c { sum[$3] += $5; n[$3]++ }
    END { for (k in sum) printf "%s mean: %.2fs over %d runs\n", k, sum[k] / n[k], n[k] }
  ' "$OUT"
}

main() {
  local i s e
  for ((i = 1; i <= RUNS; i++)); do
    rm -rf "$SCRATCH/target"
    s="$(now)"; cold_build; e="$(now)"
    record cold "$i" "$(elapsed "$s" "$e")"
    s="$(now)"; warm_build; e="$(now)"
    record warm "$i" "$(elapsed "$s" "$e")"
  done
  summary
}

main "$@"
