#!/usr/bin/env bash
# mutation.sh -- run mutation testing on the files changed in this branch.
#
# Python packages use mutmut, TypeScript packages use Stryker, Rust crates
# use cargo-mutants. Results go to reports/mutation/<date>/ and a one-line
# score per package is printed. Old report directories beyond --keep are
# deleted (reports/mutation only).
#
#   scripts/mutation.sh                     # changed files vs origin/main
#   scripts/mutation.sh --base HEAD~3
#   scripts/mutation.sh --all --timeout 1800
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
BASE="origin/main"
ALL=0
KEEP=5
TIMEOUT=900
REPORT_ROOT="$ROOT/reports/mutation"
RUN_DIR="$REPORT_ROOT/$(date +%Y%m%d-%H%M%S)"
declare -A SCORES=()

log() { printf '[mutation] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

while (($#)); do
  case "$1" in
    --base) BASE="$2"; shift 2 ;;
    --all) ALL=1; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    --timeout) TIMEOUT="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done

[[ "$KEEP" =~ ^[0-9]+$ ]] || die "--keep needs a number"
[[ "$TIMEOUT" =~ ^[0-9]+$ ]] || die "--timeout needs seconds"

changed_files() {
  if ((ALL)); then
    git ls-files
  else
    git fetch --quiet origin "${BASE#origin/}" 2>/dev/null || true
    git diff --name-only --diff-filter=AM "$BASE"...HEAD
  fi
}

mapfile -t FILES < <(changed_files)
((${#FILES[@]})) || { log "no changed files vs $BASE"; exit 0; }

py_files=()
ts_files=()
rs_files=()
for f in "${FILES[@]}"; do
  case "$f" in
    tests/*|*/tests/*|*_test.py|test_*.py|*.spec.ts|*.test.ts) continue ;;
    *.py) py_files+=("$f") ;;
    *.ts) ts_files+=("$f") ;;
    *.rs) rs_files+=("$f") ;;
  esac
done

mkdir -p "$RUN_DIR"

run_with_timeout() {
  if command -v timeout >/dev/null; then
    timeout --signal=INT "$TIMEOUT" "$@"
  else
    "$@"
  fi
}

run_mutmut() {
  ((${#py_files[@]})) || return 0
  command -v mutmut >/dev/null || { log "mutmut not installed (pipx install mutmut)"; return 0; }
  local paths
  paths="$(IFS=,; echo "${py_files[*]}")"
  log "mutmut on ${#py_files[@]} file(s)"
  rm -f .mutmut-cache
  run_with_timeout mutmut run --paths-to-mutate "$paths" --no-progress >"$RUN_DIR/mutmut.log" 2>&1 || true
  mutmut results >"$RUN_DIR/mutmut-results.txt" 2>&1 || true
  mutmut junitxml >"$RUN_DIR/mutmut.xml" 2>/dev/null || true
  local killed survived
  killed=$(grep -c 'killed' "$RUN_DIR/mutmut.log" || true)
  survived=$(grep -cE '^[0-9]+' "$RUN_DIR/mutmut-results.txt" || true)
  SCORES[python]="killed=$killed survived=$survived"
}

run_stryker() {
  ((${#ts_files[@]})) || return 0
  [[ -f package.json ]] || return 0
  if ! npx --no-install stryker --version >/dev/null 2>&1; then
    log "stryker not installed (npm i -D @stryker-mutator/core)"
    return 0
  fi
  local mutate
  mutate="$(IFS=,; echo "${ts_files[*]}")"
  log "stryker on ${#ts_files[@]} file(s)"
  run_with_timeout npx --no-install stryker run \
    --mutate "$mutate" \
    --reporters json,clear-text \
    --jsonReporter.fileName "$RUN_DIR/stryker.json" \
    --concurrency "$(nproc 2>/dev/null || echo 2)" >"$RUN_DIR/stryker.log" 2>&1 || true
  if [[ -f "$RUN_DIR/stryker.json" ]] && command -v jq >/dev/null; then
    SCORES[typescript]="$(jq -r '[.files[].mutants[].status] | group_by(.) | map("\(.[0])=\(length)") | join(" ")' "$RUN_DIR/stryker.json")"
  else
    SCORES[typescript]="see stryker.log"
  fi
}

run_cargo_mutants() {
  ((${#rs_files[@]})) || return 0
  command -v cargo-mutants >/dev/null || { log "cargo-mutants missing (cargo install --locked cargo-mutants)"; return 0; }
  local args=() f
  for f in "${rs_files[@]}"; do
    args+=(--file "$f")
  done
  log "cargo mutants on ${#rs_files[@]} file(s)"
  run_with_timeout cargo mutants "${args[@]}" --output "$RUN_DIR" --no-shuffle >"$RUN_DIR/cargo-mutants.log" 2>&1 || true
  local caught missed
  caught=$(wc -l <"$RUN_DIR/mutants.out/caught.txt" 2>/dev/null || echo 0)
  missed=$(wc -l <"$RUN_DIR/mutants.out/missed.txt" 2>/dev/null || echo 0)
  SCORES[rust]="caught=$caught missed=$missed"
}

prune_reports() {
  local dirs d
  mapfile -t dirs < <(find "$REPORT_ROOT" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort)
  local excess=$(( ${#dirs[@]} - KEEP ))
  ((excess > 0)) || return 0
  for d in "${dirs[@]:0:excess}"; do
    [[ "$d" == "$REPORT_ROOT"/20* ]] || continue
    rm -rf -- "$d"
    log "removed old report ${d#"$ROOT"/}"
  done
}

preflight() {
  # mutation runs are slow; make sure the plain test suites pass first,
  # otherwise every mutant looks "killed"
  local failed=0
  if ((${#py_files[@]})) && command -v pytest >/dev/null; then
    log "preflight: pytest -x -q"
    pytest -x -q >"$RUN_DIR/preflight-python.log" 2>&1 || failed=1
  fi
  if ((${#ts_files[@]})) && [[ -f package.json ]]; then
    log "preflight: npm test"
    CI=1 npm test --silent >"$RUN_DIR/preflight-ts.log" 2>&1 || failed=1
  fi
  if ((${#rs_files[@]})) && command -v cargo >/dev/null; then
    log "preflight: cargo test"
    cargo test --quiet >"$RUN_DIR/preflight-rust.log" 2>&1 || failed=1
  fi
  if ((failed)); then
    log "baseline tests fail; see $RUN_DIR/preflight-*.log"
    return 1
  fi
}

restore_worktree() {
  # mutmut and cargo-mutants restore sources themselves; double-check nothing
  # mutated was left behind after an interrupted run
  if ! git diff --quiet -- "${py_files[@]}" "${rs_files[@]}" 2>/dev/null; then
    log "sources differ from HEAD after the run:"
    git diff --stat -- "${py_files[@]}" "${rs_files[@]}" >&2
    log "inspect with git diff; nothing was reverted automatically"
  fi
}

preflight || die "fix the failing tests before mutation testing"
run_mutmut
run_stryker
run_cargo_mutants
restore_worktree

{
  printf '# Mutation testing %s\n\nbase: %s\n\n' "$(date -u +%F)" "$BASE"
  for lang in "${!SCORES[@]}"; do
    printf -- '- %s: %s\n' "$lang" "${SCORES[$lang]}"
  done
} >"$RUN_DIR/SUMMARY.md"

cat "$RUN_DIR/SUMMARY.md"
prune_reports
log "reports in ${RUN_DIR#"$ROOT"/}"
