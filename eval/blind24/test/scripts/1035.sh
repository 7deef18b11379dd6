#!/usr/bin/env bash
# hunt-flakes.sh -- run Go tests many times to find flaky ones.
#
#   scripts/hunt-flakes.sh ./internal/...                  # 20 runs of everything
#   scripts/hunt-flakes.sh -n 100 -r 'TestScheduler' ./pkg/scheduler
#   scripts/hunt-flakes.sh --race --shuffle ./...
#
# Each iteration uses -count=1 (no cache) and go test -json; results are
# aggregated per test into reports/flakes/<timestamp>/summary.tsv. A test that
# both passed and failed is flaky. Only our own `go test` children are
# stopped on Ctrl-C.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
RUNS=20
RUN_RE=""
RACE=0
SHUFFLE=0
TIMEOUT="10m"
PKGS=()
OUT="$ROOT/reports/flakes/$(date +%Y%m%d-%H%M%S)"
CHILD=""

die() { printf 'hunt-flakes: %s\n' "$*" >&2; exit 2; }

while (($#)); do
  case "$1" in
    -n) RUNS="$2"; shift ;;
    -r|--run) RUN_RE="$2"; shift ;;
    --race) RACE=1 ;;
    --shuffle) SHUFFLE=1 ;;
    --timeout) TIMEOUT="$2"; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) PKGS+=("$1") ;;
  esac
  shift
done
((${#PKGS[@]})) || PKGS=(./...)
[[ "$RUNS" =~ ^[0-9]+$ ]] && ((RUNS > 0)) || die "-n must be a positive number"
command -v go >/dev/null || die "go not installed"
command -v jq >/dev/null || die "jq not installed"

on_int() {
  printf '\ninterrupted after %s run(s)\n' "${i:-0}" >&2
  [[ -n "$CHILD" ]] && kill "$CHILD" 2>/dev/null
  summarize
  exit 130
}
trap on_int INT TERM

mkdir -p "$OUT"
args=(test -json -count=1 -timeout "$TIMEOUT")
((RACE)) && args+=(-race)
[[ -n "$RUN_RE" ]] && args+=(-run "$RUN_RE")

printf 'go %s %s\n' "${args[*]}" "${PKGS[*]}" >"$OUT/command.txt"
printf 'hunting flakes: %d runs, output in %s\n' "$RUNS" "${OUT#"$ROOT"/}" >&2

declare -A PASSES=()
declare -A FAILS=()

record_run() {
  local file="$1" key action
  while IFS=$'\t' read -r action key; do
    case "$action" in
      pass) PASSES[$key]=$(( ${PASSES[$key]:-0} + 1 )) ;;
      fail) FAILS[$key]=$(( ${FAILS[$key]:-0} + 1 )) ;;
    esac
  done < <(jq -r 'select(.Test != null and (.Action == "pass" or .Action == "fail")) | "\(.Action)\t\(.Package).\(.Test)"' "$file")
}

summarize() {
  local key p f flaky=0 broken=0
  {
    printf 'test\tpass\tfail\tverdict\n'
    for key in "${!PASSES[@]}" "${!FAILS[@]}"; do
      printf '%s\n' "$key"
    done | sort -u | while read -r key; do
      p=${PASSES[$key]:-0}
      f=${FAILS[$key]:-0}
      if ((f > 0 && p > 0)); then
        printf '%s\t%d\t%d\tFLAKY\n' "$key" "$p" "$f"
      elif ((f > 0)); then
        printf '%s\t%d\t%d\tbroken\n' "$key" "$p" "$f"
      fi
    done
  } >"$OUT/summary.tsv"
  flaky=$(grep -c 'FLAKY$' "$OUT/summary.tsv" || true)
  broken=$(grep -c 'broken$' "$OUT/summary.tsv" || true)
  printf '\n%s flaky, %s always failing (of %s tests seen)\n' "$flaky" "$broken" \
    "$(printf '%s\n' "${!PASSES[@]}" "${!FAILS[@]}" | sort -u | grep -c .)"
  if ((flaky + broken > 0)); then
    column -t -s $'\t' "$OUT/summary.tsv"
  fi
}

failing_output() {
  # keep the output of failing tests only, for the report
  local file="$1" n="$2"
  jq -r 'select(.Action == "output" and .Test != null) | "\(.Test)\t\(.Output)"' "$file" \
    | awk -F'\t' 'NR==FNR { next } 1' /dev/null - >"$OUT/run-$n.output.tsv"
  if ! jq -e 'select(.Action == "fail")' "$file" >/dev/null 2>&1; then
    rm -f -- "$OUT/run-$n.output.tsv"
  fi
}

preflight() {
  # a build error would look like every test failing; check compile first
  if ! go vet "${PKGS[@]}" >"$OUT/vet.txt" 2>&1; then
    printf 'go vet failed; fix build problems first (see %s)\n' "${OUT#"$ROOT"/}/vet.txt" >&2
    exit 2
  fi
  rm -f -- "$OUT/vet.txt"
}

machine_info() {
  {
    printf 'go: %s\n' "$(go version)"
    printf 'cpus: %s\n' "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')"
    printf 'GOMAXPROCS: %s\n' "${GOMAXPROCS:-default}"
    printf 'commit: %s\n' "$(git rev-parse --short HEAD)"
    printf 'dirty: %s\n' "$([[ -n "$(git status --porcelain)" ]] && echo yes || echo no)"
  } >"$OUT/machine.txt"
}

prune_old_reports() {
  # keep the 10 newest report dirs under reports/flakes only
  local base="$ROOT/reports/flakes" old
  mapfile -t old < <(ls -1d "$base"/2* 2>/dev/null | sort | head -n -10)
  for d in "${old[@]}"; do
    [[ "$d" == "$base"/2* ]] && rm -rf -- "$d"
  done
}

eta() {
  local done_runs="$1" elapsed="$2"
  ((done_runs > 0)) || return 0
  local per=$((elapsed / done_runs))
  printf ' [~%ss left]' $(( per * (RUNS - done_runs) ))
}

preflight
machine_info
prune_old_reports
started=$SECONDS

for ((i = 1; i <= RUNS; i++)); do
  if ((i % 10 == 0)); then
    eta "$i" $((SECONDS - started)) >&2
  fi
  run_args=("${args[@]}")
  ((SHUFFLE)) && run_args+=(-shuffle=on)
  json="$OUT/run-$i.json"
  go "${run_args[@]}" "${PKGS[@]}" >"$json" 2>"$OUT/run-$i.stderr" &
  CHILD=$!
  wait "$CHILD"
  rc=$?
  CHILD=""
  record_run "$json"
  failing_output "$json" "$i"
  if ((rc == 0)); then
    rm -f -- "$json" "$OUT/run-$i.stderr"
    printf '.' >&2
  else
    printf 'F' >&2
  fi
done
printf '\n' >&2

summarize

printf 'took %ss for %d runs\n' "$((SECONDS - started))" "$RUNS" >&2
printf 'machine info: %s\n' "${OUT#"$ROOT"/}/machine.txt" >&2

if grep -q 'FLAKY$' "$OUT/summary.tsv"; then
  printf '\nreproduce one with: go test -count=200 -run "^TestName$" <pkg>\n'
  exit 1
fi
