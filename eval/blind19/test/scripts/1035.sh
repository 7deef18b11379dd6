#!/usr/bin/env bash
# tools/check.sh - the one command to run before pushing in the monorepo.
#
# Python lives under Pants, the Rust/C++ services under Buck2. This runs,
# for whatever changed since origin/main (or everything with --all):
#   pants fmt lint check test     for Python targets
#   buck2 build + test            for Buck2 targets
# and prints a compact summary. --clean removes this workspace's build
# state first (.pants.d, dist/, buck-out via `buck2 clean`); --kill-daemons
# stops the pantsd and buck2 daemons that belong to THIS checkout.
set -uo pipefail

REPO="$(git rev-parse --show-toplevel)"
cd "$REPO"

BASE="${BASE:-origin/main}"
REPORT_DIR="$REPO/dist/check"
ALL=0
CLEAN=0
KILL=0
declare -A RESULT=()

info() { printf '\033[36m[check]\033[0m %s\n' "$*"; }
fatal() { printf '\033[31m[check]\033[0m %s\n' "$*" >&2; exit 2; }

parse() {
  while (($#)); do
    case "$1" in
      --all) ALL=1 ;;
      --clean) CLEAN=1 ;;
      --kill-daemons) KILL=1 ;;
      --base) BASE="$2"; shift ;;
      -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
      *) fatal "unknown option $1" ;;
    esac
    shift
  done
}

record() {
  RESULT["$1"]="$2"
}

run_step() {
  local name="$1"; shift
  local log="$REPORT_DIR/${name// /_}.log"
  info "$name"
  if "$@" >"$log" 2>&1; then
    record "$name" ok
  else
    record "$name" FAIL
    tail -n 25 "$log" | sed 's/^/    /'
  fi
}

kill_own_daemons() {
  # pantsd writes its pid under .pants.d/pids; buck2 has its own kill verb
  local pidfile pid
  for pidfile in "$REPO"/.pants.d/pids/*/pantsd/pid; do
    [[ -f "$pidfile" ]] || continue
    pid="$(cat "$pidfile")"
    if kill -0 "$pid" 2>/dev/null; then
      info "stopping pantsd $pid"
      kill "$pid" || true
    fi
  done
  buck2 kill >/dev/null 2>&1 || true
}

clean_state() {
  info "cleaning workspace build state"
  buck2 clean >/dev/null 2>&1 || true
  rm -rf "$REPO/.pants.d" "$REPO/dist"
}

changed_files() {
  git fetch -q origin "${BASE#origin/}" 2>/dev/null || true
  git diff --name-only "$(git merge-base HEAD "$BASE")" -- . ; git diff --name-only
}

python_changed() {
  ((ALL)) && return 0
  changed_files | grep -qE '\.(py|pyi)$|(^|/)BUILD$|pants\.toml|requirements'
}

buck_changed() {
  ((ALL)) && return 0
  changed_files | grep -qE '\.(rs|cpp|cc|h|hpp)$|(^|/)(BUCK|TARGETS)$|\.buckconfig'
}

pants_scope() {
  if ((ALL)); then
    echo "::"
  else
    echo "--changed-since=$BASE --changed-dependents=transitive"
  fi
}

buck_targets() {
  if ((ALL)); then
    echo "//..."
    return
  fi
  local f pkg
  changed_files | grep -E '\.(rs|cpp|cc|h|hpp)$' | while read -r f; do
    pkg="$(dirname "$f")"
    while [[ "$pkg" != "." && ! -f "$pkg/BUCK" ]]; do pkg="$(dirname "$pkg")"; done
    [[ -f "$pkg/BUCK" ]] && echo "//$pkg/..."
  done | sort -u
}

python_steps() {
  local scope
  scope="$(pants_scope)"
  # shellcheck disable=SC2086
  run_step "pants fmt" pants fmt $scope
  # shellcheck disable=SC2086
  run_step "pants lint" pants lint $scope
  # shellcheck disable=SC2086
  run_step "pants check" pants check $scope
  # shellcheck disable=SC2086
  run_step "pants test" pants test $scope
}

buck_steps() {
  local -a targets
  mapfile -t targets < <(buck_targets)
  if ((${#targets[@]} == 0)); then
    record "buck2" skipped
    return
  fi
  run_step "buck2 build" buck2 build "${targets[@]}"
  run_step "buck2 test" buck2 test "${targets[@]}"
}

fmt_left_changes() {
  # pants fmt rewrites files; tell the user instead of silently committing them
  if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
    info "formatters changed files:"
    git status --short | sed 's/^/    /'
  fi
}

# Lockfile drift is the most common CI-only failure; check it locally too.
lockfiles_fresh() {
  if git diff --name-only "$(git merge-base HEAD "$BASE")" -- 3rdparty/python | grep -q requirements; then
    run_step "pants lockfiles" pants generate-lockfiles --resolve=python-default
  fi
}

summary() {
  local name failed=0
  echo
  for name in "${!RESULT[@]}"; do
    printf '  %-14s %s\n' "$name" "${RESULT[$name]}"
    [[ "${RESULT[$name]}" == FAIL ]] && failed=$((failed + 1))
  done | sort
  for name in "${!RESULT[@]}"; do
    [[ "${RESULT[$name]}" == FAIL ]] && failed=$((failed + 1))
  done
  echo
  info "logs in ${REPORT_DIR#$REPO/}"
  return "$failed"
}

main() {
  parse "$@"
  command -v pants >/dev/null || fatal "pants not installed (curl the official installer once, see docs/setup.md)"
  command -v buck2 >/dev/null || fatal "buck2 not installed"
  ((KILL)) && kill_own_daemons
  ((CLEAN)) && clean_state
  mkdir -p "$REPORT_DIR"
  if python_changed; then lockfiles_fresh; python_steps; else record "pants" skipped; fi
  if buck_changed; then buck_steps; else record "buck2" skipped; fi
  fmt_left_changes
  summary
  local failed=$?
  ((failed == 0)) || exit 1
}

main "$@"
