#!/usr/bin/env bash
#
# gbench.sh - run tessera's Google Benchmark executables and compare against the
# baseline JSON committed in bench/baseline/.
#
#   tools/gbench.sh                         # run all, compare, print table
#   tools/gbench.sh resize_bench            # only one executable
#   tools/gbench.sh --update-baseline       # overwrite bench/baseline/*.json
#   tools/gbench.sh --filter 'BM_Resize.*'  # pass a --benchmark_filter
#
# Results go to _build/bench/<stamp>/.  Comparison uses the compare.py tool that
# ships with Google Benchmark (tools/compare.py in the fetched dependency);
# if it is missing a simple jq-based comparison is used instead.
# The benchmark binaries are pinned to one CPU with taskset when available and
# the CPU governor is reported (not changed).

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly BIN_DIR="$TOP/_build/bench"
readonly BASE_DIR="$TOP/bench/baseline"
readonly STAMP=$(date +%Y%m%dT%H%M%S)
readonly RUN_DIR="$BIN_DIR/runs/$STAMP"
UPDATE=false
FILTER='.*'
REPS=${REPS:-5}
THRESHOLD=${THRESHOLD:-0.07}
declare -a ONLY=()

out()  { printf '%s\n' "$*"; }
err()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
quit() { err "$*"; exit 1; }

while (( $# )); do
  case $1 in
    --update-baseline) UPDATE=true ;;
    --filter) FILTER=${2:?}; shift ;;
    --reps) REPS=${2:?}; shift ;;
    -*) quit "unknown option $1" ;;
    *) ONLY+=("$1") ;;
  esac
  shift
done

command -v jq >/dev/null || quit "jq is required"
[[ -d $BIN_DIR ]] || quit "no $BIN_DIR; build with -DTESSERA_BENCH=ON"

list_runs() {
  local d
  for d in "$BIN_DIR"/runs/*/; do
    [[ -d $d ]] || continue
    printf '%s  %s\n' "$(basename -- "$d")" "$(sed -n 's/^commit: //p' "$d/environment.txt" 2>/dev/null)"
  done
}

if [[ ${ONLY[0]:-} == list-runs ]]; then
  list_runs
  exit 0
fi

executables() {
  if (( ${#ONLY[@]} )); then
    printf '%s\n' "${ONLY[@]}"
    return
  fi
  local f
  for f in "$BIN_DIR"/*_bench; do
    [[ -x $f ]] && printf '%s\n' "${f##*/}"
  done
}

environment_report() {
  local gov=/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
  {
    out "date: $(date -Is)"
    out "commit: $(git -C "$TOP" rev-parse --short HEAD)$(git -C "$TOP" diff --quiet || echo -dirty)"
    out "kernel: $(uname -r)"
    out "cpu: $(lscpu 2>/dev/null | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}')"
    [[ -r $gov ]] && out "governor: $(<"$gov")"
    out "load: $(cut -d' ' -f1-3 /proc/loadavg)"
  } >"$RUN_DIR/environment.txt"
  if [[ -r $gov && $(<"$gov") != performance ]]; then
    err "CPU governor is $(<"$gov"); results may be noisy (not changing it)"
  fi
}

run_one() {
  local exe=$1
  local pin=()
  command -v taskset >/dev/null && pin=(taskset -c "$(( $(nproc) - 1 ))")
  out "running $exe (x$REPS)"
  "${pin[@]}" "$BIN_DIR/$exe" \
    --benchmark_filter="$FILTER" \
    --benchmark_repetitions="$REPS" \
    --benchmark_report_aggregates_only=true \
    --benchmark_out_format=json \
    --benchmark_out="$RUN_DIR/$exe.json" >/dev/null
}

compare_py() {
  local found
  found=$(find "$TOP/_build" -path '*benchmark*/tools/compare.py' -print -quit 2>/dev/null || true)
  printf '%s' "$found"
}

compare_one() {
  local exe=$1 base="$BASE_DIR/$1.json" cur="$RUN_DIR/$1.json" tool
  [[ -f $base ]] || { out "  no baseline for $exe"; return 0; }
  tool=$(compare_py)
  if [[ -n $tool ]]; then
    python3 "$tool" -a benchmarks "$base" "$cur" | tee "$RUN_DIR/$exe.compare.txt" | tail -n +3
  fi
  # regression gate: median real_time ratio above threshold
  jq -r --slurpfile b "$base" --arg t "$THRESHOLD" '
    [.benchmarks[] | select(.aggregate_name == "median")] as $cur
    | [$b[0].benchmarks[] | select(.aggregate_name == "median")] as $old
    | $cur[] as $c
    | ($old[] | select(.run_name == $c.run_name)) as $o
    | (($c.real_time - $o.real_time) / $o.real_time) as $d
    | select($d > ($t | tonumber))
    | "REGRESSION \($c.run_name): \(($d * 100) | floor)%"
  ' "$cur"
}

markdown_table() {
  # one markdown table across executables, for pasting into a PR
  local exe f
  printf '| benchmark | median real time | cpu time | iterations |\n|---|---:|---:|---:|\n'
  for exe in "$@"; do
    f="$RUN_DIR/$exe.json"
    [[ -f $f ]] || continue
    jq -r '.benchmarks[] | select(.aggregate_name == "median")
           | "| \(.run_name) | \(.real_time | floor) \(.time_unit) | \(.cpu_time | floor) \(.time_unit) | \(.iterations) |"' "$f"
  done
}

noise_check() {
  # coefficient of variation above 5% means the numbers are not trustworthy
  local exe f
  for exe in "$@"; do
    f="$RUN_DIR/$exe.json"
    [[ -f $f ]] || continue
    jq -r '.benchmarks[] | select(.aggregate_name == "cv" and .real_time > 0.05)
           | "noisy: \(.run_name) cv=\((.real_time * 100) | floor)%"' "$f"
  done
}

main() {
  mkdir -p -- "$RUN_DIR"
  environment_report
  local exe regressions=""
  mapfile -t exes < <(executables)
  (( ${#exes[@]} )) || quit "no benchmark executables found"
  for exe in "${exes[@]}"; do
    [[ -x $BIN_DIR/$exe ]] || quit "$exe not built"
    run_one "$exe"
  done

  if $UPDATE; then
    mkdir -p -- "$BASE_DIR"
    for exe in "${exes[@]}"; do
      cp -- "$RUN_DIR/$exe.json" "$BASE_DIR/$exe.json"
    done
    out "baseline updated in ${BASE_DIR#"$TOP"/} - commit it with the change that justifies it"
    return 0
  fi

  for exe in "${exes[@]}"; do
    out "== $exe"
    regressions+=$(compare_one "$exe")
  done

  markdown_table "${exes[@]}" >"$RUN_DIR/summary.md"
  noise_check "${exes[@]}" >&2 || true

  # keep the last 15 runs
  ls -1d "$BIN_DIR"/runs/*/ 2>/dev/null | sort | head -n -15 | xargs -r rm -rf --

  out "results: ${RUN_DIR#"$TOP"/}"
  if [[ -n $regressions ]]; then
    printf '%s\n' "$regressions" >&2
    exit 1
  fi
}

main
