#!/usr/bin/env bash
# Run the CLI integration tests against a scratch copy of the fixtures.
# Creates a mktemp -d workspace, copies fixtures in, runs the suite and
# removes the workspace in an EXIT trap, whatever happens.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: run-cli-tests.sh [-k PATTERN] [-j JOBS] [-K] [-v]
  -k PATTERN  only run tests whose name matches PATTERN
  -j JOBS     parallel jobs (default 4)
  -K          keep the scratch directory for inspection
  -v          verbose output
USAGE
}

pattern=""
jobs=4
keep=0
verbose=0
while getopts ":k:j:Kvh" opt; do
  case "$opt" in
    k) pattern="$OPTARG" ;;
    j) jobs="$OPTARG" ;;
    K) keep=1 ;;
    v) verbose=1 ;;
    h) usage; exit 0 ;;
    :) echo "option -$OPTARG needs a value" >&2; usage >&2; exit 2 ;;
    \?) echo "unknown option -$OPTARG" >&2; usage >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

repo_root=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cli-tests.XXXXXX")

cleanup() {
  local rc=$?
  if [[ $keep -eq 1 ]]; then
    echo "kept scratch dir: $scratch"
  elif [[ -n "$scratch" && "$scratch" == "${TMPDIR:-/tmp}"/cli-tests.* ]]; then
    rm -rf -- "$scratch"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

cp -R "$repo_root/tests/fixtures/." "$scratch/"
export ACME_HOME="$scratch/home"
mkdir -p "$ACME_HOME"

log() { [[ $verbose -eq 1 ]] && echo "[cli-tests] $*" >&2 || true; }

mapfile -t cases < <(find "$repo_root/tests/cli" -name 'test_*.sh' | sort)
if [[ -n "$pattern" ]]; then
  filtered=()
  for c in "${cases[@]}"; do
    [[ "$(basename "$c")" == *"$pattern"* ]] && filtered+=("$c")
  done
  cases=("${filtered[@]}")
fi
log "running ${#cases[@]} case(s) with $jobs job(s) in $scratch"

results="$scratch/results"
mkdir -p "$results"
run_case() {
  local case_file=$1 name
  name=$(basename "$case_file" .sh)
  if (cd "$scratch" && bash "$case_file") >"$results/$name.log" 2>&1; then
    echo "PASS $name"
  else
    echo "FAIL $name"
  fi
}
export -f run_case
export scratch results

printf '%s\n' "${cases[@]}" | xargs -r -P "$jobs" -I{} bash -c 'run_case "$@"' _ {} | sort > "$results/summary"

failed=$(grep -c '^FAIL' "$results/summary" || true)
cat "$results/summary"
if [[ $failed -gt 0 ]]; then
  for f in $(grep '^FAIL' "$results/summary" | cut -d' ' -f2); do
    echo "---- $f ----"
    tail -n 20 "$results/$f.log"
  done
  exit 1
fi
echo "all ${#cases[@]} CLI tests passed"
